/**
 * A signed-in dealer's catalogue pages and product search while a 1C package is applied (issue 40): asked while the
 * package's one transaction is open, they show the catalogue as it was before the package with the company's own
 * prices («Ваша цена» after its contract's discount) and its «bought before» — the session, the company's contracts and
 * its «bought before» kept in memory, the cards read before the transaction — and after the commit the package. On the
 * embedded database the transaction holds the engine's only session: a request that read the database would wait for
 * the commit, here never answered, and the test would fail by its timeout.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DbOrTx } from '../../../src/db/client';
import { importCatalogPackage, type CatalogImportApp } from '../../../src/modules/exchange-1c/catalog-import';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let folder: string;
let demo: Record<string, string>;
const settings = { warehouses: [] };

beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-signed-in-during-package-'));
  demo = await signInAs(t.app, 'demo');
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const GOODS = 12;
const GROUP = 'signed-in-during-package';
const uid = (g: number) => `signed-in-good-${g}`;

function goodsXml() {
  const goods = Array.from(
    { length: GOODS },
    (_, g) => `<Товар><Ид>${uid(g)}</Ид><Артикул>SIP-${g}</Артикул><Наименование>Куртка «Вход» ${g}</Наименование><Группы><Ид>${GROUP}</Ид></Группы></Товар>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><Классификатор><Группы><Группа><Ид>${GROUP}</Ид><Наименование>Вход во время пакета</Наименование></Группа></Группы></Классификатор><Каталог СодержитТолькоИзменения="false"><Товары>${goods.join('')}</Товары></Каталог></КоммерческаяИнформация>`;
}

function offersXml(price: (g: number) => number, stock: number) {
  const items = Array.from(
    { length: GOODS },
    (_, g) =>
      `<Предложение><Ид>${uid(g)}#52</Ид><Наименование>Размер (52)</Наименование><Цены><Цена><ИдТипаЦены>dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${price(g)}</ЦенаЗаЕдиницу></Цена></Цены><Количество>${stock}</Количество></Предложение>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="false"><ТипыЦен><ТипЦены><Ид>dealer</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен><Предложения>${items.join('')}</Предложения></ПакетПредложений></КоммерческаяИнформация>`;
}

/** `base`'s app whose package transaction, after its statements ran and before it commits, calls `ask` once. */
function askingInsideTransaction(base: TestApp['app'], ask: () => Promise<unknown>, seen: unknown[]): CatalogImportApp {
  let asked = false;
  const db = new Proxy(base.db, {
    get(target, property, receiver) {
      if (property !== 'transaction' || asked) return Reflect.get(target, property, receiver);
      return (work: (tx: DbOrTx) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          asked = true;
          const result = await work(tx);
          seen.push(await ask());
          return result;
        });
    },
  });
  return { ...base, db, storage: base.storage, catalogIndex: base.catalogIndex } as unknown as CatalogImportApp;
}

async function load(name: string, xml: string, app: CatalogImportApp = t.app) {
  await writeFile(path.join(folder, name), xml);
  return importCatalogPackage(app, folder, name, settings);
}

interface Card {
  ID: number;
  NAME: string;
  PRICE: number;
  PRICE_DEALER: number;
  PRICE_NET: number;
  RESIDUE: number;
  BOUGHT: string | null;
}

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: demo });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json().response as unknown;
}

const COMPANY_PAGE = `/api/content/catalog/products?group=${GROUP}&sort=price&PARTNER=${DEMO_PARTNERS.PETROV}`;
const SIGNED_IN = [COMPANY_PAGE, `/api/content/catalog/products?group=${GROUP}&sort=-price`, `/api/content/season-sale?PARTNER=${DEMO_PARTNERS.PETROV}`];

/** Product search as the dealer's company sees it: by article, by name, and a product's page by id (`searches`). */
const searches = (id: number) => [
  `/api/product/search?OPTION=0&QUERY=SIP-3&PARTNER=${DEMO_PARTNERS.PETROV}`,
  `/api/product/search?OPTION=2&QUERY=${encodeURIComponent('Куртка Вход 5')}&PARTNER=${DEMO_PARTNERS.PETROV}`,
  `/api/product/search?OPTION=9&QUERY=${id}&PARTNER=${DEMO_PARTNERS.PETROV}`,
];

interface Found {
  PRODUCT: { NAME: string; PRICE: number; PRICE_OPT: number; PRICE_NET: number };
  OFFERS: Array<{ RESIDUE: number; PRICE: number; PRICE_NET: number }>;
}

