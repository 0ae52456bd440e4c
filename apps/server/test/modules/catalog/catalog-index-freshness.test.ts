/**
 * The catalogue index follows the database: an order that takes a product's last units takes it out of «in stock», and
 * a product imported by the ERP appears — at once when the index reads its change markers before each page (the tests'
 * mode), and after the index's next look at them in the background mode (production), where this process's own import
 * is waited for. No timing windows: the background look is started by the test.
 */
import { ORGANISATION } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { CatalogIndex } from '../../../src/modules/catalog/catalog-index-keeper';
import { orderPayload } from '../operations/fixtures';
import { insertProduct, type FixtureProduct } from '../orders/fixtures';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

const KEY = 'catalogue-index-key-0123456789';

interface Page {
  products: Array<{ ID: number; RESIDUE: number }>;
  total: number;
  filters: { inStock: number; size: Array<{ value: string; count: number }> };
}

function harness(overrides: Record<string, string>) {
  const state = {} as { t: TestApp; demo: Record<string, string> };
  beforeAll(async () => {
    state.t = await createTestApp({ INTEGRATION_API_KEY: KEY, LOG_LEVEL: 'error', ...overrides });
    state.demo = await signInAs(state.t.app, 'demo');
  });
  afterAll(() => state.t?.close());

  const page = async (query: Record<string, string> = {}): Promise<Page> => {
    const response = await state.t.app.inject({ url: '/api/content/catalog/products', query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().response as Page;
  };
  const order = async (product: FixtureProduct, quantity: number) => {
    const response = await state.t.app.inject({ method: 'POST', url: '/api/order/add', headers: state.demo, payload: await orderPayload(state.t.app, product, quantity) });
    expect(response.statusCode, response.body).toBe(200);
    const [offer] = rowsOf<{ residue: number }>(await state.t.app.db.execute(sql`select residue from offers where guid = ${product.offers[0]!.guid}`));
    expect(offer!.residue).toBe(0);
  };
  const importProduct = async (uid: string, article: string) => {
    const response = await state.t.app.inject({
      method: 'POST',
      url: '/api/integration/products',
      headers: { 'x-api-key': KEY },
      payload: [
        {
          uid,
          article,
          name: `Перчатки «Свежие» ${article}`,
          price: 410,
          price_opt: 300,
          group_code: 'ruki-perchatki',
          status: 'Outlet',
          characteristics: [{ NAME: 'Сезон', VALUE: 'всесезонные' }],
          offers: [{ guid: `${uid}-o1`, characteristic: '10', residue: 5, price: 300, org_guid: ORGANISATION.FRO }],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response.applied, response.body).toBe(1);
  };
  const productId = async (uid: string) =>
    rowsOf<{ id: number }>(await state.t.app.db.execute(sql`select id from products where uid = ${uid}`))[0]!.id;
  return { state, page, order, importProduct, productId };
}

describe('catalogue index, refreshed before each page (tests)', () => {
  const { state, page, order, importProduct, productId } = harness({});

  it('drops a product from «in stock» once an order takes its last units', async () => {
    const product = await insertProduct(state.t.app.db, { priceOpt: 500, offers: [{ characteristic: 'Ф-15', residue: 2 }] });
    const before = await page();
    const sized = await page({ size: 'Ф-15', stock: '1' });
    expect(sized.total).toBe(1);
    expect(sized.filters.size.find((entry) => entry.value === 'Ф-15')).toEqual({ value: 'Ф-15', count: 1 });

    await order(product, 2);
    const after = await page();
    expect(after.filters.inStock).toBe(before.filters.inStock - 1);
    const gone = await page({ size: 'Ф-15', stock: '1' });
    expect(gone.total).toBe(0);
    expect(gone.filters.size.find((entry) => entry.value === 'Ф-15')).toEqual({ value: 'Ф-15', count: 0 });
    // The size itself is still there, out of stock.
    expect((await page({ size: 'Ф-15' })).total).toBe(1);
  });

  it('follows an offer moved to another size (sizes are read again, not only stock)', async () => {
    const product = await insertProduct(state.t.app.db, { priceOpt: 500, offers: [{ characteristic: 'Ф-17', residue: 1 }] });
    expect((await page({ size: 'Ф-17', stock: '1' })).total).toBe(1);
    await state.t.app.db.execute(sql`update offers set characteristic = 'Ф-18' where guid = ${product.offers[0]!.guid}`);
    expect((await page({ size: 'Ф-17' })).total).toBe(0);
    expect((await page({ size: 'Ф-18', stock: '1' })).total).toBe(1);
  });

  it('lists a product the ERP imports on the next page, with its group, status, season and size', async () => {
    const query = { group: 'ruki', status: 'Outlet', season: 'всесезонные', size: '10', stock: '1' };
    const before = await page(query);
    await importProduct('fresh-index-1', 'СВЕЖ-001');
    const after = await page(query);
    expect(after.total).toBe(before.total + 1);
    const id = await productId('fresh-index-1');
    expect((await page({ ...query, sort: 'new' })).products[0]!.ID).toBe(id);
  });
});

describe('catalogue index, refreshed in the background (production)', () => {
  // An interval no test reaches: each look at the markers is started by the test (checkNow).
  const { state, page, order, importProduct, productId } = harness({ CATALOG_INDEX_REFRESH: 'background', CATALOG_INDEX_REFRESH_SECONDS: '3600' });

  it("waits for this process's own import of products", async () => {
    const query = { group: 'ruki', status: 'Outlet' };
    const before = await page(query);
    await importProduct('fresh-index-2', 'СВЕЖ-002');
    const after = await page({ ...query, sort: 'new' });
    expect(after.total).toBe(before.total + 1);
    expect(after.products[0]!.ID).toBe(await productId('fresh-index-2'));
  });

  it('sees stock taken by an order, and a change made outside the process, at its next look at the markers', async () => {
    const product = await insertProduct(state.t.app.db, { priceOpt: 500, offers: [{ characteristic: 'Ф-16', residue: 3 }] });
    await state.t.app.catalogIndex.checkNow();
    expect((await page({ size: 'Ф-16', stock: '1' })).total).toBe(1);

    await order(product, 3);
    // Until the index looks again, the counts may lag; the card's stock is read live.
    const lagging = await page({ size: 'Ф-16' });
    expect(lagging.products[0]!.RESIDUE).toBe(0);
    await state.t.app.catalogIndex.checkNow();
    expect((await page({ size: 'Ф-16', stock: '1' })).total).toBe(0);

    // Another process (here: a statement outside the app) puts stock back.
    await state.t.app.db.execute(sql`update offers set residue = 4 where guid = ${product.offers[0]!.guid}`);
    await state.t.app.catalogIndex.checkNow();
    expect((await page({ size: 'Ф-16', stock: '1' })).total).toBe(1);
  });
});

describe('catalogue index, first build', () => {
  const { state } = harness({});

  it.each(['background', 'on-request'] as const)('is built once however many pages wait for it (%s)', async (refresh) => {
    const built: object[] = [];
    const index = new CatalogIndex(state.t.app.db, {
      refresh,
      intervalMs: 3_600_000,
      log: { error: (details) => built.push({ failed: details }), info: (details) => built.push(details) },
    });
    try {
      index.start();
      // Pages arriving while the first build runs: each waits for that build, none asks for another.
      const pages = await Promise.all([index.current(), index.current(), index.current()]);
      expect(new Set(pages.map((page) => page.snapshot)).size).toBe(1);
      expect(pages[0]!.snapshot.products.size).toBeGreaterThan(0);
      expect(built).toHaveLength(1);
    } finally {
      await index.close();
    }
  });
});
