// `npm test`: install what is missing, then type check, lint, unit + component + server tests, and end-to-end in
// Chromium (skipped only with SKIP_E2E=1). Stops at the first failing stage.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execSync('node scripts/ensure-deps.mjs', { cwd: root, stdio: 'inherit' });

const stages = [
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['unit, component and server tests', 'npx vitest run'],
];

const skipE2e = process.env.SKIP_E2E === '1';
if (!skipE2e) {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(chrome)) {
    console.error(
      `\nEnd-to-end tests need Chromium at ${chrome} (or set CHROME_PATH).\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or skip the browser tests with:  SKIP_E2E=1 npm test\n',
    );
    process.exit(1);
  }
  stages.push(['end-to-end (Chromium)', 'npx playwright test -c e2e/playwright.config.ts']);
}

for (const [name, command] of stages) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const run = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true });
  if (run.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${run.status}).`);
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
if (skipE2e) console.log('\nEnd-to-end tests skipped (SKIP_E2E=1).');
