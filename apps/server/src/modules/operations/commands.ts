/** The operators' commands of this area (`npm run portal -- backup|restore|verify|move-to-postgres`), as cli.ts runs them. */
import { existsSync, createWriteStream } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DataDirLockedError, openDatabase, redactUrl } from '../../db/client';
import { PRIVATE_FILE_MODE } from '../../lib/private-files';
import { takeSnapshot, writeBackup, type BackupManifest } from './backup';
import { moveToPostgres, type MoveReport } from './move-to-postgres';
import { operatorSocketPath, requestBackup } from './operator-socket';
import { BackupRefused, readManifest, restoreBackup, verifyBackup } from './restore';

export { BackupRefused } from './restore';
export { MoveRefused } from './move-to-postgres';

export function defaultBackupName(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `portal-backup-${stamp}.tar.gz`;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Whether the running portal made it (otherwise this process, holding the database's lock). */
  byRunningPortal: boolean;
  heldMs: number;
}

/**
 * Backs up the embedded database in `dataDir` and its uploaded files into `file`: through the running portal when one
 * holds the database, directly otherwise. The file appears only when complete.
 */
export async function backup(dataDir: string, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupRefused(`Файл ${target} уже есть: укажите новое имя, чтобы не затереть прежнюю копию.`);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupRefused(`В папке ${path.resolve(dataDir)} нет встроенной базы портала: укажите её через DATA_DIR.`);
  const partial = `${target}.partial`;
  try {
    const served = await requestBackup(dataDir, () => createWriteStream(partial, { mode: PRIVATE_FILE_MODE }));
    let heldMs = served?.heldMs ?? 0;
    if (!served) heldMs = await backupDirectly(dataDir, partial);
    const manifest = await readManifest(partial);
    await rename(partial, target);
    // The whole database is in it: the owner's only, also where a stale .partial of looser mode was reused.
    await chmod(target, PRIVATE_FILE_MODE);
    return { file: target, manifest, byRunningPortal: Boolean(served), heldMs };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** No portal answers on the socket: this process takes the database's lock and makes the backup itself. */
async function backupDirectly(dataDir: string, file: string): Promise<number> {
  const database = await openDatabase({ dataDir, pgliteOn: 'main-thread', migrate: false }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new BackupRefused(
        `Базу в ${path.resolve(dataDir)} держит другой процесс, но на запрос копии через ${operatorSocketPath(dataDir)} он не отвечает. ` +
          'Если это портал старой версии, остановите его и повторите команду.',
      );
    }
    throw error;
  });
  try {
    const snapshot = await takeSnapshot(database, dataDir);
    await writeBackup(snapshot, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
    return snapshot.heldMs;
  } finally {
    await database.close();
  }
}

export function describeBackup(manifest: BackupManifest): string {
  const files = manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
  const tables = Object.entries(manifest.tables)
    .map(([table, rows]) => `  ${table.padEnd(32)} ${rows}`)
    .join('\n');
  return (
    `Портал ${manifest.portalVersion}, миграция ${manifest.schema.lastMigration ?? manifest.schema.lastMigrationAt}, ` +
    `момент копии ${manifest.pointInTime}; загруженных файлов: ${files}.\nСтрок в таблицах:\n${tables}`
  );
}

/**
 * `file` as the operator typed it, relative to `cwd`: the folder the command ran from (npm runs the command line inside
 * apps/server, but keeps the caller's folder in INIT_CWD) — a backup never lands in the source tree by surprise.
 */
export async function backupCommand(dataDir: string, file: string | undefined, cwd = process.env.INIT_CWD || process.cwd()): Promise<string> {
  const result = await backup(dataDir, path.resolve(cwd, file ?? defaultBackupName()));
  return (
    `Копия сохранена: ${result.file}\n` +
    `${result.byRunningPortal ? 'Её сделал работающий портал' : 'Портал не запущен: копия сделана напрямую'}; ` +
    `база ждала копирования ${result.heldMs} мс.\n${describeBackup(result.manifest)}\n` +
    `Проверить копию: npm run portal -- verify ${result.file}`
  );
}

export async function verifyCommand(file: string): Promise<string> {
  const manifest = await verifyBackup(file);
  return `Копия в порядке: контрольные суммы сходятся, база открывается, строки совпадают с описью.\n${describeBackup(manifest)}`;
}

export async function restoreCommand(file: string, dataDir: string): Promise<string> {
  const manifest = await restoreBackup(file, dataDir);
  return (
    `Копия восстановлена в ${path.resolve(dataDir)}.\n${describeBackup(manifest)}\n` +
    `Запустите портал с DATA_DIR=${path.resolve(dataDir)}; недостающие миграции применятся при запуске.`
  );
}

export function describeMove(report: MoveReport, databaseUrl: string): string {
  const rows = report.tables.map((row) => `  ${row.table.padEnd(32)} ${String(row.embedded).padStart(10)} ${String(row.postgres).padStart(10)}`);
  return (
    `Перенос завершён.\n  ${'таблица'.padEnd(32)} ${'встроенная'.padStart(10)} ${'PostgreSQL'.padStart(10)}\n${rows.join('\n')}\n` +
    `Последовательностей перенесено: ${report.sequences}.\n` +
    (report.filesCopied ? `Загруженные файлы (${report.filesCopied}) скопированы в ${report.filesFolder}/files.\n` : `Загруженные файлы остались в ${report.filesFolder}/files.\n`) +
    `Запускайте портал так: DATABASE_URL=${redactUrl(databaseUrl)} DATA_DIR=${report.filesFolder} npm start`
  );
}

export async function moveCommand(dataDir: string, databaseUrl: string, filesTo: string | undefined): Promise<string> {
  return describeMove(await moveToPostgres({ dataDir, databaseUrl, filesTo }), databaseUrl);
}
