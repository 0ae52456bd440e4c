/**
 * File storage behind one interface: local disk under DATA_DIR/files by default, memory in tests. Keys are ours
 * (random, never the uploaded name), so a key never escapes the storage root.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer) {
    assertKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
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
