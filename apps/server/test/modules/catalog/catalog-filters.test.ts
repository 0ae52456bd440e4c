/**
 * Catalogue filters, sorts and counts (issue 15): every answer is checked against a direct count in SQL, on PGlite
 * and (with DATABASE_URL) on PostgreSQL.
 */
import { CATALOG_PAGE_SIZE, catalogPageCount, companyPrice, fromKopecks, toKopecks } from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;

interface Card {
  ID: number;
  NAME: string;
  PRICE: number;
  PRICE_DEALER: number;
  PRICE_NET: number;
  RESIDUE: number;
  STATUS: string;
  BOUGHT: string | null;
}
interface Page {
  products: Card[];
  count: number;
  total: number;
  page: number;
  filters: Record<'type' | 'season' | 'size' | 'protection' | 'standard' | 'status', Array<{ value: string; count: number }>> & {
    inStock: number;
    price: { min: number | null; max: number | null };
  };
  without: Array<{ filter: string; total: number }>;
}

const SORT_GROUP = 'test-sort';

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  // Gloves of size 8 are out of stock everywhere: a size value that must still be listed, with a zero count.
  await t.app.db.execute(sql`update offers set residue = 0 where characteristic = '8'`);
  // A group of names to check the Russian order: ё with е, lower and upper case together, Latin after Cyrillic.
  await t.app.db.execute(sql`insert into catalog_groups (code, name) values (${SORT_GROUP}, 'Проверка порядка')`);
  const names = ['Жук', 'ёж', 'Bolt', 'арбуз', 'Ель', 'банан', 'яблоко', '1С-перчатки', 'Ёлка'];
  for (const [i, name] of names.entries()) {
    await t.app.db.execute(sql`
      insert into products (uid, name, article, article_key, name_key, price, price_opt, group_code, created_at)
      values (${`sort-${i}`}, ${name}, ${`СОРТ${i}`}, ${`СОРТ${i}`}, ${name.toLowerCase()}, ${100 + i}, ${90 + i}, ${SORT_GROUP},
              now() - make_interval(days => ${i * 10}))`);
  }
});
afterAll(() => t.close());

