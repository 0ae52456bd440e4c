/** Catalogue queries: the group tree, pages of a group's products (group index) and of the season sale (partial index). */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogGroups, offers, productImages, products } from '../../db/schema';

export function listGroups(db: DbOrTx) {
  return db.select().from(catalogGroups).orderBy(asc(catalogGroups.sort), asc(catalogGroups.id));
}

const cardColumns = { id: products.id, article: products.article, name: products.name, price: products.price, status: products.status };

export async function pageOfGroups(db: DbOrTx, groupCodes: string[] | null, offset: number, limit: number) {
  const where = groupCodes ? inArray(products.groupCode, groupCodes) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(cardColumns).from(products).where(where).orderBy(asc(products.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function pageOfSeasonSale(db: DbOrTx, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select(cardColumns).from(products).where(eq(products.seasonSale, true)).orderBy(asc(products.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(products).where(eq(products.seasonSale, true)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Units in stock over all offers of each product. */
export async function residues(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: offers.productId, residue: sql<number>`sum(${offers.residue})::int` })
    .from(offers)
    .where(inArray(offers.productId, productIds))
    .groupBy(offers.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.residue)]));
}

export async function findImage(db: DbOrTx, id: number) {
  const [row] = await db.select({ storageKey: productImages.storageKey }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row;
}
