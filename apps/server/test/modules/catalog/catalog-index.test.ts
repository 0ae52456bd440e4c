/**
 * The catalogue's in-memory index answers exactly what SQL answers: for many random combinations of scope, filters,
 * sort, price type and page on a few thousand generated products, the page's ids in order, the total, the page served,
 * every filter count and the totals without each filter equal those of the reference SQL (test/support/catalog-reference.ts,
 * each figure a direct query). On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import {
  CATALOG_PAGE_SIZE,
  CATALOG_SORT,
  CATALOG_STATUS_VALUES,
  PRICE_TYPE,
  emptyCatalogFilters,
  priceTypeHalves,
  type CatalogFilters,
  type CatalogSort,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { answerPage, type CatalogScope } from '../../../src/modules/catalog/catalog-index';
import { referenceCatalogPage } from '../../support/catalog-reference';
import { createRandom } from '../../../src/seed/random';
import { createTestApp, type TestApp } from '../../support/helper';

const PRODUCTS = 2500;
const COMBINATIONS = 160;

let t: TestApp;
let groups: Array<{ code: string; parent: string | null }>;

/** The seed's generator (mulberry32), so the same combinations come on every run and a failure can be replayed. */
function randomSource(seed: number) {
  const { next, chance } = createRandom(seed);
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[below(values.length)]!;
  const some = <T>(values: readonly T[], most: number): T[] => {
    const shuffled = [...values].sort(() => next() - 0.5);
    return shuffled.slice(0, 1 + below(Math.min(most, shuffled.length)));
  };
  return { next, below, chance, pick, some };
}

