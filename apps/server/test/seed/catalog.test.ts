/**
 * The demo seed's articles: unique for every product a 2,000,000-product seed makes (16 kinds, so up to the
 * 125,000th product of a kind), in the forms dealers meet, and unique too as the domain keys them (the search key the
 * integration derives). A repeated article would be refused by the integration's catalogue load and stop the seed.
 */
import { PGlite } from '@electric-sql/pglite';
import { articleKey } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_ARTICLE } from '../../src/seed/catalog';

const pglite = await PGlite.create();
const db = drizzle({ client: pglite });
afterAll(() => pglite.close());

const PER_KIND = 125_000;
const articles = async (from: number, to: number) =>
  (
    await db.execute<{ i: number; article: string }>(sql`select i, ${SEED_ARTICLE} as article
      from generate_series(${from}::int, ${to}::int) i cross join (select 'КСТ'::text as prefix) k order by i`)
  ).rows.map((row) => row.article);

describe('seed articles', () => {
  it('never repeats an article or its search key within a kind, up to a 2,000,000-product catalogue', async () => {
    const all = await articles(0, PER_KIND - 1);
    expect(all).toHaveLength(PER_KIND);
    expect(new Set(all).size).toBe(PER_KIND);
    expect(new Set(all.map(articleKey)).size).toBe(PER_KIND);
  });

  it('writes the forms dealers meet', async () => {
    expect(await articles(0, 5)).toEqual(['КСТ100А', 'КСТ0001', 'КСТ-2', 'КСТ101А', 'КСТ0004', 'КСТ-5']);
    // Past 9,999 the padded form keeps every digit (lpad once cut 10000 to 1000, the article of another product).
    expect(await articles(10_000, 10_000)).toEqual(['КСТ10000']);
  });
});
