/**
 * The data folder holds the whole database (password hashes, orders, personal data) and the uploads: no other user
 * of the machine may read or write any of it. Three layers: the process's umask (the embedded engine creates its files
 * with 0666 and relies on it), explicit modes on the files the portal writes itself (uploads, backups, restores), and
 * a check at start that repairs a folder left open by an older version or by hand.
 */
import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Owner only: read and write for files, and list for folders. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Every file and folder the process creates from now on is its user's only. A worker thread may not change the umask
 * (it is the process's): there the thread that started it has set it already, or tests run with their own.
 */
export function keepNewFilesPrivate(): void {
  if (isMainThread) process.umask(PRIVATE_UMASK);
}

export class DataDirNotPrivateError extends Error {}

/**
 * Makes the data folder and everything under it private: the folder and its sub-folders 0700, files without any
 * group or other permission. Answers the paths it repaired (for the start-up message); throws DataDirNotPrivateError
 * when a mode cannot be changed (a file of another user), naming it and what to do.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<string[]> {
  if (dataDir === 'memory://') return [];
  const repaired: string[] = [];
  const repair = async (target: string, mode: number, wanted: number) => {
    if ((mode & 0o7777) === wanted) return;
    try {
      await chmod(target, wanted);
    } catch (error) {
      throw new DataDirNotPrivateError(
        `${target} in the data folder is readable or writable by other users (mode ${(mode & 0o7777).toString(8)}) and its mode ` +
          `cannot be changed (${(error as NodeJS.ErrnoException).code}). It holds the database and the uploads: ` +
          `make the folder belong to the user that runs the portal (chown -R <user> ${dataDir}; chmod -R go-rwx ${dataDir}), then start again.`,
      );
    }
    repaired.push(target);
  };
  const walk = async (folder: string, mode: number) => {
    await repair(folder, mode, PRIVATE_FOLDER_MODE);
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const child = path.join(folder, entry.name);
      // Sockets (the operator socket) and links are left alone: a link's own mode means nothing.
      if (entry.isDirectory()) await walk(child, (await stat(child)).mode);
      else if (entry.isFile()) {
        const { mode: fileMode } = await stat(child);
        await repair(child, fileMode, fileMode & ~0o077 & 0o7777);
      }
    }
  };
  const root = path.resolve(dataDir);
  const rootStat = await stat(root).catch(() => undefined);
  if (rootStat?.isDirectory()) await walk(root, rootStat.mode);
  return repaired;
}

/** The start-up line that says what was repaired, or nothing when the folder was private already. */
export function describeRepair(dataDir: string, repaired: readonly string[]): string | undefined {
  if (repaired.length === 0) return undefined;
  return (
    `The data folder ${path.resolve(dataDir)} was readable by other users of this machine: ${repaired.length} ` +
    `file(s) and folder(s) made private to this user (folders 0700, files 0600), e.g. ${repaired[0]}.`
  );
}
