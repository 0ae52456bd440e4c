/**
 * Product search queries. Each answers from an index only: the prefix index on article_key (ordered by its own
 * operator class, so LIMIT stops the index scan early), and the trigram GIN index on name_key (through a
 * materialised CTE, which the planner plans for all matches — the index — and the LIMIT then reads lazily).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, storages } from '../../db/schema';

/** Rows of a raw query: node-postgres answers a QueryResult, PGlite a Results object; both carry rows. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Escapes LIKE's wildcards in user input. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The first picture of a product: a correlated lookup on the images' product index, run only for the rows read. */
const firstImageSql = sql<number | null>`(select i.id from product_images i where i.product_id = "products"."id" order by i.sort, i.id limit 1)`;

const briefColumns = {
  id: products.id,
  article: products.article,
  name: products.name,
  price: products.price,
  priceOpt: products.priceOpt,
  status: products.status,
  image: firstImageSql,
};
export type BriefProduct = { id: number; article: string; name: string; price: number; priceOpt: number; status: string; image: number | null };

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
      select id, article, name, price, price_opt as "priceOpt", status,
        (select i.id from product_images i where i.product_id = products.id order by i.sort, i.id limit 1) as image
      from products where ${conditions}
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
    image: row.image === null || row.image === undefined ? null : Number(row.image),
  }));
}

export interface OfferRow {
  id: number;
  guid: string;
  characteristic: string;
  residue: number;
  price: number;
  ppdata: string;
  orgGuid: string;
}

/** A product with its offers and picture ids, in one round trip (search answers are on the hot path). */
export async function productDetails(db: DbOrTx, where: { id: number } | { uid: string }) {
  const [row] = await db
    .select({
      product: products,
      offers: sql<OfferRow[] | null>`(select json_agg(json_build_object('id', o.id, 'guid', o.guid, 'characteristic', o.characteristic,
        'residue', o.residue, 'price', o.price, 'ppdata', o.ppdata, 'orgGuid', o.org_guid) order by o.id)
        from offers o where o.product_id = "products"."id")`,
      images: sql<number[] | null>`(select json_agg(i.id order by i.sort, i.id) from product_images i where i.product_id = "products"."id")`,
    })
    .from(products)
    .where('id' in where ? eq(products.id, where.id) : eq(products.uid, where.uid))
    .limit(1);
  if (!row) return undefined;
  const parse = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    product: row.product,
    offers: (parse(row.offers) ?? []).map((offer) => ({ ...offer, price: Number(offer.price), residue: Number(offer.residue) })),
    images: (parse(row.images) ?? []).map(Number),
  };
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
