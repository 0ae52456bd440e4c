/**
 * Prices have a change marker of their own (migration 0026): a change of prices alone — what a 1C offers package makes
 * of every product it prices — re-reads the two prices into a products part sharing everything else with the one
 * before, instead of building the whole part again beside it (issue 40's memory at a million offers). And every column
 * of products is either one the index is built from, whose update moves the products' marker, or one it does not hold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { insertProduct } from '../orders/fixtures';
import { createTestApp, type TestApp } from '../../support/helper';

/** The columns the catalogue index reads (catalog.repository.ts), generated ones by the columns they are made of. */
const INDEX_COLUMNS = ['id', 'name', 'name_key', 'group_code', 'type', 'status', 'max_discount', 'season_sale', 'characteristics', 'created_at'];
const PRICE_COLUMNS = ['price', 'price_opt'];
/** Columns the index does not hold: cards, the product's page and article search read them from the database. */
const OTHER_COLUMNS = ['uid', 'article', 'article_key', 'weight', 'volume', 'detail_text', 'video', 'protect'];

describe('catalogue index: prices changed alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An interval no test reaches: each look at the markers is started by the test (checkNow).
    t = await createTestApp({ LOG_LEVEL: 'error', CATALOG_INDEX_REFRESH: 'background', CATALOG_INDEX_REFRESH_SECONDS: '3600' });
  });
  afterAll(() => t?.close());

  const idOf = async (uid: string) => rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid = ${uid}`))[0]!.id;
  // A part rebuilt for a change is rebuilt once more at the next look (checkNow's «confirm»): two looks settle it.
  const settled = async () => {
    await t.app.catalogIndex.checkNow();
    await t.app.catalogIndex.checkNow();
  };
  const markers = async () =>
    rowsOf<{ products: number; prices: number }>(
      await t.app.db.execute(sql`
        select (select last_value from catalog_products_changes)::int as products, (select last_value from catalog_prices_changes)::int as prices`),
    )[0]!;

  it('classes every column of products: an update of an index column moves the products marker, of a price the prices marker, of any other neither', async () => {
    const columns = rowsOf<{ name: string }>(
      await t.app.db.execute(sql`
        select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'products' and is_generated = 'NEVER' order by ordinal_position`),
    ).map((row) => row.name);
    // A new column must be put in one of the lists (and, if the index reads it, in migration 0026's trigger).
    expect([...columns].sort()).toEqual([...INDEX_COLUMNS, ...PRICE_COLUMNS, ...OTHER_COLUMNS].sort());

    const product = await insertProduct(t.app.db, { priceOpt: 700 });
    for (const column of columns) {
      const before = await markers();
      // Set to itself: `UPDATE OF` fires for a column named in SET, changed or not.
      await t.app.db.execute(sql`update products set ${sql.identifier(column)} = ${sql.identifier(column)} where uid = ${product.uid}`);
      const after = await markers();
      const moved = { products: after.products !== before.products, prices: after.prices !== before.prices };
      expect(moved, column).toEqual({ products: INDEX_COLUMNS.includes(column), prices: PRICE_COLUMNS.includes(column) });
    }
  });

  it('reads the prices again into a part sharing the rest, and sorts and filters pages by them', async () => {
    const cheap = await insertProduct(t.app.db, { priceOpt: 900_000 });
    const cheapId = await idOf(cheap.uid);
    await settled();
    const page = async (query: Record<string, string>) => {
      const response = await t.app.inject({ url: '/api/content/catalog/products', query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().response as { products: Array<{ ID: number }>; total: number };
    };
    expect((await page({ sort: 'price' })).products[0]!.ID).not.toBe(cheapId);
    const before = (await t.app.catalogIndex.current()).snapshot;

    await t.app.db.execute(sql`update products set price = 0.02, price_opt = 0.01 where uid = ${cheap.uid}`);
    await t.app.catalogIndex.checkNow();
    const after = (await t.app.catalogIndex.current()).snapshot;

    // Not built again: the numbering, the bitmaps and the name words are the same objects.
    expect(after.products).not.toBe(before.products);
    expect(after.products.ids).toBe(before.products.ids);
    expect(after.products.nameWords).toBe(before.products.nameWords);
    expect(after.products.groups).toBe(before.products.groups);
    expect(after.stock).toBe(before.stock);
    // The pages see the new price: first by price, and alone under one rouble.
    expect((await page({ sort: 'price' })).products[0]!.ID).toBe(cheapId);
    const underRouble = await page({ priceTo: '1' });
    expect(underRouble.products.map((product) => product.ID)).toEqual([cheapId]);
    expect(underRouble.total).toBe(1);
  });

  it('builds the whole part again when an index column changes with the prices', async () => {
    const product = await insertProduct(t.app.db, { priceOpt: 800 });
    await settled();
    const before = (await t.app.catalogIndex.current()).snapshot;
    await t.app.db.execute(sql`update products set price = 0.04, price_opt = 0.03, status = 'Outlet' where uid = ${product.uid}`);
    await t.app.catalogIndex.checkNow();
    const after = (await t.app.catalogIndex.current()).snapshot;
    expect(after.products.nameWords).not.toBe(before.products.nameWords);
    const response = await t.app.inject({ url: '/api/content/catalog/products', query: { status: 'Outlet', sort: 'price' } });
    expect(response.json().response.products[0].ID).toBe(await idOf(product.uid));
  });
});
