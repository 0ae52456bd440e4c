/** Catalogue queries: the group tree, pages of a group's products (group index) and of the season sale (partial index). */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogGroups, productImages, products } from '../../db/schema';

export function listGroups(db: DbOrTx) {
  return db.select().from(catalogGroups).orderBy(asc(catalogGroups.sort), asc(catalogGroups.id));
}

const cardColumns = {
  id: products.id,
  article: products.article,
  name: products.name,
  price: products.price,
  status: products.status,
  image: sql<number | null>`(select i.id from product_images i where i.product_id = "products"."id" order by i.sort, i.id limit 1)`,
  residue: sql<number>`(select coalesce(sum(o.residue), 0)::int from offers o where o.product_id = "products"."id")`,
};
export type CatalogCard = { id: number; article: string; name: string; price: number; status: string; image: number | null; residue: number };

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

export async function findImage(db: DbOrTx, id: number) {
  const [row] = await db.select({ storageKey: productImages.storageKey }).from(productImages).where(eq(productImages.id, id)).limit(1);
  return row;
}

/** The main picture of a product: the first by sort order. */
export async function findProductImage(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ storageKey: productImages.storageKey })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sort), asc(productImages.id))
    .limit(1);
  return row;
}