async function page(url: string, query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Page> {
  const response = await t.app.inject({ url, query, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response as Page;
}
const products = (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  page('/api/content/catalog/products', query, headers);

async function sqlCount(where: SQL): Promise<number> {
  return rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from products p where ${where}`))[0]!.n;
}
const inGroup = (prefix: string) => sql`p.group_code like ${prefix + '%'}`;
const hasStock = sql`exists (select 1 from offers o where o.product_id = p.id and o.residue > 0)`;
const sizeInStock = (size: string) => sql`exists (select 1 from offers o where o.product_id = p.id and o.characteristic = ${size} and o.residue > 0)`;

/** Every product of a filtered catalogue, page by page. */
async function allPages(query: Record<string, string>, headers: Record<string, string> = {}): Promise<Card[]> {
  const first = await products(query, headers);
  const cards = [...first.products];
  for (let n = 2; n <= catalogPageCount(first.total); n++) cards.push(...(await products({ ...query, page: String(n) }, headers)).products);
  expect(cards).toHaveLength(first.total);
  return cards;
}

describe('catalogue filters', () => {
  it('narrows by each filter alone, as a direct count in SQL does', async () => {
    const cases: Array<[Record<string, string>, SQL]> = [
      [{ stock: '1' }, hasStock],
      [{ type: 'shoes' }, sql`p.type = 'shoes'`],
      [{ season: 'зима' }, sql`p.characteristics @> '[{"NAME": "Сезон", "VALUE": "зима"}]'`],
      [{ size: '10' }, sql`exists (select 1 from offers o where o.product_id = p.id and o.characteristic = '10')`],
      [{ protection: '2' }, sql`p.characteristics @> '[{"NAME": "Класс защиты", "VALUE": "2"}]'`],
      [{ standard: 'ГОСТ 12.4.281-2014' }, sql`p.characteristics @> '[{"NAME": "ГОСТ", "VALUE": "12.4.281-2014"}]'`],
      [{ standard: 'ТР ТС 019/2011' }, sql`p.characteristics @> '[{"NAME": "ТР ТС", "VALUE": "019/2011"}]'`],
      [{ status: 'Outlet' }, sql`p.status = 'Outlet'`],
      [{ status: 'new' }, sql`p.created_at > now() - interval '60 days'`],
      [{ status: 'Discount,Activity' }, sql`p.status in ('Discount', 'Activity')`],
      [{ priceFrom: '1000', priceTo: '3000' }, sql`p.price between 1000 and 3000`],
    ];
    for (const [query, where] of cases) {
      const answer = await products(query);
      const expected = await sqlCount(where);
      expect(expected, JSON.stringify(query)).toBeGreaterThan(0);
      expect(answer.total, JSON.stringify(query)).toBe(expected);
      expect(answer.count).toBe(Math.min(CATALOG_PAGE_SIZE, expected));
    }
  });

  it('combines filters with AND (values of one filter with OR), size with stock meaning that size in stock', async () => {
    const query = { group: 'ruki', stock: '1', size: '9,10', status: 'Outlet,Discount,Activity,new' };
    const where = sql`${inGroup('ruki')} and (${sizeInStock('9')} or ${sizeInStock('10')})
      and (p.status in ('Outlet', 'Discount', 'Activity') or p.created_at > now() - interval '60 days')`;
    const expected = await sqlCount(where);
    expect(expected).toBeGreaterThan(0);
    const cards = await allPages(query);
    expect(cards.length).toBe(expected);
    const ids = rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products p where ${where} order by id`)).map((row) => row.id);
    expect(cards.map((card) => card.ID)).toEqual(ids);
  });

  it('counts each value as the products it would leave with the other filters, zero counts listed', async () => {
    const answer = await products({ group: 'ruki', stock: '1', size: '10', status: 'Outlet' });
    const group = inGroup('ruki');
    // Sizes: the other filters (stock, status), each size in stock; size 8 is out of stock but listed.
    for (const size of ['8', '9', '10']) {
      const entry = answer.filters.size.find((value) => value.value === size);
      expect(entry, size).toBeDefined();
      expect(entry!.count, size).toBe(await sqlCount(sql`${group} and ${sizeInStock(size)} and p.status = 'Outlet'`));
    }
    expect(answer.filters.size.find((value) => value.value === '8')!.count).toBe(0);
    // Statuses: every value listed, counted with stock and size 10.
    expect(answer.filters.status.map((value) => value.value)).toEqual(['Outlet', 'Discount', 'Activity', 'new']);
    for (const { value, count } of answer.filters.status) {
      const status = value === 'new' ? sql`p.created_at > now() - interval '60 days'` : sql`p.status = ${value}`;
      expect(count, value).toBe(await sqlCount(sql`${group} and ${sizeInStock('10')} and ${status}`));
    }
    // In stock: size 10 and Outlet, in stock or not.
    expect(answer.filters.inStock).toBe(await sqlCount(sql`${group} and ${sizeInStock('10')} and p.status = 'Outlet'`));
    // Types of the group: gloves and mittens are all «wear».
    expect(answer.filters.type).toEqual([
      { value: 'wear', count: await sqlCount(sql`${group} and ${sizeInStock('10')} and p.status = 'Outlet' and p.type = 'wear'`) },
    ]);
    expect(answer.total).toBe(await sqlCount(sql`${group} and ${sizeInStock('10')} and p.status = 'Outlet'`));
  });

  it('counts seasons, protection classes and standards of the whole catalogue from the characteristics', async () => {
    const answer = await products({ type: 'wear' });
    const seasons = rowsOf<{ value: string; count: number }>(
      await t.app.db.execute(sql`
        select c->>'VALUE' as value, count(*)::int as count from products p, jsonb_array_elements(p.characteristics) c
        where c->>'NAME' = 'Сезон' and p.type = 'wear' group by 1`),
    );
    const bySeason = Object.fromEntries(answer.filters.season.map((entry) => [entry.value, entry.count]));
    for (const row of seasons) expect(bySeason[row.value], row.value).toBe(row.count);
    // Winter boots have a season too but are shoes: listed, with what they would leave under type=wear (none).
    expect(answer.filters.season.length).toBeGreaterThanOrEqual(seasons.length);
    expect(answer.filters.protection.map((entry) => entry.value).sort()).toEqual(['2', '3', 'FFP2']);
    expect(answer.filters.standard.find((entry) => entry.value === 'ТР ТС 019/2011')).toEqual({ value: 'ТР ТС 019/2011', count: 0 });
  });

  it('filters and sorts by «Ваша цена» of the company in use (after its discount), the price /api/product/prices gives', async () => {
    // ИП Петров buys at base prices (halfway between list and dealer, rounded to the kopeck), less his FRO discount.
    const headers = demo;
    const query = { group: 'obuv', sort: 'price', priceFrom: '2500', priceTo: '4000', PARTNER: DEMO_PARTNERS.PETROV };
    const cards = await allPages(query, headers);
    const contracts = rowsOf<{ guid: string; pricetype: string; discount: string }>(
      await t.app.db.execute(sql`select s.guid, s.price_type as pricetype, s.discount from storages s join partners pa on pa.id = s.partner_id
        where pa.uid = ${DEMO_PARTNERS.PETROV} order by s.id`),
    ).map((row) => ({ organisation: row.guid, priceType: row.pricetype, discountPercent: Number(row.discount) }));
    expect(contracts.some((contract) => contract.discountPercent > 0)).toBe(true);
    const all = rowsOf<{ id: number; price: string; price_opt: string; status: string; max_discount: string }>(
      await t.app.db.execute(sql`select id, price, price_opt, status, max_discount from products p where ${inGroup('obuv')}`),
    ).map((row) => {
      const product = { listKopecks: toKopecks(Number(row.price)), dealerKopecks: toKopecks(Number(row.price_opt)), status: row.status, maxDiscountPercent: Number(row.max_discount) };
      return { id: row.id, net: fromKopecks(companyPrice(product, undefined, contracts).priceKopecks) };
    });
    const expected = all.filter((row) => row.net >= 2500 && row.net <= 4000);
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(cards.map((card) => card.ID))).toEqual(new Set(expected.map((row) => row.id)));
    const prices = cards.map((card) => card.PRICE_NET);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The same prices as the catalogue cards' price call.
    const ids = cards.slice(0, 20).map((card) => card.ID);
    const priced = await t.app.inject({ url: '/api/product/prices', query: { IDS: ids.join(','), PARTNER: DEMO_PARTNERS.PETROV }, headers });
    expect(priced.statusCode, priced.body).toBe(200);
    const answered = new Map((priced.json().response.PRICES as Array<{ ID: number; PRICE_OPT: number; PRICE_NET: number }>).map((row) => [row.ID, row]));
    for (const card of cards.slice(0, 20)) {
      expect(card.PRICE_DEALER, String(card.ID)).toBe(answered.get(card.ID)!.PRICE_OPT);
      expect(card.PRICE_NET, String(card.ID)).toBe(answered.get(card.ID)!.PRICE_NET);
    }
    // The price range of the counts: the cheapest and dearest «Ваша цена» the other filters leave.
    const first = await products(query, headers);
    expect(first.filters.price).toEqual({ min: Math.min(...all.map((row) => row.net)), max: Math.max(...all.map((row) => row.net)) });
    // Descending: the same set, the other way.
    const descending = await allPages({ ...query, sort: '-price' }, headers);
    expect(descending.map((card) => card.PRICE_NET)).toEqual([...prices].reverse());
  });

  it('without a session prices at list prices; PARTNER of another user is refused', async () => {
    const cards = (await products({ group: 'obuv', sort: '-price' })).products;
    for (const card of cards) expect(card.PRICE_DEALER).toBe(card.PRICE);
    expect(cards.every((card) => card.BOUGHT === null)).toBe(true);
    expect((await t.app.inject({ url: '/api/content/catalog/products', query: { PARTNER: DEMO_PARTNERS.PETROV }, headers: demo2 })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/content/catalog/products', query: { PARTNER: DEMO_PARTNERS.PETROV } })).statusCode).toBe(401);
  });

  it('marks products the company bought with the date of its last order', async () => {
    const bought = rowsOf<{ product_id: number; day: string }>(
      await t.app.db.execute(sql`
        select l.product_id, to_char(max(o.created_at) at time zone 'Europe/Moscow', 'YYYY-MM-DD') as day
        from order_lines l join orders o on o.id = l.order_id join partners pa on pa.id = o.partner_id
        where pa.uid = ${DEMO_PARTNERS.SPECSNAB} group by 1`),
    );
    expect(bought.length).toBeGreaterThan(0);
    const cards = await allPages({ PARTNER: DEMO_PARTNERS.SPECSNAB }, demo);
    const expected = new Map(bought.map((row) => [row.product_id, row.day]));
    for (const card of cards) expect(card.BOUGHT, String(card.ID)).toBe(expected.get(card.ID) ?? null);
  });

  it('sorts names in Russian order on this engine, novelty newest first, popularity by units of the last 90 days', async () => {
    const byName = (await products({ group: SORT_GROUP, sort: 'name' })).products.map((card) => card.NAME);
    expect(byName).toEqual(['1С-перчатки', 'арбуз', 'банан', 'ёж', 'Ёлка', 'Ель', 'Жук', 'яблоко', 'Bolt']);
    const byNovelty = (await products({ group: SORT_GROUP, sort: 'new' })).products.map((card) => card.NAME);
    expect(byNovelty).toEqual(['Жук', 'ёж', 'Bolt', 'арбуз', 'Ель', 'банан', 'яблоко', '1С-перчатки', 'Ёлка']);

    // An order of yesterday for «банан» (3 units) and «Ель» (1), and an old one with many «яблоко»: the old one counts not.
    const [partner] = rowsOf<{ id: number; user_id: number }>(
      await t.app.db.execute(sql`select up.partner_id as id, up.user_id from user_partners up order by up.user_id limit 1`),
    );
    const order = async (daysAgo: number, lines: Array<[string, number]>) => {
      const [row] = rowsOf<{ id: number }>(
        await t.app.db.execute(sql`insert into orders (user_id, partner_id, created_at)
          values (${partner!.user_id}, ${partner!.id}, now() - make_interval(days => ${daysAgo})) returning id`),
      );
      for (const [name, quantity] of lines) {
        await t.app.db.execute(sql`insert into order_lines (order_id, product_id, org_guid, quantity)
          select ${row!.id}, id, '', ${quantity} from products where group_code = ${SORT_GROUP} and name = ${name}`);
      }
    };
    await order(1, [['банан', 3], ['Ель', 1]]);
    await order(5, [['банан', 1]]);
    await order(120, [['яблоко', 50]]);
    const byPopularity = (await products({ group: SORT_GROUP, sort: 'popular' })).products.map((card) => card.NAME);
    expect(byPopularity.slice(0, 2)).toEqual(['банан', 'Ель']);
    // The rest (nothing ordered lately) keep the catalogue order.
    expect(byPopularity.slice(2)).toEqual(['Жук', 'ёж', 'Bolt', 'арбуз', 'яблоко', '1С-перчатки', 'Ёлка']);
  });

  it('answers a page past the last as the last, an empty result as page 1 with what each filter leaves', async () => {
    const first = await products({ group: 'odezhda', stock: '1' });
    const pages = catalogPageCount(first.total);
    expect(pages).toBeGreaterThan(1);
    const last = await products({ group: 'odezhda', stock: '1', page: String(pages) });
    expect(last.page).toBe(pages);
    expect(last.count).toBe(first.total - (pages - 1) * CATALOG_PAGE_SIZE);
    expect(await products({ group: 'odezhda', stock: '1', page: '99' })).toEqual(last);
    const empty = await products({ group: 'ruki', size: '8', stock: '1', status: 'Outlet' });
    expect(empty).toMatchObject({ products: [], count: 0, total: 0, page: 1 });
    expect(empty.without).toEqual([
      { filter: 'inStock', total: await sqlCount(sql`${inGroup('ruki')} and p.status = 'Outlet' and exists (select 1 from offers o where o.product_id = p.id and o.characteristic = '8')`) },
      { filter: 'size', total: await sqlCount(sql`${inGroup('ruki')} and p.status = 'Outlet' and ${hasStock}`) },
      { filter: 'status', total: 0 },
    ]);
    // The season sale pages and filters the same way.
    const sale = await page('/api/content/season-sale', { stock: '1', page: '999' });
    expect(sale.total).toBe(await sqlCount(sql`p.season_sale and ${hasStock}`));
    expect(sale.page).toBe(catalogPageCount(sale.total));
  });

  it('answers the same page without its counts when asked counts=0', async () => {
    const selections: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['/api/content/catalog/products', { group: 'odezhda', stock: '1', sort: 'price', page: '2' }, {}],
      ['/api/content/catalog/products', { group: 'ruki', size: '9,10', sort: '-price', PARTNER: DEMO_PARTNERS.PETROV }, demo],
      ['/api/content/season-sale', { page: '999', sort: 'name' }, {}],
    ];
    for (const [url, query, headers] of selections) {
      const whole = await page(url, query, headers);
      expect(whole.filters).not.toBeNull();
      expect(await page(url, { ...query, counts: '0' }, headers)).toEqual({ ...whole, filters: null, without: null });
      expect(await page(url, { ...query, counts: '1' }, headers)).toEqual(whole);
    }
  });

  it('answers 400 with a Russian message saying what to fix for a bad parameter', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ sort: 'cheap' }, /«sort»: неизвестная сортировка «cheap»\. Допустимо: price, -price, name, new, popular или пусто\.$/],
      [{ priceFrom: 'дёшево' }, /«priceFrom»: цена в рублях: число от 0/],
      [{ priceTo: '1.999' }, /«priceTo»: цена в рублях: число от 0/],
      [{ priceFrom: '500', priceTo: '100' }, /priceFrom больше priceTo/],
      [{ status: 'Sale' }, /«status»: неизвестное значение «Sale»\. Допустимо: Outlet, Discount, Activity, new\.$/],
      [{ type: 'hats' }, /«type»: неизвестное значение «hats»/],
      [{ stock: 'yes' }, /«stock»: 1 — только товары в наличии/],
      [{ size: Array.from({ length: 51 }, (_, i) => String(i)).join(',') }, /«size»: не больше 50 значений/],
      [{ counts: 'no' }, /«counts»: 1 или пусто — страница со счётчиками фильтров, 0 — только страница\.$/],
    ];
    for (const url of ['/api/content/catalog/products', '/api/content/season-sale']) {
      for (const [query, message] of cases) {
        const response = await t.app.inject({ url, query });
        expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
        expect(response.json().error.message, JSON.stringify(query)).toMatch(message);
      }
    }
  });
});
