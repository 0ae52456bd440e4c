/**
 * SQL of a catalogue package's two stages (catalog-import.ts): staging its goods and offers in short batches, each its
 * own statement, and applying the whole package with a few set-based statements inside one transaction. Rows are
 * passed to the database as one JSON parameter per batch, so a batch of a thousand rows is one short statement.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface StagedGood {
  seq: number;
  uid: string;
  article: string;
  article_key: string;
  name: string;
  name_key: string;
  type: 'shoes' | null;
  weight: number | null;
  detail_text: string | null;
  characteristics: Array<{ NAME: string; VALUE: string }>;
  keep_characteristics: boolean;
  group_code: string | null;
  pictures: string[] | null;
}

export interface StagedOffer {
  seq: number;
  guid: string;
  product_uid: string;
  characteristic: string | null;
  residue: number | null;
  price: number | null;
  list_price: number | null;
}

const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Stages goods, given as the JSON text of an array of StagedGood (the reader turns each good into its row's text as it
 * is read: catalog-import.ts); answers the seqs staged (a good whose Ид or article the package already staged is not).
 */
export async function stageGoods(db: DbOrTx, packageId: string, goodsJson: string): Promise<Set<number>> {
  if (goodsJson === '[]') return new Set();
  const result = await db.execute(sql`
    insert into exchange_1c_staged_goods
      (package_id, seq, uid, article, article_key, name, name_key, type, weight, detail_text, characteristics,
       keep_characteristics, group_code, pictures)
    select ${packageId}, g.seq, g.uid, g.article, g.article_key, g.name, g.name_key, g.type, g.weight, g.detail_text,
       g.characteristics, g.keep_characteristics, g.group_code,
       case when g.pictures is null then null else array(select json_array_elements_text(g.pictures)) end
    from json_to_recordset(${goodsJson}::json) as g(seq integer, uid text, article text, article_key text,
      name text, name_key text, type text, weight numeric, detail_text text, characteristics jsonb,
      keep_characteristics boolean, group_code text, pictures json)
    order by g.seq
    on conflict do nothing
    returning seq`);
  return new Set(rowsOf<{ seq: number }>(result).map((row) => Number(row.seq)));
}

/** Of staged goods of the package: the uid holding each of `articles` and the uids among `uids`. */
export async function stagedGoodsHolding(db: DbOrTx, packageId: string, uids: string[], articles: string[]) {
  const result = await db.execute(sql`
    select uid, article from exchange_1c_staged_goods
    where package_id = ${packageId} and (uid in (select json_array_elements_text(${JSON.stringify(uids)}::json))
      or article in (select json_array_elements_text(${JSON.stringify(articles)}::json)))`);
  const rows = rowsOf<{ uid: string; article: string }>(result);
  return { uids: new Set(rows.map((row) => row.uid)), articles: new Map(rows.map((row) => [row.article, row.uid])) };
}

/**
 * Stages offers, given as the JSON text of an array of StagedOffer (the reader turns each offer into its row's text
 * as it is read: catalog-import.ts); answers the seqs staged (an offer whose Ид the package already staged is not).
 */
export async function stageOffers(db: DbOrTx, packageId: string, offersJson: string): Promise<Set<number>> {
  if (offersJson === '[]') return new Set();
  const result = await db.execute(sql`
    insert into exchange_1c_staged_offers (package_id, seq, guid, product_uid, characteristic, residue, price, list_price)
    select ${packageId}, o.seq, o.guid, o.product_uid, o.characteristic, o.residue, o.price, o.list_price
    from json_to_recordset(${offersJson}::json) as o(seq integer, guid text, product_uid text,
      characteristic text, residue integer, price numeric, list_price numeric)
    order by o.seq
    on conflict do nothing
    returning seq`);
  return new Set(rowsOf<{ seq: number }>(result).map((row) => Number(row.seq)));
}

/** Rows of staged packages deleted per statement: each deletion stays short, so other requests run between them. */
const DELETE_CHUNK = 20_000;

