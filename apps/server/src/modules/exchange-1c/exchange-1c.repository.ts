/** SQL of the 1C exchange: what a package is compared against before anything is written, the pictures, the log. */
import { asc, desc, inArray, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogGroups, exchange1cLog, offers, productImages, products } from '../../db/schema';

/** The stored products among `uids`, with every field an upsert rewrites (so what 1C does not carry is kept). */
export async function productsByUids(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return new Map<string, typeof products.$inferSelect>();
  const rows = await db.select().from(products).where(inArray(products.uid, uids));
  return new Map(rows.map((row) => [row.uid, row]));
}

export async function productIdsByUids(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: products.id, uid: products.uid }).from(products).where(inArray(products.uid, uids));
  return new Map(rows.map((row) => [row.uid, row.id]));
}

export async function offersByGuids(db: DbOrTx, guids: string[]) {
  if (guids.length === 0) return new Map<string, typeof offers.$inferSelect>();
  const rows = await db.select().from(offers).where(inArray(offers.guid, guids));
  return new Map(rows.map((row) => [row.guid, row]));
}

/** The lowest offer price of each product: its dealer price (PRICE_OPT) as the exchange sets it. */
export async function lowestOfferPrices(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: offers.productId, price: min(offers.price) })
    .from(offers)
    .where(inArray(offers.productId, productIds))
    .groupBy(offers.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.price)]));
}

export async function catalogGroupsByCode(db: DbOrTx) {
  const rows = await db.select().from(catalogGroups);
  return new Map(rows.map((row) => [row.code, row]));
}

/** Storage keys of each product's pictures, in their order. */
export async function pictureKeys(db: DbOrTx, productIds: number[]) {
  const byProduct = new Map<number, string[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productImages.productId, key: productImages.storageKey })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.key]);
  return byProduct;
}

export async function replacePictures(db: DbOrTx, productId: number, keys: string[]) {
  await db.delete(productImages).where(sql`${productImages.productId} = ${productId}`);
  if (keys.length > 0) await db.insert(productImages).values(keys.map((storageKey, sort) => ({ productId, storageKey, sort })));
}

export async function insertLogEntry(db: DbOrTx, entry: typeof exchange1cLog.$inferInsert) {
  await db.insert(exchange1cLog).values(entry);
}

export async function latestLogEntries(db: DbOrTx, limit: number) {
  return db.select().from(exchange1cLog).orderBy(desc(exchange1cLog.id)).limit(limit);
}
