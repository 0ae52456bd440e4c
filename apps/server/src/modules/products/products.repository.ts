/**
 * Product search queries. Each answers from an index only: the prefix index on article_key (ordered by its own
 * operator class, so LIMIT stops the index scan early), and the trigram GIN index on name_key (through a
 * materialised CTE, which the planner plans for all matches — the index — and the LIMIT then reads lazily).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offers, productImages, products, storages } from '../../db/schema';

/** Rows of a raw query: node-postgres answers a QueryResult, PGlite a Results object; both carry rows. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Escapes LIKE's wildcards in user input. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const briefColumns = {
  id: products.id,
  article: products.article,
  name: products.name,
  price: products.price,
  priceOpt: products.priceOpt,
  status: products.status,
};
export type BriefProduct = { id: number; article: string; name: string; price: number; priceOpt: number; status: string };

/** Products whose article key starts with the key, in article order (the index's own order, so LIMIT stops the scan). */
export function articlePrefixQuery(db: DbOrTx, key: string, limit: number) {
  return db
    .select(briefColumns)
    .from(products)
    .where(sql`${products.articleKey} like ${`${likeEscape(key)}%`}`)
    .orderBy(sql`${products.articleKey} using ~<~`)
    .limit(limit);
}

export function findByArticlePrefix(db: DbOrTx, key: string, limit: number): Promise<BriefProduct[]> {
  return articlePrefixQuery(db, key, limit);
}

/** SQL of the name search: every word (already in name form, at least 3 characters) somewhere in name_key. */
export function nameSearchSql(words: string[], limit: number) {
  const conditions = sql.join(
    words.map((word) => sql`name_key like ${`%${likeEscape(word)}%`}`),
    sql` and `,
  );
  return sql`with matches as materialized (
      select id, article, name, price, price_opt as "priceOpt", status from products where ${conditions}
    )
    select * from matches limit ${limit}`;
}

export async function findByNameWords(db: DbOrTx, words: string[], limit: number): Promise<BriefProduct[]> {
  if (words.length === 0) return [];
  const result = await db.execute(nameSearchSql(words, limit));
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    article: String(row.article),
    name: String(row.name),
    price: Number(row.price),
    priceOpt: Number(row.priceOpt),
    status: String(row.status),
  }));
}

export async function findProductById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function findProductByUid(db: DbOrTx, uid: string) {
  const [row] = await db.select().from(products).where(eq(products.uid, uid)).limit(1);
  return row;
}

export function listOffers(db: DbOrTx, productId: number) {
  return db.select().from(offers).where(eq(offers.productId, productId)).orderBy(asc(offers.id));
}

export function listImages(db: DbOrTx, productId: number) {
  return db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sort), asc(productImages.id));
}

/** The first picture of each product. */
export async function firstImages(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, id: productImages.id })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  const first = new Map<number, number>();
  for (const row of rows) if (!first.has(row.productId)) first.set(row.productId, row.id);
  return first;
}

/** Price types of the contracts of the given companies, in company then contract order. */
export async function priceTypesOfPartners(db: DbOrTx, partnerIds: number[]): Promise<string[]> {
  if (partnerIds.length === 0) return [];
  const rows = await db
    .select({ priceType: storages.priceType })
    .from(storages)
    .where(inArray(storages.partnerId, partnerIds))
    .orderBy(asc(storages.partnerId), asc(storages.id));
  return [...new Set(rows.map((row) => row.priceType))];
}