/**
 * Removes a package's staged rows. When no other package is staged (1C sends one file at a time) both tables are
 * emptied at once, under a lock that makes another process's staging wait for it; else the package's rows go a chunk
 * per statement (found by their row addresses: no join to plan), so each deletion stays short.
 */
export async function removeStagedPackage(db: DbOrTx, packageId: string) {
  const emptied = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table exchange_1c_staged_goods, exchange_1c_staged_offers in access exclusive mode`);
    const others = await tx.execute(sql`
      (select 1 from exchange_1c_staged_goods where package_id < ${packageId} limit 1)
      union all (select 1 from exchange_1c_staged_goods where package_id > ${packageId} limit 1)
      union all (select 1 from exchange_1c_staged_offers where package_id < ${packageId} limit 1)
      union all (select 1 from exchange_1c_staged_offers where package_id > ${packageId} limit 1)`);
    if (rowsOf(others).length > 0) return false;
    await tx.execute(sql`truncate exchange_1c_staged_goods, exchange_1c_staged_offers`);
    return true;
  });
  if (emptied) return;
  for (const table of ['exchange_1c_staged_goods', 'exchange_1c_staged_offers'] as const) {
    for (;;) {
      const result = await db.execute(sql`
        delete from ${sql.identifier(table)} where ctid = any(array(
          select ctid from ${sql.identifier(table)} where package_id = ${packageId} limit ${DELETE_CHUNK}))`);
      if (affected(result) < DELETE_CHUNK) break;
    }
  }
}

/** Packages staged before `olderThanMinutes` and not among `running`: left by a process that stopped mid-way. */
export async function abandonedPackages(db: DbOrTx, running: string[], olderThanMinutes: number): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct package_id from (
      select package_id, staged_at from exchange_1c_staged_goods union all select package_id, staged_at from exchange_1c_staged_offers) s
    where staged_at < now() - make_interval(mins => ${olderThanMinutes})
      and package_id not in (select json_array_elements_text(${JSON.stringify(running)}::json))`);
  return rowsOf<{ package_id: string }>(result).map((row) => row.package_id);
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

// ── The apply, inside the package's one transaction ─────────────────────────────────────────────────────────────────

/**
 * How many rows each statement of the apply writes. An UPDATE of products makes the embedded engine allocate some
 * 4 KB per row it updates until the statement ends (not so an INSERT, nor an UPDATE of a copy of the table without
 * its indexes), and its WebAssembly memory never shrinks: the 200,000 products priced by one statement grew it from
 * 128 MB to 1,066 MB for good. Statements of `products` rows each stay inside the memory the engine starts with; they
 * are all in the package's one transaction, so the catalogue still changes all at once or not at all. Tests make it
 * small, so that a small package is applied in several statements.
 */
export const applyChunks = { products: 5_000 };

/** A row address past any page (the largest block number PostgreSQL has). */
const LAST_TID = '(4294967294,0)';

/**
 * The staging table's pages, as ranges of row addresses (`ctid`) of about `rowsPerRange` rows each, in the order the
 * rows were staged; a range is read by a TID range scan, so each statement of the apply reads only its own rows.
 */
async function pageRanges(tx: DbOrTx, table: 'exchange_1c_staged_goods', packageId: string, rowsPerRange: number) {
  const result = await tx.execute(sql`
    select (pg_relation_size(${table}::regclass) / current_setting('block_size')::integer)::integer as pages,
      (select count(*) from ${sql.identifier(table)} where package_id = ${packageId})::integer as rows`);
  const [row] = rowsOf<{ pages: number | string; rows: number | string }>(result);
  const pages = Number(row?.pages ?? 0);
  const rows = Number(row?.rows ?? 0);
  if (pages === 0 || rows === 0) return [];
  const pagesPerRange = Math.max(1, Math.floor((pages * rowsPerRange) / rows));
  const ranges: Array<{ from: string; to: string }> = [];
  for (let page = 0; page < pages; page += pagesPerRange) {
    // The last range is open: nothing past the pages counted belongs to the package's accepted rows, but it costs nothing.
    ranges.push({ from: `(${page},0)`, to: page + pagesPerRange >= pages ? LAST_TID : `(${page + pagesPerRange},0)` });
  }
  return ranges;
}

