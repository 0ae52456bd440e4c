// `npm test`: install what is missing, type check and lint, then the unit + component + server tests and the
// end-to-end journeys in Chromium side by side (the journeys skipped only with SKIP_E2E=1). Side by side because the
// journeys spend much of their time waiting on a browser and a server, which leaves a core to the Vitest files; one
// after the other, a 2-core machine took some 12 + 15 minutes. The end-to-end output is printed line by line with an
// «e2e │» prefix. Fails if any stage fails; type check and lint stop the run before the tests start.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execSync('node scripts/ensure-deps.mjs', { cwd: root, stdio: 'inherit' });

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
}

const seconds = (started) => Math.round((Date.now() - started) / 1000);

for (const [name, command] of [
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
]) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const run = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true });
  if (run.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${run.status}).`);
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds(started)} s)`);
}

/** Runs a stage in the background; `prefix` marks each line of its output. Resolves with its exit status. */
function runStage(name, command, prefix) {
  console.log(`\n▶ ${name}: ${command}`);
  const started = Date.now();
  const child = spawn(command, { cwd: root, shell: true, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      console.log(status === 0 ? `✔ ${name} (${seconds(started)} s)` : `\n✖ ${name} failed (exit ${code ?? signal}, ${seconds(started)} s).`);
      resolve(status);
    });
  });
}

const stages = [runStage('unit, component and server tests', 'npx vitest run')];
if (!skipE2e) stages.push(runStage('end-to-end (Chromium)', 'npx playwright test -c e2e/playwright.config.ts', 'e2e │ '));
const statuses = await Promise.all(stages);
if (skipE2e) console.log('\nEnd-to-end tests skipped (SKIP_E2E=1).');
process.exit(statuses.find((status) => status !== 0) ?? 0);
