/**
 * Product search queries. Each answers from an index only: the prefix index on article_key (ordered by its own
 * operator class, so LIMIT stops the index scan early), and the trigram GIN index on name_key (through a
 * materialised CTE, which the planner plans for all matches — the index — and the LIMIT then reads lazily).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
import { GENERIC_PLAN } from '../../db/pglite-statements';
import { products, storages } from '../../db/schema';

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

export interface Statement {
  text: string;
  params: unknown[];
}

/** Name search: every word (already in name form, at least 3 characters) somewhere in name_key. */
export function nameSearchStatement(words: string[], limit: number): Statement {
  const conditions = words.map((_, i) => `name_key like $${i + 1}`).join(' and ');
  return {
    text: `with matches as materialized (
        select id, article, name, price, price_opt as "priceOpt", status from products where ${conditions}
      )
      select * from matches limit $${words.length + 1}`,
    params: [...words.map((word) => `%${likeEscape(word)}%`), limit],
  };
}

export async function findByNameWords(db: DbOrTx, words: string[], limit: number): Promise<BriefProduct[]> {
  if (words.length === 0) return [];
  const { text, params } = nameSearchStatement(words, limit);
  const rows = await rawQuery<Record<string, unknown>>(db, text, params);
  return rows.map((row) => ({
    id: Number(row.id),
    article: String(row.article),
    name: String(row.name),
    price: Number(row.price),
    priceOpt: Number(row.priceOpt),
    status: String(row.status),
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

/** A product with its offers and picture ids, as the details SQL answers it (JSON: numbers are numbers). */
export interface ProductDetails {
  id: number;
  uid: string;
  name: string;
  type: string;
  article: string;
  price: number;
  priceOpt: number;
  weight: number;
  volume: number;
  detailText: string;
  status: string;
  video: string | null;
  characteristics: unknown;
  maxDiscount: number;
  protect: string;
  offers: OfferRow[];
  images: number[];
}


const DETAILS_SQL = `select p.id, p.uid, p.name, p.type, p.article, p.price, p.price_opt as "priceOpt", p.weight, p.volume,
    p.detail_text as "detailText", p.status, p.video, p.characteristics, p.max_discount as "maxDiscount", p.protect,
    coalesce((select json_agg(json_build_object('id', o.id, 'guid', o.guid, 'characteristic', o.characteristic,
      'residue', o.residue, 'price', o.price, 'ppdata', o.ppdata, 'orgGuid', o.org_guid) order by o.id)
      from offers o where o.product_id = p.id), '[]'::json) as offers,
    coalesce((select json_agg(i.id order by i.sort, i.id) from product_images i where i.product_id = p.id), '[]'::json) as images
  from products p`;

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** One product with its offers and pictures, by id or uid, in one round trip. */
export async function productDetails(db: DbOrTx, where: { id: number } | { uid: string }): Promise<ProductDetails | undefined> {
  const rows = await rawQuery<{ details: unknown }>(
    db,
    `select row_to_json(d) as details from (${DETAILS_SQL} where ${'id' in where ? 'p.id' : 'p.uid'} = $1) d`,
    ['id' in where ? where.id : where.uid],
  );
  return rows[0] ? parseJson<ProductDetails>(rows[0].details) : undefined;
}

/**
 * The keys that start with `key` are exactly those in [key, upper) in the index's byte order, where `upper` is
 * `key` with its last character advanced by one (UTF-8 keeps code point order in byte order).
 */
export function prefixUpperBound(key: string): string {
  const characters = [...key];
  const last = characters.pop()!.codePointAt(0)! + 1;
  // Surrogate code points cannot be encoded; the next encodable one bounds the same keys.
  return characters.join('') + String.fromCodePoint(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
}

/**
 * Article search in one round trip: the products whose article key starts with the key (article order, at most
 * `limit`), and the details of the best of them — the exact article, else the first.
 *
 * The prefix is a range of the `text_pattern_ops` index rather than a LIKE, so the statement's plan does not depend
 * on the key: it is prepared once and keeps its generic plan (GENERIC_PLAN), the same index range scan stopped by
 * LIMIT. Planning was half of what this statement cost.
 */
export function articleSearchStatement(key: string, limit: number): Statement {
  return {
    text: `${GENERIC_PLAN} with found as (
       select id, article, article_key, name, price, price_opt, status from products
       where article_key ~>=~ $1 and article_key ~<~ $2 order by article_key using ~<~ limit $3
     )
     select
       (select coalesce(json_agg(json_build_object('id', id, 'article', article, 'name', name, 'price', price,
          'priceOpt', price_opt, 'status', status) order by article_key using ~<~), '[]'::json) from found) as found,
       (select row_to_json(d) from (${DETAILS_SQL}
          where p.id = (select id from found order by article_key = $1 desc, article_key using ~<~ limit 1)) d) as details`,
    params: [key, prefixUpperBound(key), limit],
  };
}

export async function searchArticlePrefix(
  db: DbOrTx,
  key: string,
  limit: number,
): Promise<{ found: BriefProduct[]; details: ProductDetails | null }> {
  const { text, params } = articleSearchStatement(key, limit);
  const rows = await rawQuery<{ found: unknown; details: unknown }>(db, text, params);
  const row = rows[0];
  return { found: parseJson<BriefProduct[]>(row?.found ?? []), details: row?.details ? parseJson<ProductDetails>(row.details) : null };
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

/** A company's contracts as pricing needs them: the organisation (guid) and the price type, first contract first. */
export function pricedContractsOf(db: DbOrTx, partnerId: number): Promise<Array<{ guid: string; pricetype: string }>> {
  return db
    .select({ guid: storages.guid, pricetype: storages.priceType })
    .from(storages)
    .where(eq(storages.partnerId, partnerId))
    .orderBy(asc(storages.id));
}

/** The two prices of the given products (unknown ids are left out). */
export function productPrices(db: DbOrTx, ids: number[]): Promise<Array<{ id: number; price: number; priceOpt: number }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: products.id, price: products.price, priceOpt: products.priceOpt }).from(products).where(inArray(products.id, ids));
}