/**
 * Refuses staged goods whose article another product holds (an article is unique): marked, counted, and the first
 * `limit` answered with the holder for the reason.
 */
export async function refuseGoodsOfTakenArticles(tx: DbOrTx, packageId: string, limit: number) {
  const result = await tx.execute(sql`
    with refused as (
      update exchange_1c_staged_goods g set refusal = 'article:' || p.uid
      from products p
      where g.package_id = ${packageId} and g.refusal is null and p.article = g.article and p.uid <> g.uid
      returning g.seq, g.uid, g.article, p.uid as holder)
    select seq, uid, article, holder, count(*) over () as total from refused order by seq limit ${limit}`);
  const rows = rowsOf<{ uid: string; article: string; holder: string; total: string | number }>(result);
  return { total: Number(rows[0]?.total ?? 0), first: rows };
}

/**
 * Writes the accepted goods to products, `applyChunks.products` staged goods per statement in the order they were
 * staged: new ones inserted, stored ones updated only where the package differs; what CommerceML does not carry
 * (prices, status, discount, video…) keeps its stored value. Answers how many were created and changed; the name-word
 * triggers of products see each statement's rows at once.
 */
export async function applyStagedGoods(tx: DbOrTx, packageId: string) {
  let created = 0;
  let changed = 0;
  for (const range of await pageRanges(tx, 'exchange_1c_staged_goods', packageId, applyChunks.products)) {
    const result = await tx.execute(sql`
      with written as (
        insert into products (uid, name, type, article, article_key, name_key, price, price_opt, weight, volume,
          detail_text, status, video, characteristics, max_discount, group_code, season_sale, protect)
        select g.uid, g.name, coalesce(g.type, p.type, 'wear'), g.article, g.article_key, g.name_key,
          coalesce(p.price, 0), coalesce(p.price_opt, 0), coalesce(g.weight, p.weight, 0), coalesce(p.volume, 0),
          coalesce(g.detail_text, p.detail_text, ''), coalesce(p.status, ''), p.video,
          case when g.keep_characteristics and p.id is not null then p.characteristics else g.characteristics end,
          coalesce(p.max_discount, 0), coalesce(g.group_code, p.group_code), coalesce(p.season_sale, false), coalesce(p.protect, '')
        from exchange_1c_staged_goods g left join products p on p.uid = g.uid
        where g.ctid >= ${range.from}::tid and g.ctid < ${range.to}::tid and g.package_id = ${packageId} and g.refusal is null
        order by g.seq
        on conflict (uid) do update set name = excluded.name, type = excluded.type, article = excluded.article,
          article_key = excluded.article_key, name_key = excluded.name_key, weight = excluded.weight,
          detail_text = excluded.detail_text, characteristics = excluded.characteristics, group_code = excluded.group_code
        where (products.name, products.type, products.article, products.weight, products.detail_text, products.characteristics, products.group_code)
          is distinct from (excluded.name, excluded.type, excluded.article, excluded.weight, excluded.detail_text, excluded.characteristics, excluded.group_code)
        returning (xmax = 0) as created)
      select count(*) filter (where created) as created, count(*) filter (where not created) as changed from written`);
    const [row] = rowsOf<{ created: string | number; changed: string | number }>(result);
    created += Number(row?.created ?? 0);
    changed += Number(row?.changed ?? 0);
  }
  const accepted = await tx.execute(sql`select count(*) as accepted from exchange_1c_staged_goods where package_id = ${packageId} and refusal is null`);
  return { created, changed, accepted: Number(rowsOf<{ accepted: string | number }>(accepted)[0]?.accepted ?? 0) };
}

