/**
 * The order files 1C uploads by `type=sale&mode=file`, kept in the exchange's upload folder until they are whole. 1C
 * sends a file longer than init's `file_limit` in parts: consecutive `file` calls with the same filename, each part
 * appended to the last. A file is whole when its XML's root element has closed (or, for a zip, when its central
 * directory has arrived); then it is applied and removed, so the same filename sent again starts a new file.
 */
import { appendFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ExchangeFileRefused } from './order-documents-reader';

/** The folder inside the exchange's upload folder that holds the order files still arriving. */
const ORDERS_FOLDER = 'sale-orders';

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
/** The end-of-directory record is 22 bytes plus a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;

export interface OrderUpload {
  filename: string;
  body: Buffer;
}

/** The file's name in the folder: 1C's name without any folder part (1C on Linux sends `/tmp/…`). */
export function uploadName(filename: string | undefined): string {
  const name = path.basename((filename ?? '').replaceAll('\\', '/')).trim();
  if (!name || name === '.' || name === '..' || !/^[\p{L}\p{N}._ -]+$/u.test(name)) {
    throw new ExchangeFileRefused(`Имя файла «${filename ?? ''}» не принято: 1С передаёт файлы заказов с именем вида orders-….xml или .zip.`);
  }
  return name;
}

const folderOf = (uploadDir: string) => path.join(uploadDir, ORDERS_FOLDER);

export const isZip = (body: Buffer) => body.length >= 4 && body.readUInt32LE(0) === ZIP_LOCAL_HEADER;

/** A zip is whole once its end-of-central-directory record is among its last bytes. */
export function zipComplete(body: Buffer): boolean {
  const from = Math.max(0, body.length - ZIP_END_SEARCH);
  for (let at = body.length - 22; at >= from; at -= 1) {
    if (body.readUInt32LE(at) === ZIP_END_OF_DIRECTORY) return true;
  }
  return false;
}

/** An XML declaration opens a file: a part that starts with one is a new file, never the rest of an earlier one. */
function startsAFile(part: Buffer): boolean {
  const head = part.subarray(0, 64).toString('latin1').replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
  return head.startsWith('<?xml');
}

/**
 * Appends a part to the file of that name and answers the file as received so far. A part opening an XML file
 * replaces what an earlier exchange left unfinished under the same name.
 */
export async function receivePart(uploadDir: string, filename: string, part: Buffer): Promise<OrderUpload> {
  const folder = folderOf(uploadDir);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, filename);
  if (startsAFile(part)) await rm(file, { force: true });
  await appendFile(file, part);
  return { filename, body: await readFile(file) };
}

/** The file is applied (or refused): it is removed, and the next part of that name starts a new file. */
export async function forget(uploadDir: string, filename: string): Promise<void> {
  await rm(path.join(folderOf(uploadDir), filename), { force: true });
}

/** The files whose parts are still incomplete, oldest name first. */
export async function unfinishedUploads(uploadDir: string): Promise<OrderUpload[]> {
  let names: string[];
  try {
    names = (await readdir(folderOf(uploadDir))).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (filename) => ({ filename, body: await readFile(path.join(folderOf(uploadDir), filename)) })));
}
