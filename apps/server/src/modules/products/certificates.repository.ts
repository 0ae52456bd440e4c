/** Certificates of products: by article, by a list of articles, and those of an order's products. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { certificates, orderLines, orders, products } from '../../db/schema';

const columns = {
  id: certificates.id,
  name: certificates.name,
  number: certificates.number,
  validUntil: certificates.validUntil,
  storageKey: certificates.storageKey,
  article: products.article,
};
export type CertificateRow = { id: number; name: string; number: string; validUntil: Date | null; storageKey: string; article: string };

export function certificatesOfArticles(db: DbOrTx, articles: string[]): Promise<CertificateRow[]> {
  if (articles.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(inArray(products.article, articles))
    .orderBy(asc(products.article), asc(certificates.id));
}

export async function existingArticles(db: DbOrTx, articles: string[]): Promise<string[]> {
  if (articles.length === 0) return [];
  const rows = await db.select({ article: products.article }).from(products).where(inArray(products.article, articles));
  return rows.map((row) => row.article);
}

export async function findCertificate(db: DbOrTx, id: number): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(eq(certificates.id, id))
    .limit(1);
  return row;
}

export async function findOrderOwner(db: DbOrTx, orderId: number) {
  const [row] = await db.select({ id: orders.id, partnerId: orders.partnerId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export function certificatesOfOrder(db: DbOrTx, orderId: number): Promise<CertificateRow[]> {
  return db
    .selectDistinct(columns)
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .innerJoin(certificates, eq(certificates.productId, products.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(products.article), asc(certificates.id));
}