/** The accepted goods' pictures, where they list some that differ from the stored ones: replaced. Answers how many goods. */
export async function applyStagedPictures(tx: DbOrTx, packageId: string): Promise<number> {
  const result = await tx.execute(sql`
    with wanted as (
      select p.id, g.pictures from exchange_1c_staged_goods g join products p on p.uid = g.uid
      where g.package_id = ${packageId} and g.refusal is null and g.pictures is not null and cardinality(g.pictures) > 0),
    stored as (
      select i.product_id, array_agg(i.storage_key order by i.sort, i.id) as keys from product_images i
      where i.product_id in (select id from wanted) group by i.product_id),
    differ as (
      select w.id, w.pictures from wanted w left join stored s on s.product_id = w.id where s.keys is distinct from w.pictures),
    removed as (delete from product_images i using differ d where i.product_id = d.id returning i.id),
    added as (
      insert into product_images (product_id, storage_key, sort)
      select d.id, k.key, (k.n - 1)::integer from differ d cross join lateral unnest(d.pictures) with ordinality as k(key, n)
      returning product_id)
    select (select count(*) from differ) as goods, (select count(*) from removed) + (select count(*) from added) as rows`);
  const [row] = rowsOf<{ goods: string | number }>(result);
  return Number(row?.goods ?? 0);
}

export type OfferRefusal = 'product' | 'price' | 'organisation';

/**
 * Refuses staged offers the apply cannot take: of a product the catalogue lacks, new without a dealer price, or new
 * while the configured organisation is one the portal does not have (`organisationKnown`). Marked, counted, and the
 * first `limit` answered.
 */
export async function refuseOffers(tx: DbOrTx, packageId: string, organisationKnown: boolean, limit: number) {
  const result = await tx.execute(sql`
    with refused as (
      update exchange_1c_staged_offers o set refusal = case
          when not exists (select 1 from products p where p.uid = o.product_uid) then 'product'
          when o.price is null then 'price' else 'organisation' end
      where o.package_id = ${packageId} and o.refusal is null and (
        not exists (select 1 from products p where p.uid = o.product_uid)
        or ((o.price is null or not ${organisationKnown}) and not exists (select 1 from offers x where x.guid = o.guid)))
      returning o.seq, o.guid, o.product_uid, o.refusal)
    select seq, guid, product_uid, refusal, count(*) over () as total from refused order by seq limit ${limit}`);
  const rows = rowsOf<{ guid: string; product_uid: string; refusal: OfferRefusal; total: string | number }>(result);
  return { total: Number(rows[0]?.total ?? 0), first: rows };
}

/**
 * Writes the accepted offers in one statement: new ones inserted with `organisation`, stored ones updated only where
 * the package differs; what an offer does not carry (its price in a stock file, its stock in a prices file) stays.
 * Not split like the products' writes: a million offers inserted, or 40,000 updated, by one statement left the
 * embedded engine's memory as it was, and the split cost time (docs/decisions.md, 28 Nov).
 */
