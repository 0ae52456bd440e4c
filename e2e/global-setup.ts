/**
 * Builds the web app into a scratch folder, starts the real server on a free port with a fresh embedded database
 * and the demo data, and tells the tests where it is (E2E_BASE_URL). Tears it all down at the end.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const E2E_INTEGRATION_KEY = 'e2e-integration-key-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export default async function globalSetup() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const webDist = path.join(scratch, 'web');
  execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });

  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '600',
      INTEGRATION_API_KEY: E2E_INTEGRATION_KEY,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The portal server exited with code ${server.exitCode} during start-up.`);
    try {
      const response = await fetch(`${baseUrl}/api/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The portal server did not start within 120 s.');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_INTEGRATION_KEY = E2E_INTEGRATION_KEY;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(scratch, { recursive: true, force: true });
  };
}
