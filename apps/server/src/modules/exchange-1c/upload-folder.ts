/**
 * Where the files 1C uploads wait for their `import`: DATA_DIR/exchange-1c/<type>/ (a temporary folder when the data
 * lives in memory, in tests). `init` empties it, `file` appends a chunk to the named file (1C splits a large file into
 * chunks of at most file_limit bytes and sends them in order), and zips are unpacked before the first `import` of the
 * exchange, pictures and all, with the unpacked size bounded so a zip bomb is refused before it fills the disk.
 */
import { closeSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { Unzip, UnzipInflate } from 'fflate';
import { PRIVATE_FOLDER_MODE } from '../../lib/private-files';

/** A refusal 1C is told in its exchange log (answered `failure` and this text). */
export class ExchangeRefusal extends Error {}

export type ExchangeType = 'catalog' | 'sale';

/** The folder of each exchange type under one root; the root is a temporary folder when DATA_DIR is memory://. */
export class UploadFolders {
  readonly root: string;
  private readonly temporary: boolean;

  constructor(dataDir: string) {
    this.temporary = dataDir === 'memory://';
    this.root = this.temporary ? mkdtempSync(path.join(tmpdir(), 'portal-exchange-1c-')) : path.join(dataDir, 'exchange-1c');
  }

  folder(type: ExchangeType): string {
    return path.join(this.root, type);
  }

  /** A new exchange (`init`): what the previous one left is removed. */
  async reset(type: ExchangeType): Promise<void> {
    await rm(this.folder(type), { recursive: true, force: true });
    await mkdir(this.folder(type), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}

/**
 * The file 1C names, inside `folder`: 1C sends paths such as import_files/ab/ab12….jpg (pictures beside the XML), with
 * either slash. Anything that would leave the folder (.., an absolute path, a drive) is refused.
 */
export function uploadedFilePath(folder: string, filename: string | undefined): string {
  const name = (filename ?? '').replaceAll('\\', '/').trim();
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || name.startsWith('/') || /^[A-Za-z]:/.test(name) || parts.some((part) => part === '..' || part.includes('\0'))) {
    throw new ExchangeRefusal(`Недопустимое имя файла «${name.slice(0, 200)}»: укажите имя файла внутри каталога обмена.`);
  }
  return path.join(folder, ...parts);
}

/** Appends one chunk of an upload (the request's body, streamed) to its file; refuses a chunk over `limitBytes`. */
export async function appendChunk(file: string, body: Readable, limitBytes: number): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limitBytes) {
        done(new ExchangeRefusal(`Часть файла больше ${Math.round(limitBytes / 2 ** 20)} МБ (file_limit из ответа init): разбейте файл на части меньшего размера.`));
        return;
      }
      done(null, chunk);
    },
  });
  await pipeline(body, counter, createWriteStream(file, { flags: 'a' }));
  return received;
}

/** All files of the folder, relative to it, in name order. */
export async function listFiles(folder: string, under = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, under), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(folder, relative)));
    else files.push(relative);
  }
  return files;
}

/**
 * Unpacks every zip of the folder into it and removes the zip. The unpacked bytes of all zips together may not pass
 * `limitBytes`, nor may one zip unpack to more than 1000 times its size: 1C's XML packs about 20 times, a zip bomb
 * thousands of times. A refused zip leaves nothing unpacked behind.
 */
export async function unpackZips(folder: string, limitBytes: number): Promise<void> {
  let unpacked = 0;
  for (const relative of (await listFiles(folder)).filter((name) => name.toLowerCase().endsWith('.zip'))) {
    const zipFile = path.join(folder, relative);
    const packedSize = (await stat(zipFile)).size;
    const written: string[] = [];
    try {
      unpacked += await unpackZip(zipFile, folder, written, limitBytes - unpacked, packedSize * 1000);
    } catch (error) {
      for (const file of written) await rm(file, { force: true });
      if (error instanceof ExchangeRefusal) throw error;
      throw new ExchangeRefusal(`Архив ${relative} повреждён или не является zip-архивом: выгрузите его заново.`);
    } finally {
      await rm(zipFile, { force: true });
    }
  }
}

async function unpackZip(zipFile: string, folder: string, written: string[], budget: number, ratioBudget: number): Promise<number> {
  const name = path.basename(zipFile);
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (entry) => {
    if (failure || entry.name.endsWith('/')) return;
    let target: string;
    try {
      target = uploadedFilePath(folder, entry.name);
    } catch (error) {
      failure = error as Error;
      return;
    }
    if (entry.originalSize !== undefined && total + entry.originalSize > Math.min(budget, ratioBudget)) {
      failure = bomb(name);
      return;
    }
    let fd: number | null = null;
    entry.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      total += chunk.length;
      // The sizes the archive declares may lie: what is really unpacked is counted as it comes.
      if (total > budget || total > ratioBudget) {
        failure = bomb(name);
        if (fd !== null) closeSync(fd);
        fd = null;
        return;
      }
      if (fd === null) {
        mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
        fd = openSync(target, 'w');
        written.push(target);
      }
      writeSync(fd, chunk);
      if (final) {
        closeSync(fd);
        fd = null;
      }
    };
    entry.start();
  };
  for await (const chunk of createReadStream(zipFile, { highWaterMark: 64 * 1024 })) {
    unzip.push(chunk as Uint8Array, false);
    if (failure) break;
  }
  if (!failure) unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  return total;
}

const bomb = (name: string) =>
  new ExchangeRefusal(`Архив ${name} распаковывается в слишком большой объём (похоже на zip-бомбу): выгрузка отклонена, ничего не загружено.`);
