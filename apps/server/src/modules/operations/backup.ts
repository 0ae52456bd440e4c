/**
 * Online backups of the embedded database and the uploaded files.
 *
 * The point in time of a backup is the moment the database is held (Database.whileHeld): no transaction is open then,
 * so every order is either committed — wholly in the backup — or not started — wholly out of it. While held, the
 * database's files are brought up to date in a staging folder inside DATA_DIR — copied once beforehand while the
 * portal serves, then, held, only those modified since are copied again — and the uploaded files are hard-linked
 * beside them, so an upload deleted a moment later is still in the backup. Statements wait for that second copy only,
 * not for the first one nor for the compression and the writing of the backup, which read the staging folder after.
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
import { PRIVATE_FOLDER_MODE } from '../../lib/private-files';
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
  const databaseCopy = path.join(folder, 'database');
  await mkdir(databaseCopy, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    // A first copy while the portal serves: most database files do not change meanwhile, so the copy made while the
    // database is held only has to redo those that did.
    const firstCopyStarted = Date.now();
    await copyDatabaseFiles(dataDir, databaseCopy);
    const started = performance.now();
    const held = await database.whileHeld(async (query) => {
      const pointInTime = new Date();
      const schema = await readSchemaState(query);
      const tables = await tableRowCounts(query);
      // The engine's files do not change while it is held: brought up to date, the copy is that committed state.
      await copyDatabaseFiles(dataDir, databaseCopy, firstCopyStarted - MTIME_MARGIN_MS);
      // Uploads are never changed in place, only added and deleted: a link keeps one deleted after this moment.
      await placeTree(path.join(dataDir, 'files'), path.join(folder, 'files'), (source, target) => link(source, target).catch(() => copyFile(source, target)));
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
/** A file written this long before the first copy began may still show an older time (file system time granularity). */
const MTIME_MARGIN_MS = 2000;

/**
 * Copies the engine's files of `dataDir` into `copy` (a copy-on-write clone where the file system offers one). With
 * `changedSince`, `copy` already holds an earlier copy: only files modified since then are copied again, and files
 * no longer there are removed.
 */
async function copyDatabaseFiles(dataDir: string, copy: string, changedSince?: number): Promise<void> {
  const present = new Set<string>();
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!isDatabaseEntry(entry.name)) continue;
    await placeTree(path.join(dataDir, entry.name), path.join(copy, entry.name), async (source, target) => {
      present.add(target);
      if (changedSince !== undefined && (await stat(source)).mtimeMs < changedSince) return;
      await copyFile(source, target, constants.COPYFILE_FICLONE);
    });
  }
  if (changedSince === undefined) return;
  const { files } = await listTree(copy);
  await Promise.all(files.map((file) => path.join(copy, file.path)).filter((file) => !present.has(file)).map((file) => rm(file, { force: true })));
}

/**
 * Places every file under `from` (a file or a folder; missing is empty) at the same path under `to` with `place`,
 * several at a time; folders are created first.
 */
async function placeTree(from: string, to: string, place: (source: string, target: string) => Promise<void>): Promise<void> {
  const files: Array<[string, string]> = [];
  const walk = async (source: string, target: string) => {
    const entries = await readdir(source, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      if (error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!entries) {
      files.push([source, target]);
      return;
    }
    await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER_MODE });
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
      await place(source, target);
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
