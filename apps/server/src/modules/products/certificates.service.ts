/**
 * Certificates (spec §7): the list for one article, one certificate's PDF, and zips — of a list of articles, or of
 * the products of an order (only for users of the order's company). Zips name each file by article and certificate.
 */
import type { TCertificate } from '@portal/contracts';
import { zipSync } from 'fflate';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sanitizeFileName } from '../../lib/file-type';
import { requirePartnerAccess } from '../../lib/partner-scope';
import type { FileStorage } from '../../lib/storage';
import * as repo from './certificates.repository';

const toCertificate = (row: repo.CertificateRow): TCertificate => ({
  id: row.id,
  name: row.name,
  number: row.number,
  validUntil: row.validUntil ? row.validUntil.toISOString().slice(0, 10) : null,
  article: row.article,
  url: `/api/certificates/${row.id}/file`,
});

export async function certificatesOfArticle(db: Db, article: string): Promise<TCertificate[]> {
  const wanted = article.trim();
  const rows = await repo.certificatesOfArticles(db, [wanted]);
  if (rows.length === 0) {
    const exists = (await repo.existingArticles(db, [wanted])).length > 0;
    if (!exists) throw new AppError('NOT_FOUND', `Товар с артикулом «${wanted.slice(0, 100)}» не найден: проверьте артикул.`);
  }
  return rows.map(toCertificate);
}

export async function certificateFile(db: Db, storage: FileStorage, id: number) {
  const row = await repo.findCertificate(db, id);
  const bytes = row ? await storage.get(row.storageKey) : null;
  if (!row || !bytes) throw new AppError('NOT_FOUND', 'Сертификат не найден.');
  return { bytes, fileName: fileNameOf(row) };
}

function fileNameOf(row: repo.CertificateRow) {
  return sanitizeFileName(`${row.article} ${row.name}.pdf`.replace(/[/\\]/g, '-'), `certificate-${row.id}.pdf`);
}

async function zipOf(storage: FileStorage, rows: repo.CertificateRow[]): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (const row of rows) {
    const bytes = await storage.get(row.storageKey);
    if (!bytes) continue;
    let name = fileNameOf(row);
    for (let n = 2; name in files; n++) name = fileNameOf(row).replace(/\.pdf$/, ` (${n}).pdf`);
    files[name] = new Uint8Array(bytes);
  }
  if (Object.keys(files).length === 0) throw new AppError('NOT_FOUND', 'Файлы сертификатов не найдены. Обратитесь к менеджеру.');
  // PDFs are already compressed: store them as they are.
  return Buffer.from(zipSync(files, { level: 0 }));
}

export async function certificatesZipOfArticles(db: Db, storage: FileStorage, articles: string[]): Promise<Buffer> {
  const wanted = [...new Set(articles.map((article) => article.trim()))];
  const known = new Set(await repo.existingArticles(db, wanted));
  const unknown = wanted.filter((article) => !known.has(article));
  if (unknown.length > 0) {
    throw new AppError('NOT_FOUND', `Не найдены товары с артикулами: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? '…' : ''}. Проверьте список.`);
  }
  const rows = await repo.certificatesOfArticles(db, wanted);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'У этих товаров нет сертификатов.');
  return zipOf(storage, rows);
}

export async function certificatesZipOfOrder(db: Db, storage: FileStorage, userId: number, orderId: number): Promise<Buffer> {
  const order = await repo.findOrderOwner(db, orderId);
  if (!order) throw new AppError('NOT_FOUND', `Заказ № ${orderId} не найден.`);
  await requirePartnerAccess(db, userId, order.partnerId, 'documents.view');
  const rows = await repo.certificatesOfOrder(db, orderId);
  if (rows.length === 0) throw new AppError('NOT_FOUND', `У товаров заказа № ${orderId} нет сертификатов.`);
  return zipOf(storage, rows);
}

