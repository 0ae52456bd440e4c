import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signInHash } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))('graceful shutdown', () => {
  it('finishes the request in flight on SIGTERM, then closes the database and releases the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_PRODUCTS: '50' },
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (await fetch(`${base}/api/`).then((r) => r.ok, () => false)) break;
        if (i > 300) throw new Error('server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      // Sign-in verifies an argon2 hash (~100 ms): it is still running when the signal arrives.
      const timestamp = Date.now();
      const inFlight = fetch(`${base}/api/auth`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timestamp, hash: signInHash(timestamp, 'dealer-portal') }),
      });
      await new Promise((resolve) => setTimeout(resolve, 15));
      server.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).response.token).toBeTruthy();
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