const asked = async (urls: string[]) => {
  const bodies: unknown[] = [];
  for (const url of urls) bodies.push(await get(url));
  return bodies;
};

describe("a signed-in dealer's catalogue while a 1C package is applied", () => {
  beforeAll(async () => {
    await load('import.xml', goodsXml());
    await load('offers.xml', offersXml((g) => 1000 + g, 5));
    // ИП Петров bought good 3 once: his page marks it.
    const [good] = rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid = ${uid(3)}`));
    const [company] = rowsOf<{ id: number; user_id: number }>(
      await t.app.db.execute(sql`select pa.id, up.user_id from partners pa join user_partners up on up.partner_id = pa.id join users u on u.id = up.user_id
        where pa.uid = ${DEMO_PARTNERS.PETROV} and u.login = 'demo'`),
    );
    const [order] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`insert into orders (user_id, partner_id, created_at) values (${company!.user_id}, ${company!.id}, '2026-03-05T10:00:00Z') returning id`),
    );
    await t.app.db.execute(sql`insert into order_lines (order_id, product_id, org_guid, quantity) values (${order!.id}, ${good!.id}, '', 1)`);
  });

  it('a product search asked inside the open transaction finds the catalogue before the package at the company prices, also one not asked since the last package; after the commit, the package', async () => {
    const [good] = rowsOf<{ id: number }>(await t.app.db.execute(sql`select id from products where uid = ${uid(7)}`));
    const urls = searches(good!.id);
    const before = (await asked(urls)) as Found[];
    expect(before.map((answer) => answer.PRODUCT.NAME)).toEqual(['Куртка «Вход» 3', 'Куртка «Вход» 5', 'Куртка «Вход» 7']);
    const offer = before[0]!.OFFERS[0]!;
    // The company's price after its discount: not the list price.
    expect(offer.PRICE_NET).toBeLessThan(offer.PRICE);

    const seen: unknown[] = [];
    await load('offers.xml', offersXml((g) => 3000 + g, 9), askingInsideTransaction(t.app, () => asked(urls), seen));
    expect(seen).toEqual([before]);

    // The package's writes dropped what search kept; nothing is searched before the next package, which reads the
    // searches asked lately again before its transaction: asked inside it, they show this package, not the next.
    const during: unknown[] = [];
    await load('offers.xml', offersXml((g) => 4000 + g, 11), askingInsideTransaction(t.app, () => asked(urls), during));
    const seenSecond = during[0] as Found[];
    expect(seenSecond.map((answer) => answer.OFFERS[0]!.RESIDUE)).toEqual([9, 9, 9]);
    expect(seenSecond[0]!.OFFERS[0]!.PRICE).toBeGreaterThan(offer.PRICE);

    const after = (await asked(urls)) as Found[];
    expect(after.map((answer) => answer.OFFERS[0]!.RESIDUE)).toEqual([11, 11, 11]);
    expect(after[0]!.OFFERS[0]!.PRICE).toBeGreaterThan(seenSecond[0]!.OFFERS[0]!.PRICE);
  });

  it('pages asked inside the open transaction show the catalogue before the package at the company prices; after the commit, the package', async () => {
    const before = await asked(SIGNED_IN);
    const companyPage = before[0] as { products: Card[] };
    expect(companyPage.products.map((card) => card.NAME)).toEqual(Array.from({ length: GOODS }, (_, g) => `Куртка «Вход» ${g}`));
    // The company's price, not the list price: its contracts' type and discount (the catalogue's own tests check the
    // rule; here, that the page during the apply is the same page).
    expect(companyPage.products.find((card) => card.NAME === 'Куртка «Вход» 3')?.BOUGHT).toBe('2026-03-05');
    expect(companyPage.products.filter((card) => card.BOUGHT !== null)).toHaveLength(1);

    const seen: unknown[] = [];
    await load('offers.xml', offersXml((g) => 2000 - g, 7), askingInsideTransaction(t.app, () => asked(SIGNED_IN), seen));
    expect(seen).toEqual([before]);

    const after = (await get(COMPANY_PAGE)) as { products: Card[] };
    expect(after.products.map((card) => card.NAME)).toEqual(Array.from({ length: GOODS }, (_, g) => `Куртка «Вход» ${GOODS - 1 - g}`));
    expect(after.products.map((card) => card.RESIDUE)).toEqual(Array.from({ length: GOODS }, () => 7));
    expect(after.products.find((card) => card.NAME === 'Куртка «Вход» 3')?.BOUGHT).toBe('2026-03-05');
  });
});
