import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { DataDirLockedError, openDatabase } from '../src/db/client';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_SALT).toBe('dealer-portal');
    expect(config.LATEST_CLIENT_VERSION).toBe('0.4.6');
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_TTL: '-5' })).toThrow(/SESSION_TTL/);
  });

  it('stops the server process at start with the message', () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 200_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration/);
    expect(run.stderr).toMatch(/PORT/);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database', () => {
  const openInAnotherProcess = (dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'test/db/fixtures/open-data-dir.ts', dataDir], {
      cwd: path.resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
      timeout: 200_000,
    });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    try {
      const first = await openDatabase({ dataDir });
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      const second = openInAnotherProcess(dataDir);
      expect(second.status).toBe(3);
      expect(second.stderr).toMatch(/in use by another portal process/);
      await first.close();
      // Once the first has closed, the directory opens again with its data.
      const third = openInAnotherProcess(dataDir);
      expect(third.stdout).toMatch(/opened/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
