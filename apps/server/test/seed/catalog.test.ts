/**
 * The demo seed's articles: unique for every product a 2,000,000-product seed makes (16 kinds, so up to the
 * 125,000th product of a kind), in the forms dealers meet, and keyed as the domain keys them. A repeated article is
 * dropped by the seed's «on conflict do nothing», so a catalogue would silently come out smaller than asked.
 */
import { PGlite } from '@electric-sql/pglite';
import { articleKey } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_ARTICLE, SEED_ARTICLE_KEY } from '../../src/seed/catalog';

const pglite = await PGlite.create();
const db = drizzle({ client: pglite });
afterAll(() => pglite.close());

const PER_KIND = 125_000;
const articles = (from: number, to: number) =>
  db.execute<{ i: number; article: string; key: string }>(sql`select i, ${SEED_ARTICLE} as article, ${SEED_ARTICLE_KEY} as key
    from generate_series(${from}::int, ${to}::int) i cross join (select 'КСТ'::text as prefix) k order by i`);

describe('seed articles', () => {
  it('never repeats an article or a key within a kind, up to a 2,000,000-product catalogue', async () => {
    const counted = await db.execute<{ total: number; articles: number; keys: number }>(sql`select count(*)::int as total,
        count(distinct ${SEED_ARTICLE})::int as articles, count(distinct ${SEED_ARTICLE_KEY})::int as keys
      from generate_series(0, ${PER_KIND - 1}::int) i cross join (select 'КСТ'::text as prefix) k`);
    expect(counted.rows[0]).toEqual({ total: PER_KIND, articles: PER_KIND, keys: PER_KIND });
  });

  it('writes the forms dealers meet, keyed as the domain keys an article', async () => {
    const { rows } = await articles(0, 5);
    expect(rows.map((row) => row.article)).toEqual(['КСТ100А', 'КСТ0001', 'КСТ-2', 'КСТ101А', 'КСТ0004', 'КСТ-5']);
    // Past 9,999 the padded form keeps every digit (lpad once cut 10000 to 1000, the article of another product).
    const past = (await articles(10_000, 10_000)).rows[0]!;
    expect(past.article).toBe('КСТ10000');
    for (const row of [...rows, past, ...(await articles(67_497, 67_503)).rows]) expect(row.key).toBe(articleKey(row.article));
  });
});
