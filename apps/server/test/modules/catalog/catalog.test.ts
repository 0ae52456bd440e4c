import { DEMO_PARTNERS } from '../../../src/seed/people';
import { CATALOG_PAGE_SIZE, catalogPageCount } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, partners, products, users } from '../../../src/db/schema';
import { rowsOf } from '../../../src/db/client';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) => t.app.inject({ url, query, headers });

describe('content service: catalogue', () => {
  it('answers the menu as a tree with zones, without a session', async () => {
    const response = await get('/api/content/catalog/menu');
    expect(response.statusCode).toBe(200);
    const menu = response.json().response;
    expect(menu.map((g: { zone: string }) => g.zone).sort()).toEqual(['body', 'feet', 'hands', 'head']);
    const wear = menu.find((g: { code: string }) => g.code === 'odezhda');
    expect(wear.name).toBe('Спецодежда');
    expect(wear.items.map((g: { code: string }) => g.code)).toContain('odezhda-letnyaya');
  });

  it('pages a group and its sub-groups 25 at a time up to the last, partial page', async () => {
    const first = (await get('/api/content/catalog/products', { group: 'odezhda', page: '1' })).json().response;
    expect(first.page).toBe(1);
    expect(first.count).toBe(CATALOG_PAGE_SIZE);
    expect(first.products).toHaveLength(CATALOG_PAGE_SIZE);
    const n = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from products where group_code like 'odezhda%'`),
    )[0]?.n;
    expect(first.total).toBe(n);
    const pages = catalogPageCount(first.total);
    const last = (await get('/api/content/catalog/products', { group: 'odezhda', page: String(pages) })).json().response;
    expect(last.count).toBe(first.total - (pages - 1) * CATALOG_PAGE_SIZE);
    expect(last.count).toBeGreaterThan(0);
    // A page past the last is the last (issue 15: «страница 99 из 8» is not a page).
    const past = (await get('/api/content/catalog/products', { group: 'odezhda', page: String(pages + 1) })).json().response;
    expect(past).toEqual(last);
    // Pages do not overlap and a card carries what the list shows.
    const second = (await get('/api/content/catalog/products', { group: 'odezhda', page: '2' })).json().response;
    const ids = new Set(first.products.map((p: { ID: number }) => p.ID));
    expect(second.products.some((p: { ID: number }) => ids.has(p.ID))).toBe(false);
    expect(first.products[0]).toEqual(
      expect.objectContaining({ ARTICLE: expect.any(String), NAME: expect.any(String), PRICE: expect.any(Number), RESIDUE: expect.any(Number) }),
    );
    expect(first.products[0].IMAGE).toMatch(/^\/api\/content\/images\/\d+$/);
    // Each card's picture and stock are its own product's.
    for (const card of first.products.slice(0, 5)) {
      const imageId = Number(card.IMAGE.split('/').pop());
      const own = rowsOf<{ n: number; stock: number }>(
        await t.app.db.execute(sql`select (select count(*)::int from product_images where id = ${imageId} and product_id = ${card.ID}) as n,
          (select coalesce(sum(residue), 0)::int from offers where product_id = ${card.ID}) as stock`),
      )[0];
      expect(own).toEqual({ n: 1, stock: card.RESIDUE });
    }
  });

  it('answers page 1 without a page, all products without a group, and the season sale', async () => {
    const all = (await get('/api/content/catalog/products')).json().response;
    expect(all.page).toBe(1);
    expect(all.total).toBe(300);
    const sale = (await get('/api/content/season-sale', { page: '1' })).json().response;
    expect(sale.total).toBeGreaterThan(0);
    const ids = sale.products.map((p: { ID: number }) => p.ID);
    const rows = await t.app.db.select({ id: products.id, sale: products.seasonSale }).from(products).where(eq(products.id, ids[0]));
    expect(rows[0]!.sale).toBe(true);
  });

  it('shows on each card the stock of the filtered sizes when a size filter is on (issue 37)', async () => {
    const counts = (await get('/api/content/catalog/products')).json().response.filters;
    const size: string = counts.size.find((value: { count: number }) => value.count > 0).value;
    const page = (await get('/api/content/catalog/products', { size })).json().response;
    expect(page.products.length).toBeGreaterThan(0);
    const stocks = rowsOf<{ id: number; own: number; all: number }>(
      await t.app.db.execute(sql`select p.id,
          (select coalesce(sum(residue), 0)::int from offers where product_id = p.id and characteristic = ${size}) as own,
          (select coalesce(sum(residue), 0)::int from offers where product_id = p.id) as "all"
        from products p where p.id = any(${`{${page.products.map((card: { ID: number }) => card.ID).join(',')}}`}::int[])`),
    );
    const byId = new Map(stocks.map((row) => [Number(row.id), row]));
    for (const card of page.products) expect(card.RESIDUE, card.ARTICLE).toBe(byId.get(card.ID)!.own);
    // Not the product's whole stock: some card has other sizes in stock too.
    expect(stocks.some((row) => row.all > row.own)).toBe(true);
  });

  it('lists in the season sale («пока есть на складе») only what is in stock, on every page and in its count', async () => {
    const inStock = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from products p
        where p.season_sale and exists (select 1 from offers o where o.product_id = p.id and o.residue > 0)`),
    )[0]!.n;
    const onSale = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from products where season_sale`))[0]!.n;
    expect(inStock).toBeGreaterThan(0);
    expect(onSale).toBeGreaterThan(inStock);
    const first = (await get('/api/content/season-sale')).json().response;
    expect(first.total).toBe(inStock);
    for (let page = 1; page <= catalogPageCount(first.total); page++) {
      const cards = (await get('/api/content/season-sale', { page: String(page), counts: '0' })).json().response.products;
      for (const card of cards) expect(card.RESIDUE, card.ARTICLE).toBeGreaterThan(0);
    }
  });

  it('answers an absurd page number with the last page (issue 37), in a group, the whole catalogue and the sale', async () => {
    for (const url of ['/api/content/catalog/products', '/api/content/season-sale']) {
      for (const query of [{}, { group: 'odezhda' }] as Array<Record<string, string>>) {
        if (url.endsWith('season-sale') && 'group' in query) continue;
        const first = (await get(url, query)).json().response;
        const lastPage = catalogPageCount(first.total);
        const last = (await get(url, { ...query, page: String(lastPage) })).json().response;
        for (const page of ['99999999999', '9'.repeat(40)]) {
          const response = await get(url, { ...query, page });
          expect(response.statusCode, `${url} page=${page}`).toBe(200);
          expect(response.json().response, `${url} page=${page}`).toEqual(last);
          expect(response.json().response.page).toBe(lastPage);
        }
      }
    }
  });

  it('answers 400 for a page that is not a positive integer, 404 for an unknown group', async () => {
    for (const page of ['0', '-1', '1.5', 'abc', '1e3']) {
      for (const url of ['/api/content/catalog/products', '/api/content/season-sale']) {
        const response = await get(url, { page });
        expect(response.statusCode, `${url} page=${page}`).toBe(400);
        expect(response.json().error.message).toMatch(/page должен быть целым числом от 1/);
      }
    }
    const unknown = await get('/api/content/catalog/products', { group: 'no-such-group' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/Группа каталога/);
  });

  it('serves product pictures as PNG without a session', async () => {
    const page = (await get('/api/content/catalog/products')).json().response;
    const image = await get(page.products[0].IMAGE);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/api/content/images/99999999')).statusCode).toBe(404);
  });
});

describe('certificates', () => {
  it('lists the certificates of an article and downloads one as a PDF', async () => {
    const response = await get('/api/certificates', { article: 'КСТ105А' }, demo);
    expect(response.statusCode).toBe(200);
    const [certificate] = response.json().response;
    expect(certificate).toMatchObject({ article: 'КСТ105А', name: expect.stringMatching(/^Сертификат соответствия/) });
    const file = await get(certificate.url, {}, demo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/certificates', { article: 'НЕТ000' }, demo)).statusCode).toBe(404);
    expect((await get('/api/certificates', { article: 'КСТ105А' })).statusCode).toBe(401);
  });

  it('zips the certificates of a list of articles, one PDF per article', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/order/certificates', headers: demo, payload: { articles: ['КСТ105А', 'БТК100А', 'КСТ105А'] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^БТК100А Сертификат соответствия .*\.pdf$/);
    expect(names[1]).toMatch(/^КСТ105А Сертификат соответствия .*\.pdf$/);
    for (const name of names) expect(Buffer.from(files[name]!.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('answers 400 for an empty list and 404 naming unknown articles', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/order/certificates', headers: demo, payload: { articles: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/articles/);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/order/certificates', headers: demo, payload: { articles: ['КСТ105А', 'НЕТ000'] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/НЕТ000/);
  });

  it("zips an order's certificates for its company's users only", async () => {
    const [demoUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
    const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
    const chosen = await t.app.db.select({ id: products.id, article: products.article }).from(products).where(sql`${products.article} in ('КСТ105А', 'ПЕР100А')`);
    const [order] = await t.app.db.insert(orders).values({ userId: demoUser!.id, partnerId: specsnab!.id, count: 2 }).returning({ id: orders.id });
    await t.app.db.insert(orderLines).values(
      chosen.map((product) => ({ orderId: order!.id, productId: product.id, orgGuid: '', quantity: 1 })),
    );

    const response = await get(`/api/order/${order!.id}/certificates`, {}, demo);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.zip/);
    const names = Object.keys(unzipSync(new Uint8Array(response.rawPayload))).sort();
    expect(names.map((name) => name.split(' ')[0])).toEqual(['КСТ105А', 'ПЕР100А']);

    const foreign = await get(`/api/order/${order!.id}/certificates`, {}, demo2);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.rawPayload.subarray(0, 2).toString()).not.toBe('PK');
    expect((await get('/api/order/99999999/certificates', {}, demo)).statusCode).toBe(404);
    expect((await get('/api/order/abc/certificates', {}, demo)).statusCode).toBe(400);
  });
});
