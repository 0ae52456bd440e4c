/**
 * The backup file's container: a gzip-compressed POSIX tar (ustar) of regular files, written and read as a stream —
 * a backup is as large as the database and the uploads, so neither side holds it in memory. Plain tar keeps a
 * backup readable with standard tools (`tar tzf backup.tar.gz`). Only what backups need: regular files, names up to
 * 255 bytes, no links, no permissions restored.
 */
import { createReadStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

export type TarEntry =
  | {
      /** A relative path with forward slashes. */
      name: string;
      bytes: number;
      /** The content: a buffer, or a file read as a stream when the archive is written. */
      content: Buffer | { file: string };
    }
  /** A folder (kept even when empty: the database engine needs some of its empty folders). */
  | { name: string; directory: true };

export class TarFormatError extends Error {}

/** Writes the entries, in order, as a gzip-compressed tar to `out` (which is ended). */
export async function writeTarGz(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, out: Writable): Promise<void> {
  await pipeline(Readable.from(tarBlocks(entries)), createGzip({ level: 6 }), out);
}

async function* tarBlocks(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if ('directory' in entry) {
      yield header(`${entry.name}/`, 0, '5');
      continue;
    }
    yield header(entry.name, entry.bytes, '0');
    let written = 0;
    const chunks = Buffer.isBuffer(entry.content) ? [entry.content] : createReadStream(entry.content.file);
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      written += chunk.length;
      // A file that grew since it was measured would shift every later entry: refuse rather than write a broken archive.
      if (written > entry.bytes) throw new Error(`${entry.name} changed while it was being archived`);
      yield chunk;
    }
    if (written !== entry.bytes) throw new Error(`${entry.name} changed while it was being archived`);
    const padding = (BLOCK - (entry.bytes % BLOCK)) % BLOCK;
    if (padding) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

function header(name: string, bytes: number, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(type === '5' ? '0000755\0' : '0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${bytes.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write('00000000000\0', 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** ustar keeps up to 100 bytes of name and 155 of prefix, split at a slash. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return [prefix, base];
  }
  throw new Error(`The path ${name} is too long for the archive`);
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum;
}

/** What the reader asks of the caller for each entry: where its bytes go, in order. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

/**
 * Reads a gzip-compressed tar from `input`, entry by entry: `onEntry` answers a sink for its bytes. Broken gzip, a
 * bad header checksum, an unsafe name or a truncated archive throw TarFormatError.
 */
export async function readTarGz(
  input: Readable,
  onEntry: (name: string, bytes: number) => Promise<EntrySink> | EntrySink,
  onDirectory: (name: string) => Promise<void> | void,
): Promise<void> {
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer = Buffer.alloc(0);
  let current: { sink: EntrySink; left: number; padding: number } | undefined;
  let ended = false;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (current) {
          if (current.left > 0) {
            if (pending.length === 0) break;
            const part = pending.subarray(0, Math.min(current.left, pending.length));
            pending = pending.subarray(part.length);
            current.left -= part.length;
            await current.sink.write(part);
            if (current.left > 0) break;
          }
          if (pending.length < current.padding) break;
          pending = pending.subarray(current.padding);
          const done = current.sink;
          current = undefined;
          await done.end();
          continue;
        }
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const { name, bytes, directory } = parseHeader(block);
        if (directory) {
          await onDirectory(name);
          continue;
        }
        current = { sink: await onEntry(name, bytes), left: bytes, padding: (BLOCK - (bytes % BLOCK)) % BLOCK };
      }
    }
  } catch (error) {
    input.destroy();
    if (error instanceof TarFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code?.startsWith('Z_')) throw new TarFormatError(`the compressed stream is broken (${(error as Error).message})`);
    throw error;
  }
  if (!ended || current) throw new TarFormatError('the archive ends too early (the file is truncated)');
}

function parseHeader(block: Buffer): { name: string; bytes: number; directory: boolean } {
  const stored = Number.parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
  if (stored !== checksum(block)) throw new TarFormatError('an entry header is damaged (checksum mismatch)');
  const type = block.toString('ascii', 156, 157);
  if (type !== '0' && type !== '\0' && type !== '5') throw new TarFormatError('the archive holds an entry that is neither a file nor a folder');
  const text = (from: number, length: number) => block.toString('utf8', from, from + length).replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  const name = (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100)).replace(/\/$/, '');
  if (!name || name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new TarFormatError(`the archive holds an unsafe path: ${name}`);
  }
  const bytes = Number.parseInt(text(124, 12).trim(), 8);
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new TarFormatError(`the size of ${name} is damaged`);
  return { name, bytes, directory: type === '5' };
}
