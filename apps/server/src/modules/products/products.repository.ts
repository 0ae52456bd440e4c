/**
 * Product search queries. Each answers from an index only: the prefix index on article_key (ordered by its own
 * operator class, so LIMIT stops the index scan early), and the name word index (name_words and product_name_words,
 * kept by triggers on products), read range of ids by range so LIMIT stops early too.
 */
import { sql } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
import { GENERIC_PLAN } from '../../db/pglite-statements';
import { products } from '../../db/schema';

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
  maxDiscount: products.maxDiscount,
};
/** A product of a result list, with what its price for a company needs (status and discount cap). */
export type BriefProduct = { id: number; article: string; name: string; price: number; priceOpt: number; status: string; maxDiscount: number };

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

/**
 * The name words each query word lies within (`word LIKE '%query word%'`, the very condition name search used on whole
 * names), one array of word ids per query word. name_words holds each distinct word of all names once, so this reads a
 * small table (its trigram index when it is large), not the products.
 */
export function nameWordIdsStatement(words: string[]): Statement {
  return {
    text: `select ${words.map((_, i) => `array(select id from name_words where word like $${i + 1}) as "${i}"`).join(', ')}`,
    params: words.map((word) => `%${likeEscape(word)}%`),
  };
}

/** The first ids of products name search reads a range of at a time; each further range is twice as wide. */
export const NAME_SEARCH_FIRST_RANGE = 1024;
/** Ranges enough to pass any integer id: NAME_SEARCH_FIRST_RANGE · (2^22 − 1) > 2^31. */
const NAME_SEARCH_RANGES = 22;

/**
 * Name search by the word index: the products having, for every query word, one of its name words (one int[] of
 * word ids per query word), in id order, at most `limit`.
 *
 * A name's products could number hundreds of thousands for a common word, and all of them would be read before an
 * ORDER BY … LIMIT could answer. Instead ids are read in ranges, the first NAME_SEARCH_FIRST_RANGE wide, each next one
 * twice as wide: within a range each query word's products are a range scan of the primary key of
 * product_name_words (word_id, product_id), intersected; the ranges follow one another through a lateral join on
 * generate_series, so LIMIT stops at the range where enough products were found. Common words end in the first
 * range, rare ones in a few; a query with no match reads each word's list once, as any index would.
 *
 * The plan cannot depend on the parameters (arrays of ids and the limit), so it is kept prepared with one generic
 * plan (GENERIC_PLAN).
 */
export function nameWordSearchStatement(wordIds: number[][], limit: number): Statement {
  const range = (bound: string) => `${bound} * ${NAME_SEARCH_FIRST_RANGE}::bigint`;
  // INTERSECT answers each product once; a single list needs DISTINCT (a query word can lie within two words of a name).
  const lists = wordIds
    .map(
      (_, i) => `select ${wordIds.length === 1 ? 'distinct ' : ''}product_id from product_name_words where word_id = any($${i + 1}::int[])
          and product_id >= r.low and product_id < r.high`,
    )
    .join('\n        intersect\n        ');
  return {
    text: `${GENERIC_PLAN} select found.* from generate_series(0, ${NAME_SEARCH_RANGES - 1}) as b(n)
      cross join lateral (select case when b.n = 0 then -2147483648 else ${range('((1::bigint << b.n) - 1)')} end as low,
        ${range('((1::bigint << (b.n + 1)) - 1)')} as high) r
      cross join lateral (
        select p.id, p.article, p.name, p.price, p.price_opt as "priceOpt", p.status, p.max_discount as "maxDiscount"
        from (${lists}) m join products p on p.id = m.product_id
        order by p.id
      ) found
      limit $${wordIds.length + 1}`,
    params: [...wordIds, limit],
  };
}

/**
 * Products whose name_key holds every word (already in name form, at least 3 characters) somewhere, in id order, at
 * most `limit`. A word without spaces lies within a name exactly when it lies within one of the name's words, so the
 * word index finds the very products a substring search of whole names finds
 * (test/modules/products/name-search-equivalence.test.ts compares the two).
 */
