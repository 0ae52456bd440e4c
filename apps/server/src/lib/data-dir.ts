/**
 * The data folder (DATA_DIR) must be writable before anything starts: the embedded database and the uploaded files
 * live there. When it is not, start-up stops with a message naming the folder and what to do, not a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FOLDER_MODE } from './private-files';

export class DataDirUnwritableError extends Error {}

const REASONS: Record<string, string> = {
  EROFS: 'the file system is mounted read-only',
  EACCES: 'the user that runs the portal may not write there',
  EPERM: 'the user that runs the portal may not write there',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
};

/** Creates the folder if needed and writes and removes a probe file in it; throws DataDirUnwritableError if it cannot. */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  if (dataDir === 'memory://') return;
  const folder = path.resolve(dataDir);
  const probe = path.join(folder, `.write-check-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
    throw new DataDirUnwritableError(
      `The data folder ${folder} cannot be written (${code}: ${REASONS[code] ?? (error as Error).message}).\n` +
        '  Make it writable for the user that runs the portal (for example: chown -R <user> ' +
        `${folder}), free disk space if it is full, or point DATA_DIR to a writable folder, then start again.`,
    );
  }
}
