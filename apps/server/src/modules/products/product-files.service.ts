/**
 * A product's pictures and certificates, however they reach the portal (the ERP's /product-files, the demo seed):
 * each file kept under a key of its content, so the same picture sent for a thousand products, or sent again, is one
 * file, and the lists attached to products set-based, a product's list replaced only where it differs.
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { sniffFileType } from '../../lib/file-type';
import type { FileStorage } from '../../lib/storage';
import * as repo from './product-files.repository';

export type ProductFileKind = 'picture' | 'certificate';
export type { CertificateValues } from './product-files.repository';

/** Where a product's file of this content is kept (no extension: the catalogue serves it by its sniffed type). */
export const productFileKey = (sha256: string): string => `products/files/${sha256}`;

/** Why these bytes cannot be a product's picture (or certificate), in the sender's words; null when they can. */
export function productFileProblem(kind: ProductFileKind, bytes: Buffer): string | null {
  const type = sniffFileType(bytes);
  if (kind === 'certificate') return type?.mime === 'application/pdf' ? null : 'это не PDF (файл должен начинаться с %PDF-): передайте сертификат в PDF.';
  // SVG can carry scripts; the catalogue serves pictures from its own origin.
  return type && type.mime.startsWith('image/') && type.mime !== 'image/svg+xml' ? null : 'картинка не в формате JPEG, PNG, WebP или GIF.';
}

/**
 * Stores a product's file under its content's key (once: bytes already there are not written again) and answers
 * its sha256 and key. The caller has checked the bytes with productFileProblem.
 */
export async function storeProductFile(storage: FileStorage, bytes: Buffer): Promise<{ sha256: string; key: string }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = productFileKey(sha256);
  if ((await storage.get(key)) === null) await storage.put(key, bytes);
  return { sha256, key };
}

/** The key of a file sent before by its sha256, or null when the portal has no such file of this kind. */
export async function storedProductFile(storage: FileStorage, kind: ProductFileKind, sha256: string): Promise<string | null> {
  const key = productFileKey(sha256);
  const bytes = await storage.get(key);
  return bytes !== null && productFileProblem(kind, bytes) === null ? key : null;
}

/** What a product gets: a list not given is left as it is; an empty list removes its pictures (certificates). */
export interface ProductFiles {
  productId: number;
  /** Storage keys in the order the product page shows them. */
  pictures?: string[];
  certificates?: repo.CertificateValues[];
}

/** Statements this many products at a time: a JSON parameter per statement stays a few megabytes. */
const PRODUCTS_PER_STATEMENT = 20_000;

/** Attaches the files to their products; answers how many products got other pictures, and other certificates. */
export async function attachProductFiles(tx: DbOrTx, files: readonly ProductFiles[]): Promise<{ pictures: number; certificates: number }> {
  const changed = { pictures: 0, certificates: 0 };
  for (let from = 0; from < files.length; from += PRODUCTS_PER_STATEMENT) {
    const chunk = files.slice(from, from + PRODUCTS_PER_STATEMENT);
    const pictures = chunk.flatMap((file) => (file.pictures ? [{ id: file.productId, keys: file.pictures }] : []));
    const certificates = chunk.flatMap((file) => (file.certificates ? [{ id: file.productId, certificates: file.certificates }] : []));
    changed.pictures += await repo.replacePictures(tx, pictures);
    changed.certificates += await repo.replaceCertificates(tx, certificates);
  }
  return changed;
}
