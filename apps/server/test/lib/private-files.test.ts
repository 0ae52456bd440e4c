/**
 * The data folder, its database files, uploads, backups and restored copies are the owner's only — even when the
 * process starts with the usual 022 umask — and a folder left open is repaired at start with a message.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRepair, makeDataDirPrivate } from '../../src/lib/private-files';
import { backupCommand } from '../../src/modules/operations/commands';
import { restoreBackup } from '../../src/modules/operations/restore';
import { removeFolders, scratchFolder, startEmbeddedPortal } from '../modules/operations/fixtures';

/** Every file and folder under `root` whose mode gives anything to the group or to others, with that mode. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stats = statSync(target);
    if ((stats.mode & 0o077) !== 0) found.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(root);
  return found;
}

function countFiles(root: string): number {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe('a folder left open to other users', () => {
  let folder: string;
  afterAll(() => removeFolders(folder));

  it('is made private at start, and the repair is reported', async () => {
    folder = scratchFolder('open');
    mkdirSync(path.join(folder, 'base/1'), { recursive: true });
    writeFileSync(path.join(folder, 'base/1/1259'), 'pages');
    writeFileSync(path.join(folder, 'PG_VERSION'), '18');
    chmodSync(path.join(folder, 'base/1/1259'), 0o666);
    chmodSync(path.join(folder, 'PG_VERSION'), 0o644);
    chmodSync(path.join(folder, 'base/1'), 0o755);
    chmodSync(path.join(folder, 'base'), 0o755);
    chmodSync(folder, 0o755);

    const repaired = await makeDataDirPrivate(folder);

    expect(openToOthers(folder)).toEqual([]);
    // The folder, base, base/1, and the two files: whatever umask the test process runs under, each was set open above.
    expect(repaired).toHaveLength(5);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, 'base/1/1259')).mode & 0o777).toBe(0o600);
    expect(describeRepair(folder, repaired)).toContain('made private');
    expect(await makeDataDirPrivate(folder)).toEqual([]);
  });
});

describe('files the portal writes, under a 022 umask', () => {
  let work: string;
  let dataDir: string;
  let app: FastifyInstance | undefined;
  let previousUmask: number;

  beforeAll(async () => {
    previousUmask = process.umask(0o022);
    work = scratchFolder('private');
    dataDir = path.join(work, 'data');
    app = await startEmbeddedPortal(dataDir);
  });

  afterAll(async () => {
    await app?.close();
    process.umask(previousUmask);
    await removeFolders(work);
  });

  it('keeps the database, the uploads, a backup and a restored copy to the owner', async () => {
    // After the seed: the engine's files (the WAL with the password hashes among them) and the demo pictures.
    expect(countFiles(dataDir)).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);

    await app!.storage.put('claims/2026/0123456789abcdef.png', Buffer.from('an uploaded photo'));
    expect(statSync(path.join(dataDir, 'files/claims/2026/0123456789abcdef.png')).mode & 0o777).toBe(0o600);

    // A backup without a file name lands in the folder the command ran from, private.
    const ranFrom = path.join(work, 'operator');
    mkdirSync(ranFrom);
    const said = await backupCommand(dataDir, undefined, ranFrom);
    const [backupName] = readdirSync(ranFrom);
    expect(backupName).toMatch(/^portal-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(said).toContain(path.join(ranFrom, backupName!));
    expect(statSync(path.join(ranFrom, backupName!)).mode & 0o777).toBe(0o600);

    const restored = path.join(work, 'restored');
    await restoreBackup(path.join(ranFrom, backupName!), restored);
    expect(countFiles(restored)).toBeGreaterThan(100);
    expect(openToOthers(restored)).toEqual([]);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
