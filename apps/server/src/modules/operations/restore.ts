/**
 * Reading a backup back: `verify` unpacks it into a temporary folder and `restore` into a new one beside the target,
 * both checking every entry against the manifest's size and SHA-256, and opening the database to count its rows
 * against the manifest. Restore then renames the folder into place, so the target is either the whole backup or
 * untouched.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, rmdir, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/client';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../lib/private-files';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_NAME, isDatabaseEntry, type BackupManifest } from './backup';
import { isNewerThanThisBuild, knownMigrations, portalVersion, tableRowCounts, textQuery } from './schema-version';
import { TarFormatError, readTarGz, type EntrySink } from './tar';

/** A refusal with a message for the operator. */
export class BackupRefused extends Error {}

const notABackup = (file: string) => new BackupRefused(`${file} — не резервная копия портала: в начале нет ${MANIFEST_NAME}.`);
const damaged = (what: string) => new BackupRefused(`Файл копии повреждён: ${what}. Возьмите другую копию.`);

/** Where the first entry goes: it must be the manifest, handed to `onRead` once read. */
function manifestSink(file: string, name: string, onRead: (manifest: BackupManifest) => void): EntrySink {
  if (name !== MANIFEST_NAME) throw notABackup(file);
  const chunks: Buffer[] = [];
  return { write: (chunk) => void chunks.push(chunk), end: () => onRead(parseManifest(Buffer.concat(chunks))) };
}

/** The manifest of a backup, read from its first entry only. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const stop = new Error('manifest read');
  try {
    await readTarGz(
      createReadStream(file),
      (name) =>
        manifestSink(file, name, (read) => {
          manifest = read;
          throw stop;
        }),
      () => {
        throw notABackup(file);
      },
    );
  } catch (error) {
    if (error !== stop) throw error instanceof TarFormatError ? damaged(error.message) : error;
  }
  if (!manifest) throw notABackup(file);
  return manifest;
}

/** Checks a backup without restoring it: every checksum, the manifest, and that the database opens with its rows. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-verify-'));
  try {
    return await unpack(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Restores a backup into `dataDir`, which must be empty or not exist yet. */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  const target = path.resolve(dataDir);
  await assertEmptyFolder(target);
  await mkdir(path.dirname(target), { recursive: true });
  const folder = `${target}.restoring-${randomBytes(6).toString('hex')}`;
  try {
    const manifest = await unpack(file, folder);
    // Checked again: something may have been put there meanwhile.
    await assertEmptyFolder(target);
    await rmdir(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(folder, target);
    return manifest;
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

async function assertEmptyFolder(folder: string): Promise<void> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR') throw new BackupRefused(`${folder} — это файл, а не папка. Укажите пустую папку для восстановления.`);
    throw error;
  });
  if (names.length > 0) {
    throw new BackupRefused(
      `Папка ${folder} не пуста: восстановление делается только в пустую или новую папку, чтобы не смешать копию с другими данными. ` +
        'Укажите другую папку (npm run portal -- restore ФАЙЛ ПАПКА) или перенесите её содержимое.',
    );
  }
}

/** Unpacks the backup into `folder` (created), checking it entry by entry, then opens the database in it. */
async function unpack(file: string, folder: string): Promise<BackupManifest> {
  const input = createReadStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', reject);
  });
  await opened.catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefused(error.code === 'ENOENT' ? `Файл ${file} не найден.` : `Файл ${file} не читается: ${error.message}.`);
  });

  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  let manifest: BackupManifest | undefined;
  let expected = new Map<string, { bytes: number; sha256: string }>();
  const seen = new Set<string>();
  /** The file being written, closed also when the archive breaks off in its middle. */
  let writing: FileHandle | undefined;
  const destination = (name: string) => {
    const [top, ...rest] = name.split('/');
    if (top === 'database' && rest.length > 0 && isDatabaseEntry(rest[0]!)) return path.join(folder, ...rest);
    if (top === 'files') return path.join(folder, 'files', ...rest);
    throw damaged(`в нём есть посторонняя запись ${name}`);
  };

  const onEntry = async (name: string, bytes: number): Promise<EntrySink> => {
    if (!manifest) {
      return manifestSink(file, name, (read) => {
        manifest = read;
        expected = new Map(read.entries.map((entry) => [entry.path, entry]));
      });
    }
    const entry = expected.get(name);
    if (!entry) throw damaged(`запись ${name} не значится в описи`);
    if (seen.has(name)) throw damaged(`запись ${name} повторяется`);
    if (entry.bytes !== bytes) throw damaged(`размер ${name} не совпадает с описью`);
    seen.add(name);
    const target = destination(name);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const handle = await open(target, 'wx', PRIVATE_FILE_MODE);
    writing = handle;
    const hash = createHash('sha256');
    return {
      write: async (chunk) => {
        hash.update(chunk);
        await handle.write(chunk);
      },
      end: async () => {
        writing = undefined;
        await handle.close();
        if (hash.digest('hex') !== entry.sha256) throw damaged(`контрольная сумма ${name} не совпадает`);
      },
    };
  };
  const onDirectory = async (name: string) => {
    if (!manifest) throw notABackup(file);
    if (!manifest.directories.includes(name)) throw damaged(`папка ${name} не значится в описи`);
    if (name !== 'database' && name !== 'files') await mkdir(destination(name), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  };

  try {
    await readTarGz(input, onEntry, onDirectory);
  } catch (error) {
    await writing?.close();
    if (error instanceof TarFormatError) throw damaged(error.message);
    throw error;
  }
  if (!manifest) throw notABackup(file);
  const missing = manifest.entries.filter((entry) => !seen.has(entry.path));
  if (missing.length) throw damaged(`нет ${missing.length} записей из описи, например ${missing[0]!.path}`);
  await checkDatabase(folder, manifest);
  return manifest;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw damaged('опись (manifest.json) не читается');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries) || !Array.isArray(manifest.directories)) {
    throw damaged('опись (manifest.json) не похожа на опись резервной копии портала');
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION || isNewerThanThisBuild(manifest.schema)) {
    const known = knownMigrations().at(-1)?.tag ?? 'нет';
    throw new BackupRefused(
      `Копия сделана более новой версией портала (${manifest.portalVersion}): схема её базы новее, чем знает эта версия ` +
        `(${portalVersion()}, последняя миграция ${known}). Обновите портал до версии ${manifest.portalVersion} или новее и повторите.`,
    );
  }
  return manifest;
}

/** Opens the unpacked database as it is (no migrations) and counts its rows against the manifest. */
async function checkDatabase(folder: string, manifest: BackupManifest): Promise<void> {
  let counts: Record<string, number>;
  try {
    const database = await openDatabase({ dataDir: folder, pgliteOn: 'main-thread', migrate: false });
    try {
      counts = await tableRowCounts(textQuery(database.db), Object.keys(manifest.tables));
    } finally {
      await database.close();
    }
  } catch (error) {
    throw damaged(`база данных из копии не открывается (${(error as Error).message})`);
  }
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (counts[table] !== rows) throw damaged(`в таблице ${table} строк ${counts[table] ?? 0}, а по описи ${rows}`);
  }
}
