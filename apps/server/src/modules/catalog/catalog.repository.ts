/**
 * Catalogue queries: the group tree, what the catalogue's index is built from (catalog-index.ts), the cards of a page,
 * and product pictures.
 */
import { NEW_PRODUCT_DAYS, POPULARITY_DAYS } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { rawQuery, rowsOf, type DbOrTx } from '../../db/client';
import { catalogGroups, productImages } from '../../db/schema';
import type { IndexedOffer, IndexedPrices, IndexedProduct } from './catalog-index';

/** A money column in kopecks (money columns have two decimals, so this is exact). */
const kopecks = (column: string) => `(${column} * 100)::bigint`;

export function listGroups(db: DbOrTx) {
  return db.select().from(catalogGroups).orderBy(asc(catalogGroups.sort), asc(catalogGroups.id));
}

/**
 * The catalogue index's reads (catalog-index.ts): products in id order, a chunk at a time, so a million are read in
 * short statements and other requests run between them. A column read here or by the name and novelty orders below is
 * one whose update moves the products' change marker (migration 0026 names them; prices have a marker of their own).
 */
export async function indexProductsAfter(db: DbOrTx, afterId: number, limit: number): Promise<IndexedProduct[]> {
  return rowsOf<IndexedProduct>(
    await db.execute(sql`
      select p.id, p.group_code as "group", p.type, p.season, p.protection_class as protection, p.standard, p.status,
        p.max_discount::float8 as "maxDiscount",
        (extract(epoch from p.created_at) * 1000000)::float8 as "createdUs",
        ${sql.raw(kopecks('p.price'))}::float8 as "listKopecks", ${sql.raw(kopecks('p.price_opt'))}::float8 as "dealerKopecks",
        p.season_sale as sale, p.name_key as "nameKey"
      from products p where p.id > ${afterId} order by p.id limit ${limit}`),
  );
}

/** Products' two prices in id order, a chunk at a time: what the index reads again when only prices changed. */
export async function indexPricesAfter(db: DbOrTx, afterId: number, limit: number): Promise<IndexedPrices[]> {
  return rowsOf<IndexedPrices>(
    await db.execute(sql`
      select p.id, ${sql.raw(kopecks('p.price'))}::float8 as "listKopecks", ${sql.raw(kopecks('p.price_opt'))}::float8 as "dealerKopecks"
      from products p where p.id > ${afterId} order by p.id limit ${limit}`),
  );
}

/** Offers of the products with ids in [fromId, toId]: their sizes, and which of them have stock. */
export async function indexOffers(db: DbOrTx, fromId: number, toId: number): Promise<IndexedOffer[]> {
  return rowsOf<IndexedOffer>(
    await db.execute(sql`
      select o.product_id as "productId", o.characteristic as size, o.residue > 0 as "inStock"
      from offers o where o.product_id between ${fromId} and ${toId}`),
  );
}

/** A facet's values in the order the filters list them: the database's ICU root collation, as the name sort. */
export async function inCollationOrder(db: DbOrTx, values: readonly string[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`
      select v as value from unnest(array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]) v
      order by v collate "und-x-icu"`),
  );
  return rows.map((row) => row.value);
}

/**
 * Product ids by name — Russian order on both engines (migration 0009: the ICU root collation, Latin-initial names
 * after Cyrillic), by the index products_name_ru_idx — a chunk after the last one read.
 */
export async function idsByNameAfter(db: DbOrTx, after: { latin: boolean; name: string; id: number } | null, limit: number) {
  return rowsOf<{ id: number; latin: boolean; name: string }>(
    await db.execute(sql`
      select p.id, p.name_latin as latin, p.name from products p
      ${after ? sql`where (p.name_latin, p.name collate "und-x-icu", p.id) > (${after.latin}, ${after.name} collate "und-x-icu", ${after.id})` : sql``}
      order by p.name_latin, p.name collate "und-x-icu", p.id limit ${limit}`),
  );
}

