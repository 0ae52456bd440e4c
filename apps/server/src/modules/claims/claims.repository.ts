import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { claimFiles, claimStatusHistory, claims, files, offers, orderLines, orders, partners, products } from '../../db/schema';

export function listClaims(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ claim: claims, partnerUid: partners.uid, partnerName: partners.name, orderDate: orders.createdAt })
    .from(claims)
    .innerJoin(partners, eq(partners.id, claims.partnerId))
    .leftJoin(orders, eq(orders.id, claims.orderId))
    .where(inArray(claims.partnerId, partnerIds))
    .orderBy(desc(claims.id));
}

export function listClaimFiles(db: DbOrTx, claimIds: number[]) {
  if (claimIds.length === 0) return Promise.resolve([]);
  return db
    .select({ claimId: claimFiles.claimId, id: files.id, name: files.name, mime: files.mime, size: files.size })
    .from(claimFiles)
    .innerJoin(files, eq(files.id, claimFiles.fileId))
    .where(inArray(claimFiles.claimId, claimIds))
    .orderBy(asc(files.id));
}

export function listClaimHistory(db: DbOrTx, claimIds: number[]) {
  if (claimIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(claimStatusHistory)
    .where(inArray(claimStatusHistory.claimId, claimIds))
    .orderBy(asc(claimStatusHistory.at), asc(claimStatusHistory.id));
}

export async function findOrder(db: DbOrTx, orderNumber: number) {
  const [row] = await db.select({ id: orders.id, partnerId: orders.partnerId }).from(orders).where(eq(orders.id, orderNumber)).limit(1);
  return row;
}

/** What an order holds, line by line: the products a claim about it may name. */
export function listOrderLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      offerGuid: offers.guid,
      article: products.article,
      name: products.name,
      characteristic: orderLines.characteristic,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(eq(orderLines.orderId, orderId));
}

export async function insertClaim(db: DbOrTx, values: typeof claims.$inferInsert) {
  const [row] = await db.insert(claims).values(values).returning({ id: claims.id });
  return row!;
}

export async function insertHistory(db: DbOrTx, values: typeof claimStatusHistory.$inferInsert) {
  await db.insert(claimStatusHistory).values(values);
}

export async function linkClaimFiles(db: DbOrTx, claimId: number, fileIds: number[]) {
  if (fileIds.length > 0) await db.insert(claimFiles).values(fileIds.map((fileId) => ({ claimId, fileId })));
}