export async function applyStagedOffers(tx: DbOrTx, packageId: string, organisation: string) {
  // The statement runs only when some offer is new or differs (what it would write): a package that changes no offer
  // (the same offers.xml again) leaves offers and their triggers alone. (The stock marker moves only for offers
  // actually added since migration 0026; before it, an insert that wrote no row made the index read all stock again.)
  const [check] = rowsOf<{ writes: boolean; accepted: string | number }>(
    await tx.execute(sql`
      select exists (
          select 1 from exchange_1c_staged_offers o join products p on p.uid = o.product_uid left join offers x on x.guid = o.guid
          where o.package_id = ${packageId} and o.refusal is null
            and (x.guid is null or (x.product_id, x.characteristic, x.residue, x.price)
              is distinct from (p.id, coalesce(o.characteristic, x.characteristic, ''), coalesce(o.residue, x.residue, 0), coalesce(o.price, x.price)))
        ) as writes,
        (select count(*) from exchange_1c_staged_offers where package_id = ${packageId} and refusal is null) as accepted`),
  );
  if (!check?.writes) return { created: 0, changed: 0, accepted: Number(check?.accepted ?? 0) };
  const result = await tx.execute(sql`
    with written as (
      insert into offers (guid, product_id, characteristic, residue, price, ppdata, org_guid)
      select o.guid, p.id, coalesce(o.characteristic, x.characteristic, ''), coalesce(o.residue, x.residue, 0),
        coalesce(o.price, x.price), coalesce(x.ppdata, ''), coalesce(x.org_guid, ${organisation})
      from exchange_1c_staged_offers o join products p on p.uid = o.product_uid left join offers x on x.guid = o.guid
      where o.package_id = ${packageId} and o.refusal is null
      order by o.seq
      on conflict (guid) do update set product_id = excluded.product_id, characteristic = excluded.characteristic,
        residue = excluded.residue, price = excluded.price
      where (offers.product_id, offers.characteristic, offers.residue, offers.price)
        is distinct from (excluded.product_id, excluded.characteristic, excluded.residue, excluded.price)
      returning (xmax = 0) as created)
    select count(*) filter (where created) as created, count(*) filter (where not created) as changed,
      (select count(*) from exchange_1c_staged_offers where package_id = ${packageId} and refusal is null) as accepted
    from written`);
  const [row] = rowsOf<{ created: string | number; changed: string | number; accepted: string | number }>(result);
  return { created: Number(row?.created ?? 0), changed: Number(row?.changed ?? 0), accepted: Number(row?.accepted ?? 0) };
}

/**
 * The prices of the products whose offers the package priced: PRICE_OPT is the lowest price of all the product's
 * offers (sizes above it are their surcharge), PRICE the lowest list price the package sent (else the stored one).
 * The new prices of the products that change are worked out by one statement into a table of the transaction's own,
 * then written `applyChunks.products` products per statement (see there). Answers how many products changed.
 */
export async function applyProductPrices(tx: DbOrTx, packageId: string): Promise<number> {
  await tx.execute(sql`
    create temporary table exchange_1c_new_prices (id integer primary key, price numeric(14, 2) not null, price_opt numeric(14, 2) not null)
    on commit drop`);
  await tx.execute(sql`
    with sent as (
      select o.product_uid, min(o.list_price) as list from exchange_1c_staged_offers o
      where o.package_id = ${packageId} and o.refusal is null
      group by o.product_uid having bool_or(o.price is not null)),
    lowest as (
      select p.id, min(x.price) as dealer, s.list from sent s join products p on p.uid = s.product_uid
      join offers x on x.product_id = p.id group by p.id, s.list)
    insert into exchange_1c_new_prices (id, price, price_opt)
    select l.id, coalesce(l.list, p.price), l.dealer from lowest l join products p on p.id = l.id
    where p.price_opt <> l.dealer or p.price <> coalesce(l.list, p.price)`);
  let changed = 0;
  for (let after = 0; ; ) {
    // The chunk's last id first: bounding products by the range too lets each statement read them by their key,
    // where a join to the chunk alone is planned as a scan of all products per chunk.
    const bound = await tx.execute(sql`
      select coalesce(
        (select id from exchange_1c_new_prices where id > ${after} order by id offset ${applyChunks.products - 1} limit 1),
        (select max(id) from exchange_1c_new_prices where id > ${after})) as last`);
    const last = rowsOf<{ last: string | number | null }>(bound)[0]?.last;
    if (last === null || last === undefined) break;
    const result = await tx.execute(sql`
      with written as (
        update products set price = n.price, price_opt = n.price_opt from exchange_1c_new_prices n
        where n.id > ${after} and n.id <= ${Number(last)} and products.id > ${after} and products.id <= ${Number(last)} and products.id = n.id
        returning products.id)
      select count(*) as changed from written`);
    changed += Number(rowsOf<{ changed: string | number }>(result)[0]?.changed ?? 0);
    after = Number(last);
  }
  return changed;
}