beforeAll(async () => {
  t = await createTestApp({ SEED_PRODUCTS: String(PRODUCTS), LOG_LEVEL: 'error' });
  const db = t.app.db;
  groups = rowsOf<{ code: string; parent: string | null }>(await db.execute(sql`select code, parent_code as parent from catalog_groups`));
  // Popularity with ties and a window edge: lines of recent orders and of an order just outside the 90 days.
  const [owner] = rowsOf<{ partner: number; user: number }>(
    await db.execute(sql`select partner_id as partner, user_id as user from user_partners order by user_id limit 1`),
  );
  for (const [daysAgo, step, quantity] of [
    [2, 37, 3],
    [30, 53, 2],
    [89, 41, 3],
    [91, 29, 50],
  ] as const) {
    const [order] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into orders (user_id, partner_id, created_at)
        values (${owner!.user}, ${owner!.partner}, now() - make_interval(days => ${daysAgo})) returning id`),
    );
    await db.execute(sql`insert into order_lines (order_id, product_id, org_guid, quantity)
      select ${order!.id}, id, '', ${quantity} + id % 3 from products where id % ${step} = 0`);
  }
  // Stock gone from some sizes, a product in no group, equal prices and names: edges of filters and sorts.
  await db.execute(sql`update offers set residue = 0 where id % 7 = 0`);
  await db.execute(sql`update products set group_code = null where id % 97 = 0`);
  await db.execute(sql`update products set price = 1000, price_opt = 800 where id % 89 = 0`);
});
afterAll(() => t?.close());

function subtree(code: string): string[] {
  const codes = [code];
  for (let i = 0; i < codes.length; i++) for (const group of groups) if (group.parent === codes[i]) codes.push(group.code);
  return codes;
}

/** Compares `combinations` random pages of the index with the reference; answers how many found products and how many combined filters. */
async function compareRandomPages(seed: number, combinations: number) {
    const random = randomSource(seed);
    const db = t.app.db;
    const sorts = Object.values(CATALOG_SORT) as CatalogSort[];
    const halvesOf = [PRICE_TYPE.DEFAULT, PRICE_TYPE.DEALER, PRICE_TYPE.BASE].map(priceTypeHalves);
    const scopes: CatalogScope[] = [
      { all: true },
      { seasonSale: true },
      ...groups.map((group) => ({ groupCodes: subtree(group.code) })),
      // A group with no products.
      { groupCodes: ['no-such-group'] },
    ];
    let nonEmpty = 0;
    let counted = 0;
    for (let n = 0; n < combinations; n++) {
      const scope = random.pick(scopes);
      const halves = random.pick(halvesOf);
      // The values to choose from: what the unfiltered scope lists (its own counts), and now and then one it lacks.
      const unfiltered = await referenceCatalogPage(db, {
        scope,
        filters: emptyCatalogFilters(),
        sort: '',
        halves,
        partnerId: null,
        page: 1,
        pageSize: CATALOG_PAGE_SIZE,
      });
      const filters: CatalogFilters = emptyCatalogFilters();
      filters.inStock = random.chance(0.35);
      for (const facet of ['type', 'season', 'size', 'protection', 'standard'] as const) {
        const values = unfiltered.counts[facet].map((entry) => entry.value);
        if (values.length > 0 && random.chance(0.3)) filters[facet] = random.some(values, 3);
        if (random.chance(0.03)) filters[facet] = [...filters[facet], 'нет такого'];
      }
      if (random.chance(0.3)) filters.status = random.some(CATALOG_STATUS_VALUES, 3);
      const { min, max } = unfiltered.counts.price;
      if (min !== null && max !== null && random.chance(0.3)) {
        // Bounds in roubles on and between the dealer prices of the scope (kopecks included), one side or both.
        const at = (share: number) => Math.round(min + (max - min) * share) / 100;
        const from = random.chance(0.5) ? at(random.next() * 0.6) : null;
        const to = random.chance(0.7) ? at(0.4 + random.next() * 0.6) : null;
        filters.priceFrom = from;
        filters.priceTo = from !== null && to !== null && to < from ? from : to;
        if (filters.priceFrom === null && filters.priceTo === null) filters.priceFrom = min / 100;
      }
      const sort = random.pick(sorts);
      const page = random.pick([1, 1, 2, 3, 5, 40, 999]);

      const query = { scope, filters, sort, halves, page, pageSize: CATALOG_PAGE_SIZE };
      const expected = await referenceCatalogPage(db, { ...query, partnerId: null });
      const { snapshot, newSinceUs } = await t.app.catalogIndex.current();
      const answer = answerPage(snapshot, { ...query, newSinceUs });
      const label = JSON.stringify({ n, ...query });
      expect(answer.ids, label).toEqual(expected.rows.map((row) => row.id));
      expect(answer.total, label).toBe(expected.total);
      expect(answer.page, label).toBe(expected.page);
      expect(answer.counts, label).toEqual(expected.counts);
      expect(answer.without, label).toEqual(expected.without);
      if (expected.total > 0) nonEmpty++;
      if (expected.without.length > 1) counted++;
    }
    return { nonEmpty, counted };
}

describe('catalogue index', () => {
  it('answers every random combination of scope, filters, sort, price type and page as SQL does', async () => {
    const { nonEmpty, counted } = await compareRandomPages(15, COMBINATIONS);
    // The combinations must exercise something: most find products, many combine several filters.
    expect(nonEmpty).toBeGreaterThan(COMBINATIONS / 3);
    expect(counted).toBeGreaterThan(COMBINATIONS / 5);
  });

  it('keeps a scope’s entry while only popularity or what is in stock changes, and builds it again for new sizes', async () => {
    const scope: CatalogScope = { groupCodes: subtree(groups[0]!.code) };
    const before = (await t.app.catalogIndex.current()).snapshot;
    const entry = before.scope(scope);
    // An order's lines change popularity (a new snapshot), a flip what is in stock (changed in place).
    await t.app.db.execute(sql`insert into order_lines (order_id, product_id, org_guid, quantity)
      select (select min(id) from orders), id, '', 1 from products where id % 61 = 0`);
    await t.app.db.execute(sql`update offers set residue = case when residue > 0 then 0 else 3 end where id % 13 = 5`);
    const after = (await t.app.catalogIndex.current()).snapshot;
    expect(after).not.toBe(before);
    expect(after.scope(scope)).toBe(entry);
    await compareRandomPages(17, 40);
    // An offer of a new size: the stock part is read again, and the scope's sizes with it.
    await t.app.db.execute(sql`insert into offers (guid, product_id, characteristic, residue, price, org_guid)
      select gen_random_uuid()::text, id, 'Новый размер 99', 2, 100, '' from products where id = (select min(id) from products)`);
    const restocked = (await t.app.catalogIndex.current()).snapshot;
    expect(restocked.stock).not.toBe(after.stock);
    expect(restocked.scope(scope)).not.toBe(entry);
    await compareRandomPages(18, 40);
  });

  it('stays equal to SQL after stock crosses zero both ways, read product by product from the flips', async () => {
    await t.app.catalogIndex.current();
    const flipped = await t.app.db.execute(sql`
      update offers set residue = case when residue > 0 then 0 else 5 end where id % 11 = 3 returning id`);
    expect(rowsOf(flipped).length).toBeGreaterThan(0);
    const flips = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from catalog_stock_flips`))[0]!.n;
    expect(flips).toBeGreaterThan(0);
    await compareRandomPages(16, 60);
  });
});