/** Product ids newest first (created_at desc, id desc, by products_created_idx), a chunk after the last one read. */
export async function idsByNoveltyAfter(db: DbOrTx, after: { created: string; id: number } | null, limit: number) {
  return rowsOf<{ id: number; created: string }>(
    await db.execute(sql`
      select p.id, p.created_at::text as created from products p
      ${after ? sql`where (p.created_at, p.id) < (${after.created}::timestamptz, ${after.id})` : sql``}
      order by p.created_at desc, p.id desc limit ${limit}`),
  );
}

/** Units each product was ordered in, by all dealers, over the last POPULARITY_DAYS. */
export async function popularUnits(db: DbOrTx) {
  return rowsOf<{ id: number; units: number }>(
    await db.execute(sql`
      select l.product_id as id, sum(l.quantity)::int as units
      from order_lines l join orders ord on ord.id = l.order_id
      where ord.created_at > now() - make_interval(days => ${POPULARITY_DAYS})
      group by l.product_id`),
  );
}

/**
 * The change markers of migration 0010 (0 for a sequence never advanced), and how far back «new» reaches from now in
 * the database's calendar (NEW_PRODUCT_DAYS days, in seconds: a day across a clock change is not 86,400 s).
 */
export async function indexMarkers(db: DbOrTx) {
  const marker = (name: string) => sql`(select case when is_called then last_value else 0 end from ${sql.identifier(name)})::float8`;
  const [row] = rowsOf<{ products: number; prices: number; stock: number; flips: number; orders: number; newSpanSeconds: number }>(
    await db.execute(sql`
      select ${marker('catalog_products_changes')} as products, ${marker('catalog_prices_changes')} as prices,
        ${marker('catalog_stock_changes')} as stock,
        (select coalesce(max(id), 0) from catalog_stock_flips)::float8 as flips,
        ${marker('catalog_orders_changes')} as orders,
        extract(epoch from now() - (now() - make_interval(days => ${NEW_PRODUCT_DAYS})))::float8 as "newSpanSeconds"`),
  );
  return row!;
}

/** Products whose stock went to or came back from zero (migration 0010), after the id given; at most `limit`. */
export async function stockFlipsAfter(db: DbOrTx, afterId: number, limit: number) {
  return rowsOf<{ id: number; productId: number }>(
    await db.execute(sql`
      select id::float8 as id, product_id as "productId" from catalog_stock_flips where id > ${afterId} order by id limit ${limit}`),
  );
}

/** The offers of a few products, as the index reads offers. */
export async function offersOfProducts(db: DbOrTx, productIds: readonly number[]): Promise<IndexedOffer[]> {
  if (productIds.length === 0) return [];
  return rowsOf<IndexedOffer>(
    await db.execute(sql`
      select o.product_id as "productId", o.characteristic as size, o.residue > 0 as "inStock"
      from offers o where o.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`),
  );
}

/** Stock flips older than an hour: every index has read them long since (it looks every few seconds). */
export async function pruneStockFlips(db: DbOrTx) {
  await db.execute(sql`delete from catalog_stock_flips where at < now() - interval '1 hour'`);
}

export interface CatalogCard {
  id: number;
  article: string;
  name: string;
  price: number;
  status: string;
  /** MAX_DISCOUNT, percent; 0 means no cap. */
  maxDiscount: number;
  image: number | null;
  residue: number;
  listKopecks: number;
  dealerKopecks: number;
  bought: string | null;
}

/**
 * The cards of a page by primary key: live stock (of the given sizes only, when sizes are given: the page's size
 * filter), the main picture, both prices in kopecks and, for a company, the day of its last order of the product
 * («bought before»). In no particular order.
 */
export async function catalogCards(db: DbOrTx, ids: readonly number[], partnerId: number | null, sizes: readonly string[] = []): Promise<CatalogCard[]> {
  if (ids.length === 0) return [];
  return rawQuery<CatalogCard>(db, CATALOG_CARDS, [ids, partnerId, sizes.length > 0 ? sizes : null]);
}