export async function findByNameWords(db: DbOrTx, words: string[], limit: number): Promise<BriefProduct[]> {
  if (words.length === 0) return [];
  const lookup = nameWordIdsStatement(words);
  const [row] = await rawQuery<Record<string, unknown>>(db, lookup.text, lookup.params);
  const wordIds = words.map((_, i) => ((row?.[String(i)] as unknown[] | null) ?? []).map(Number));
  // A query word found in no name: nothing matches, and the products need not be read.
  if (wordIds.some((ids) => ids.length === 0)) return [];
  const { text, params } = nameWordSearchStatement(wordIds, limit);
  const rows = await rawQuery<Record<string, unknown>>(db, text, params);
  return rows.map(toBriefProduct);
}

/** The products of these ids (ascending), in id order; ids no product has any more are left out. */
export async function briefProducts(db: DbOrTx, ids: readonly number[]): Promise<BriefProduct[]> {
  if (ids.length === 0) return [];
  const rows = await rawQuery<Record<string, unknown>>(
    db,
    `select id, article, name, price, price_opt as "priceOpt", status, max_discount as "maxDiscount" from products where id = any($1::int[]) order by id`,
    [ids],
  );
  return rows.map(toBriefProduct);
}

function toBriefProduct(found: Record<string, unknown>): BriefProduct {
  return {
    id: Number(found.id),
    article: String(found.article),
    name: String(found.name),
    price: Number(found.price),
    priceOpt: Number(found.priceOpt),
    maxDiscount: Number(found.maxDiscount ?? 0),
    status: String(found.status),
  };
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
       select id, article, article_key, name, price, price_opt, status, max_discount from products
       where article_key ~>=~ $1 and article_key ~<~ $2 order by article_key using ~<~ limit $3
     )
     select
       (select coalesce(json_agg(json_build_object('id', id, 'article', article, 'name', name, 'price', price,
          'priceOpt', price_opt, 'status', status, 'maxDiscount', max_discount) order by article_key using ~<~), '[]'::json) from found) as found,
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

export interface PricedContractRow {
  guid: string;
  pricetype: string;
  discount: number;
}

const COMPANY_PRICING = `
  select p.id,
    exists (select 1 from user_partners up where up.partner_id = p.id and up.user_id = $1 and not up.blocked) as linked,
    (select up.role from user_partners up where up.partner_id = p.id and up.user_id = $1) as role,
    coalesce((select json_agg(json_build_object('guid', s.guid, 'pricetype', s.price_type, 'discount', s.discount) order by s.id)
              from storages s where s.partner_id = p.id), '[]'::json) as contracts
  from partners p where p.uid = $2 limit 1`;

/**
 * A company of the user as pricing needs it, in one statement: whether it is the user's (for `ensureUserPartner`)
 * and its contracts — the organisation (guid), the price type and the discount, first contract first. Undefined when no company
 * has this uid. Every signed-in priced page and search asks it first, so it is one round trip, not two.
 */
export async function companyPricing(
  db: DbOrTx,
  userId: number,
  partnerUid: string,
): Promise<{ id: number; linked: boolean; role: string | null; contracts: PricedContractRow[] } | undefined> {
  const [row] = await rawQuery<{ id: number; linked: boolean; role: string | null; contracts: PricedContractRow[] }>(
    db,
    COMPANY_PRICING,
    [userId, partnerUid],
  );
  return row;
}

const PRODUCT_PRICES = `select id, price::float8 as price, price_opt::float8 as "priceOpt", status, max_discount::float8 as "maxDiscount"
  from products where id = any($1::int[])`;

/** The two prices of the given products (unknown ids are left out). */
export function productPrices(
  db: DbOrTx,
  ids: number[],
): Promise<Array<{ id: number; price: number; priceOpt: number; status: string; maxDiscount: number }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return rawQuery(db, PRODUCT_PRICES, [ids]);
}
