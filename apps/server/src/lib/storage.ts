/**
 * File storage behind one interface: local disk under DATA_DIR/files by default, memory in tests. Keys are ours
 * (random, never the uploaded name), so a key never escapes the storage root.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DiskFaultError, fileSystemDiskFault } from './disk-faults';
import type { AppError } from './errors';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;

/** A new storage key under a folder, e.g. newStorageKey('claims', 'png') → "claims/2026/4fa1…c2.png". */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${new Date().getUTCFullYear()}/${randomBytes(16).toString('hex')}.${extension}`;
}

function assertKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** The file system calls a disk storage makes to write (replaceable in tests, to play a full disk). */
export interface DiskWriter {
  mkdir(dir: string): Promise<unknown>;
  writeFile(file: string, bytes: Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string): Promise<void>;
}

const nodeWriter: DiskWriter = {
  mkdir: (dir) => mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE }),
  writeFile: (file, bytes) => writeFile(file, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE }),
  rename,
  rm: (file) => rm(file, { force: true }),
};

/** A refusal of the disk as the user reads it: 507 when it is full, 503 when it cannot be written at all. */
export function storageWriteError(error: unknown, root: string): AppError {
  const { code, message } = error as NodeJS.ErrnoException;
  return new DiskFaultError(fileSystemDiskFault(error), { code, root, message });
}

export class DiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly io: DiskWriter = nodeWriter,
  ) {}

  /**
   * Writes under a temporary name and renames it into place, so a file is either whole or absent: a full disk
   * leaves no truncated file behind (the temporary one is removed), and a reader never sees half a file.
   */
  async put(key: string, bytes: Buffer) {
    assertKey(key);
    const file = path.join(this.root, key);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await this.io.mkdir(path.dirname(file));
      await this.io.writeFile(temporary, bytes);
      await this.io.rename(temporary, file);
    } catch (error) {
      await this.io.rm(temporary).catch(() => undefined);
      throw storageWriteError(error, this.root);
    }
  }

  async get(key: string) {
    assertKey(key);
    return readFile(path.join(this.root, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async delete(key: string) {
    assertKey(key);
    await rm(path.join(this.root, key), { force: true });
  }
}

export class MemoryStorage implements FileStorage {
  private readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer) {
    assertKey(key);
    this.files.set(key, bytes);
  }

  async get(key: string) {
    return this.files.get(key) ?? null;
  }

  async delete(key: string) {
    this.files.delete(key);
  }
}

export function createStorage(dataDir: string): FileStorage {
  return dataDir === 'memory://' ? new MemoryStorage() : new DiskStorage(path.join(dataDir, 'files'));
}
