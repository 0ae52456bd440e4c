/** A product's pictures and certificates, replaced set-based: one statement per list for any number of products. */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/** Replaces the pictures of the products whose stored list (by sort) differs from `keys`; answers how many products. */
export async function replacePictures(db: DbOrTx, wanted: Array<{ id: number; keys: string[] }>): Promise<number> {
  if (wanted.length === 0) return 0;
  const result = await db.execute(sql`
    with wanted as (select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(id int, keys text[])),
    stored as (
      select i.product_id, array_agg(i.storage_key order by i.sort, i.id) as keys from product_images i
      where i.product_id in (select id from wanted) group by i.product_id),
    differ as (
      select w.id, w.keys from wanted w left join stored s on s.product_id = w.id
      where coalesce(s.keys, '{}') is distinct from coalesce(w.keys, '{}')),
    removed as (delete from product_images i using differ d where i.product_id = d.id returning i.id),
    added as (
      insert into product_images (product_id, storage_key, sort)
      select d.id, k.key, (k.n - 1)::integer from differ d cross join lateral unnest(d.keys) with ordinality as k(key, n)
      order by d.id, k.n
      returning product_id)
    select (select count(*) from differ) as products, (select count(*) from removed) + (select count(*) from added) as rows`);
  return Number(rowsOf<{ products: string | number }>(result)[0]?.products ?? 0);
}

export interface CertificateValues {
  name: string;
  number: string;
  /** The last day it is valid (a Moscow day, YYYY-MM-DD), or null. */
  validUntil: string | null;
  storageKey: string;
}

/** Replaces the certificates of the products whose stored list (by id) differs from the one wanted; answers how many. */
export async function replaceCertificates(db: DbOrTx, wanted: Array<{ id: number; certificates: CertificateValues[] }>): Promise<number> {
  if (wanted.length === 0) return 0;
  // A certificate is valid to the end of its last day, as its paper says: stored as that Moscow day's midnight, which
  // the product page shows as the day (Moscow is UTC+3 all year).
  const numbered = wanted.map(({ id, certificates }) => ({ id, certificates: certificates.map((certificate, n) => ({ ...certificate, n })) }));
  const result = await db.execute(sql`
    with sent as (select * from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as w(id int, certificates jsonb)),
    wanted as (
      select s.id, x.n, x.name, x.number, (x."validUntil" || ' 00:00:00+03')::timestamptz as valid_until, x."storageKey" as storage_key
      from sent s cross join lateral jsonb_to_recordset(s.certificates) as x(n int, name text, number text, "validUntil" text, "storageKey" text)),
    wanted_lists as (
      -- A product sent with an empty list is in it too, with no certificates.
      select s.id, array_agg(row(w.name, w.number, w.valid_until, w.storage_key)::text order by w.n) filter (where w.n is not null) as list
      from sent s left join wanted w on w.id = s.id group by s.id),
    stored as (
      select c.product_id, array_agg(row(c.name, c.number, c.valid_until, c.storage_key)::text order by c.id) as list from certificates c
      where c.product_id in (select id from wanted_lists) group by c.product_id),
    differ as (
      select w.id from wanted_lists w left join stored s on s.product_id = w.id
      where coalesce(s.list, '{}') is distinct from coalesce(w.list, '{}')),
    removed as (delete from certificates c using differ d where c.product_id = d.id returning c.id),
    added as (
      insert into certificates (product_id, name, number, valid_until, storage_key)
      select w.id, w.name, w.number, w.valid_until, w.storage_key from wanted w join differ d on d.id = w.id
      order by w.id, w.n
      returning product_id)
    select (select count(*) from differ) as products, (select count(*) from removed) + (select count(*) from added) as rows`);
  return Number(rowsOf<{ products: string | number }>(result)[0]?.products ?? 0);
}
