/**
 * A full or read-only disk: uploads answer 507 or 503 in Russian and leave no file behind; starting on a data folder
 * that cannot be written stops with a message naming the folder, without a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { AppError } from '../../src/lib/errors';
import { DiskStorage, type DiskWriter } from '../../src/lib/storage';
import { postMultipart } from '../support/logistics-orders';
import { signInAs } from '../support/helper';

const folders: string[] = [];
const scratch = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Every file under a folder, however deep. */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

const failure = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/** The real file system, except that a write (under `folder`, if given) stops half-way with `code`, as a full disk does. */
function diskFailingWith(code: string, folder = ''): DiskWriter {
  const real = new DiskStorage('/unused') as unknown as { io: DiskWriter };
  return {
    ...real.io,
    writeFile: async (file, bytes) => {
      if (!file.includes(folder)) return real.io.writeFile(file, bytes);
      await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
      throw failure(code);
    },
  };
}

describe('disk storage', () => {
  it('answers 507 on a full disk and leaves no partial file', async () => {
    const root = scratch('portal-full-');
    const storage = new DiskStorage(root, diskFailingWith('ENOSPC'));
    const error = await storage.put('claims/2026/a.pdf', Buffer.alloc(262_144, 1)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(507);
    expect((error as AppError).message).toMatch(/закончилось место/);
    expect(filesUnder(root)).toEqual([]);
  });

  it('answers 503 on a read-only disk and leaves no partial file', async () => {
    const root = scratch('portal-ro-');
    const storage = new DiskStorage(root, diskFailingWith('EROFS'));
    const error = await storage.put('avatars/2026/a.png', Buffer.alloc(1000, 1)).catch((caught: unknown) => caught);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toMatch(/недоступно для записи/);
    expect(filesUnder(root)).toEqual([]);
  });

  it('writes a whole file under its key, nothing else', async () => {
    const root = scratch('portal-ok-');
    const storage = new DiskStorage(root);
    await storage.put('claims/2026/b.pdf', Buffer.from('%PDF-1.4'));
    expect(filesUnder(root)).toEqual([path.join(root, 'claims/2026/b.pdf')]);
    expect((await storage.get('claims/2026/b.pdf'))?.toString()).toBe('%PDF-1.4');
  });

  it('an upload on a full disk answers 507 in Russian, and neither a file nor a row is kept', async () => {
    const root = scratch('portal-full-app-');
    const logos = path.join(root, 'proposal-logos');
    const config = testConfig({ DATABASE_URL: '', SEED_PRODUCTS: '0' });
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    const app = await buildApp(config, { database, storage: new DiskStorage(root, diskFailingWith('ENOSPC', logos)) });
    try {
      await app.ready();
      const demo = await signInAs(app, 'demo');
      const logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } }).png().toBuffer();
      const response = await postMultipart(app, '/api/services/proposal/logo/add', demo, {}, [{ field: 'file', name: 'logo.png', bytes: logo, type: 'image/png' }]);
      expect(response.statusCode).toBe(507);
      expect(response.json().error).toEqual({ code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/^На сервере закончилось место/) });
      // The demo catalogue's pictures were written at seeding; of the logo, nothing.
      expect(filesUnder(root).length).toBeGreaterThan(0);
      expect(filesUnder(root).filter((file) => file.startsWith(logos))).toEqual([]);
      const list = await app.inject({ url: '/api/services/proposal/logo/list', headers: demo });
      expect(list.json().response).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('start-up on a data folder that cannot be written', () => {
  it('exits non-zero with a message naming the folder and what to do, without a stack trace', () => {
    const parent = scratch('portal-datadir-');
    const blocker = path.join(parent, 'not-a-folder');
    writeFileSync(blocker, 'a file where the data folder should be');
    const dataDir = path.join(blocker, 'data');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The data folder ${dataDir} cannot be written (ENOTDIR`);
    expect(run.stderr).toMatch(/point DATA_DIR to a writable folder/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