/** Every catalogue page reads its cards so: one text, prepared once (the query builder cost as much as the read). */
const CATALOG_CARDS = `
  select p.id, p.article, p.name, p.price::float8 as price, p.status, p.max_discount::float8 as "maxDiscount",
    (select i.id from product_images i where i.product_id = p.id order by i.sort, i.id limit 1) as image,
    (select coalesce(sum(o.residue), 0)::int from offers o
     where o.product_id = p.id and ($3::text[] is null or o.characteristic = any($3::text[]))) as residue,
    ${kopecks('p.price')}::float8 as "listKopecks", ${kopecks('p.price_opt')}::float8 as "dealerKopecks",
    case when $2::int is null then null else
      (select to_char(max(ord.created_at) at time zone 'Europe/Moscow', 'YYYY-MM-DD')
       from order_lines l join orders ord on ord.id = l.order_id
       where l.product_id = p.id and ord.partner_id = $2::int) end as bought
  from products p where p.id = any($1::int[])`;

/** One product's card fields as the read before a package gives them (`cardsAfter`). */
export interface CardRow {
  id: number;
  article: string;
  name: string;
  status: string;
  maxDiscount: number;
  image: number | null;
  listKopecks: number;
  dealerKopecks: number;
}

/** One offer as that read gives it: its product, its size and its stock. */
export interface CardOfferRow {
  productId: number;
  size: string;
  residue: number;
}

/**
 * The cards' fields of products after `afterId`, in id order, a chunk at a time: what a page shows while a 1C package
 * is applied (cards-before-package.ts), read just before its transaction.
 */
export async function cardsAfter(db: DbOrTx, afterId: number, limit: number): Promise<CardRow[]> {
  return rowsOf<CardRow>(
    await db.execute(sql`
      select p.id, p.article, p.name, p.status, p.max_discount::float8 as "maxDiscount",
        (select i.id from product_images i where i.product_id = p.id order by i.sort, i.id limit 1) as image,
        ${sql.raw(kopecks('p.price'))}::float8 as "listKopecks", ${sql.raw(kopecks('p.price_opt'))}::float8 as "dealerKopecks"
      from products p where p.id > ${afterId} order by p.id limit ${limit}`),
  );
}

/** The offers of the products with ids in [fromId, toId], with their stock: the cards' stock by size. */
export async function cardOffers(db: DbOrTx, fromId: number, toId: number): Promise<CardOfferRow[]> {
  return rowsOf<CardOfferRow>(
    await db.execute(sql`
      select o.product_id as "productId", o.characteristic as size, o.residue
      from offers o where o.product_id between ${fromId} and ${toId}`),
  );
}

/** The day of the company's last order of each of the products (Moscow time), as `catalogCards` reads «bought». */
export async function boughtBefore(db: DbOrTx, productIds: readonly number[], partnerId: number): Promise<Map<number, string>> {
  const rows = await rawQuery<{ id: number; bought: string }>(db, BOUGHT_BEFORE, [productIds, partnerId]);
  return new Map(rows.map((row) => [row.id, row.bought]));
}

const BOUGHT_BEFORE = `
  select l.product_id as id, to_char(max(ord.created_at) at time zone 'Europe/Moscow', 'YYYY-MM-DD') as bought
  from order_lines l join orders ord on ord.id = l.order_id
  where l.product_id = any($1::int[]) and ord.partner_id = $2::int group by l.product_id`;

/**
 * Each of the companies' «bought before» of every product it ever ordered (the day of its last order of it, as
 * `boughtBefore`): what a company's catalogue page shows while a 1C package is applied, read just before its transaction.
 */
export async function boughtByCompanies(db: DbOrTx, partnerIds: readonly number[]): Promise<Array<{ partnerId: number; id: number; bought: string }>> {
  if (partnerIds.length === 0) return [];
  return rawQuery(db, BOUGHT_BY_COMPANIES, [partnerIds]);
}

const BOUGHT_BY_COMPANIES = `
  select ord.partner_id as "partnerId", l.product_id as id,
    to_char(max(ord.created_at) at time zone 'Europe/Moscow', 'YYYY-MM-DD') as bought
  from order_lines l join orders ord on ord.id = l.order_id
  where ord.partner_id = any($1::int[]) and l.product_id is not null group by ord.partner_id, l.product_id`;

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
