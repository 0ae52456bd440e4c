/**
 * Online backups of the embedded database and the uploaded files.
 *
 * The point in time of a backup is the moment the database is held (Database.whileHeld): no transaction is open then,
 * so every order is either committed — wholly in the backup — or not started — wholly out of it. While held, the
 * database's files are copied to a staging folder inside DATA_DIR (a copy-on-write clone where the file system offers
 * one, several files at a time) and the uploaded files are hard-linked beside them, so an upload deleted a moment later is still in the backup.
 * The portal goes on serving: statements wait for that copy only, not for the compression and the writing of the
 * backup, which read the staging folder afterwards.
 *
 * The backup is one .tar.gz: `manifest.json` first (portal version, schema migration, rows per table, the size and
 * SHA-256 of every other entry), then `database/…` (the engine's data directory) and `files/…` (the uploads).
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Database } from '../../db/client';
import { portalVersion, readSchemaState, tableRowCounts, type SchemaState } from './schema-version';
import { writeTarGz, type TarEntry } from './tar';

export const BACKUP_FORMAT = 'dealer-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  portalVersion: string;
  /** The point in time: when the database was held. Every transaction committed before is in the backup, none after. */
  pointInTime: string;
  schema: SchemaState;
  /** Rows per table at the point in time. */
  tables: Record<string, number>;
  /** Every other file of the backup. */
  entries: Array<{ path: string; bytes: number; sha256: string }>;
  /** Every folder of the backup, empty ones included. */
  directories: string[];
}

/** What in DATA_DIR is the database engine's; the rest is the portal's (files/, the lock, the operator socket). */
const DATABASE_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+|pg_hba\.conf|pg_ident\.conf|postgresql(\.auto)?\.conf|postmaster\.opts)$/;
const STAGING_PREFIX = '.backup-';

export function isDatabaseEntry(name: string): boolean {
  return DATABASE_ENTRY.test(name);
}

/** A copy of DATA_DIR taken at one point in time, waiting to be written as a backup. */
export interface Snapshot {
  folder: string;
  pointInTime: Date;
  schema: SchemaState;
  tables: Record<string, number>;
  /** How long the database was held. */
  heldMs: number;
}

/** Takes the snapshot of a persisted embedded database (whose DATA_DIR is `dataDir`). */
export async function takeSnapshot(database: Database, dataDir: string): Promise<Snapshot> {
  if (!database.whileHeld) throw new Error('Резервную копию этой командой можно сделать только со встроенной базы (PGlite) в DATA_DIR.');
  const folder = path.join(dataDir, `${STAGING_PREFIX}${randomBytes(8).toString('hex')}`);
  await mkdir(path.join(folder, 'database'), { recursive: true });
  try {
    const started = performance.now();
    const held = await database.whileHeld(async (query) => {
      const pointInTime = new Date();
      const schema = await readSchemaState(query);
      const tables = await tableRowCounts(query);
      // The engine's files do not change while it is held: their copy is that committed state.
      for (const name of await readdir(dataDir, { withFileTypes: true })) {
        if (!isDatabaseEntry(name.name)) continue;
        const [source, target] = [path.join(dataDir, name.name), path.join(folder, 'database', name.name)];
        if (name.isDirectory()) await cloneTree(source, target, 'copy');
        else await copyFile(source, target, constants.COPYFILE_FICLONE);
      }
      // Uploads are never changed in place, only added and deleted: a link keeps one deleted after this moment.
      await cloneTree(path.join(dataDir, 'files'), path.join(folder, 'files'), 'link');
      return { pointInTime, schema, tables };
    });
    return { folder, ...held, heldMs: Math.round(performance.now() - started) };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Files copied or linked at once: each is a call on libuv's thread pool, and most database files are small. */
const PARALLEL_FILES = 8;

/**
 * Every file under `from` again under `to`: copies (a copy-on-write clone where the file system offers one), or hard
 * links (a copy where linking is refused). A missing `from` is an empty tree.
 */
async function cloneTree(from: string, to: string, how: 'copy' | 'link'): Promise<void> {
  const files: Array<[string, string]> = [];
  const walk = async (source: string, target: string) => {
    const entries = await readdir(source, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    await mkdir(target, { recursive: true });
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(path.join(source, entry.name), path.join(target, entry.name));
      else if (entry.isFile()) files.push([path.join(source, entry.name), path.join(target, entry.name)]);
    }
  };
  await walk(from, to);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const [source, target] = files[next++]!;
      if (how === 'copy') await copyFile(source, target, constants.COPYFILE_FICLONE);
      else await link(source, target).catch(() => copyFile(source, target));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FILES }, worker));
}

/** Leftovers of a backup interrupted by a crash (only the lock holder stages backups, so none is in progress). */
export async function removeStaleSnapshots(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(STAGING_PREFIX)).map((name) => rm(path.join(dataDir, name), { recursive: true, force: true })));
}

/** Writes the snapshot as one backup file to `out`, then removes the snapshot (also when writing fails). */
export async function writeBackup(snapshot: Snapshot, out: Writable): Promise<BackupManifest> {
  try {
    const { files, directories } = await listTree(snapshot.folder);
    const entries: BackupManifest['entries'] = [];
    for (const file of files) entries.push({ path: file.path, bytes: file.bytes, sha256: await sha256Of(path.join(snapshot.folder, file.path)) });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      portalVersion: portalVersion(),
      pointInTime: snapshot.pointInTime.toISOString(),
      schema: snapshot.schema,
      tables: snapshot.tables,
      entries,
      directories,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const tarEntries: TarEntry[] = [
      { name: MANIFEST_NAME, bytes: manifestBytes.length, content: manifestBytes },
      ...directories.map((name) => ({ name, directory: true as const })),
      ...entries.map((entry) => ({ name: entry.path, bytes: entry.bytes, content: { file: path.join(snapshot.folder, entry.path) } })),
    ];
    await writeTarGz(tarEntries, out);
    return manifest;
  } finally {
    await rm(snapshot.folder, { recursive: true, force: true });
  }
}

/** Regular files and folders under `root`, as sorted relative paths with forward slashes. */
async function listTree(root: string) {
  const files: Array<{ path: string; bytes: number }> = [];
  const directories: string[] = [];
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        directories.push(child);
        await walk(child);
      } else if (entry.isFile()) {
        files.push({ path: child, bytes: (await stat(path.join(root, child))).size });
      }
    }
  };
  await walk('');
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { files: files.sort((a, b) => byPath(a.path, b.path)), directories: directories.sort(byPath) };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
