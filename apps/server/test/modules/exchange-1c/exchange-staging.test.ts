/**
 * A catalogue package's two stages (catalog-import.ts): read and staged in short batches, then applied in one
 * transaction (its products written a hundred a statement here, as the server writes them 5,000 a statement, so the
 * transaction spans many statements). A package that fails in its transaction leaves the catalogue and the staging
 * tables as they were; two packages in turn apply each its own rows; a package sent again changes nothing; «only
 * changes» apply as changes; staged rows a stopped process left behind are removed, those of a package still being
 * read are not.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../src/db/client';
import { exchange1cStagedGoods, exchange1cStagedOffers, offers, products } from '../../../src/db/schema';
import { importCatalogPackage, type CatalogImportApp } from '../../../src/modules/exchange-1c/catalog-import';
import { applyChunks } from '../../../src/modules/exchange-1c/catalog-staging.repository';
import { createTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
let folder: string;
const settings = { warehouses: [] };

beforeAll(async () => {
  Object.assign(applyChunks, { products: CHUNK });
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-exchange-staging-'));
}, 60_000);
afterAll(async () => {
  Object.assign(applyChunks, serverChunks);
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** More goods than one staging batch, so the package is staged in several statements before it is applied. */
const GOODS = 1200;
const uid = (g: number) => `staging-good-${g}`;

/** The apply's statements as the server sizes them; this file applies its small packages in statements of 100 rows. */
const serverChunks = { ...applyChunks };
const CHUNK = 100;
/** Statements of CHUNK rows that GOODS rows take at the least (the staged rows go by pages: about CHUNK a statement). */
const STATEMENTS = GOODS / CHUNK - 2;

function goodsXml(name: (g: number) => string) {
  const goods = Array.from(
    { length: GOODS },
    (_, g) => `<Товар><Ид>${uid(g)}</Ид><Артикул>ST-${g}</Артикул><Наименование>${name(g)}</Наименование></Товар>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><Каталог СодержитТолькоИзменения="false"><Товары>${goods.join('')}</Товары></Каталог></КоммерческаяИнформация>`;
}

function offersXml(onlyChanges: boolean, offer: (g: number) => string, goods = GOODS) {
  const items = Array.from({ length: goods }, (_, g) => `<Предложение><Ид>${uid(g)}#1</Ид><Наименование>Размер (52)</Наименование>${offer(g)}</Предложение>`);
  return `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="${onlyChanges}"><ТипыЦен><ТипЦены><Ид>dealer</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен><Предложения>${items.join('')}</Предложения></ПакетПредложений></КоммерческаяИнформация>`;
}

const priced = (price: (g: number) => number, stock: (g: number) => number) => (g: number) =>
  `<Цены><Цена><ИдТипаЦены>dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${price(g)}</ЦенаЗаЕдиницу></Цена></Цены><Количество>${stock(g)}</Количество>`;

async function load(name: string, xml: string, app: CatalogImportApp = t.app) {
  await writeFile(path.join(folder, name), xml);
  return importCatalogPackage(app, folder, name, settings);
}

const stagedRows = async (db: DbOrTx = t.app.db) => {
  const [[goods], [offered]] = await Promise.all([
    db.select({ n: count() }).from(exchange1cStagedGoods),
    db.select({ n: count() }).from(exchange1cStagedOffers),
  ]);
  return goods!.n + offered!.n;
};

/**
 * Statements that wrote products so far (their statement trigger advances this marker once each): the products' own
 * columns, or (`prices`) their prices alone (migration 0026).
 */
const productStatements = async (marker: 'catalog_products_changes' | 'catalog_prices_changes' = 'catalog_products_changes') => {
  const result = await t.app.db.execute(sql`select last_value::int as n from ${sql.identifier(marker)}`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
};

const catalogue = async () => ({
  products: await t.app.db.select().from(products).where(like(products.uid, 'staging-good-%')).orderBy(products.id),
  offers: await t.app.db.select().from(offers).where(like(offers.guid, 'staging-good-%')).orderBy(offers.id),
});

/** The app with a database whose first transaction (the package's apply) fails at its end, after its work has run. */
function failingAtCommit(seen: { staged: number; written: number }): CatalogImportApp {
  let failed = false;
  const db = new Proxy(t.app.db, {
    get(target, property, receiver) {
      if (property !== 'transaction' || failed) return Reflect.get(target, property, receiver);
      return (work: (tx: DbOrTx) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          failed = true;
          await work(tx);
          seen.staged = await stagedRows(tx);
          const [written] = await tx.select({ n: count() }).from(products).where(like(products.uid, 'staging-good-%'));
          seen.written = written!.n;
          throw new Error('the disk went away at commit');
        });
    },
  });
  return { ...t.app, db, storage: t.app.storage } as unknown as CatalogImportApp;
}

describe('a package is staged, then applied in one transaction', () => {
  it('a package failing in its transaction leaves the catalogue and the staging tables as they were', async () => {
    const before = await catalogue();
    const seen = { staged: 0, written: 0 };
    await expect(load('import.xml', goodsXml((g) => `Куртка «Стейдж» ${g}`), failingAtCommit(seen))).rejects.toThrow('the disk went away');
    // Inside the transaction the whole package was staged and written…
    expect(seen).toEqual({ staged: GOODS, written: GOODS });
    // …and after it nothing of it is left anywhere.
    expect(await catalogue()).toEqual(before);
    expect(await stagedRows()).toBe(0);
  });

  it('two packages in turn: the goods, then their offers; each applied, nothing staged left', async () => {
    const marker = await productStatements();
    const goods = await load('import.xml', goodsXml((g) => `Куртка «Стейдж» ${g}`));
    expect(goods).toMatchObject({ created: GOODS, changed: 0, unchanged: 0, refused: 0 });
    // Written a hundred goods a statement, in the package's one transaction (in one statement: two firings).
    const afterGoods = await productStatements();
    expect(afterGoods - marker).toBeGreaterThanOrEqual(STATEMENTS);
    const pricesBefore = await productStatements('catalog_prices_changes');
    const prices = await load('offers.xml', offersXml(false, priced((g) => 1000 + g, (g) => g % 5)));
    // The products' prices too: a hundred products a statement, moving the prices' marker and not the products'.
    expect((await productStatements('catalog_prices_changes')) - pricesBefore).toBeGreaterThanOrEqual(STATEMENTS);
    expect(await productStatements()).toBe(afterGoods);
    // The offers, and the products' dealer prices from them.
    expect(prices).toMatchObject({ kind: 'offers', created: GOODS, changed: GOODS, refused: 0 });
    const { products: stored, offers: sizes } = await catalogue();
    expect(stored.map((product) => product.uid)).toEqual(Array.from({ length: GOODS }, (_, g) => uid(g)));
    expect(stored[7]).toMatchObject({ article: 'ST-7', name: 'Куртка «Стейдж» 7', priceOpt: 1007, price: 1007 });
    expect(sizes[7]).toMatchObject({ guid: `${uid(7)}#1`, characteristic: '52', residue: 2, price: 1007, productId: stored[7]!.id });
    expect(await stagedRows()).toBe(0);
    // The name-word index knows the new names: search by a word of them finds them.
    const found = await t.app.db.execute(sql`select count(*)::int as n from product_name_words pw join name_words w on w.id = pw.word_id where w.word = 'стейдж'`);
    expect(Number((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(GOODS);
  });

  it('the same packages again change nothing', async () => {
    const before = await catalogue();
    expect(await load('import.xml', goodsXml((g) => `Куртка «Стейдж» ${g}`))).toMatchObject({ created: 0, changed: 0, unchanged: GOODS });
    expect(await load('offers.xml', offersXml(false, priced((g) => 1000 + g, (g) => g % 5)))).toMatchObject({ created: 0, changed: 0, unchanged: GOODS });
    expect(await catalogue()).toEqual(before);
  });

  it('«only changes»: stock alone keeps prices; a renamed good keeps what the package leaves out', async () => {
    const before = await catalogue();
    const stock = await load('rests.xml', offersXml(true, (g) => `<Количество>${g % 5 === 0 ? 9 : g % 5}</Количество>`, 10));
    // Goods 0 and 5 of the first ten had other stock; nothing else moved.
    expect(stock).toMatchObject({ created: 0, changed: 2, unchanged: 8 });
    const after = await catalogue();
    expect(after.offers.filter((offer, i) => JSON.stringify(offer) !== JSON.stringify(before.offers[i])).map((offer) => [offer.guid, offer.residue, offer.price])).toEqual([
      [`${uid(0)}#1`, 9, 1000],
      [`${uid(5)}#1`, 9, 1005],
    ]);
    const renamed = await load('import.xml', goodsXml((g) => (g === 3 ? 'Куртка «Стейдж» утеплённая 3' : `Куртка «Стейдж» ${g}`)));
    expect(renamed).toMatchObject({ created: 0, changed: 1, unchanged: GOODS - 1 });
    const [good] = await t.app.db.select().from(products).where(eq(products.uid, uid(3)));
    expect(good).toEqual({ ...before.products[3], name: 'Куртка «Стейдж» утеплённая 3', nameKey: 'куртка стейдж утепленная 3' });
  });

  it('an article another product holds, a repeated Ид, an offer of an unknown good: refused with reasons, the rest applied', async () => {
    const xml = goodsXml((g) => `Куртка «Стейдж» ${g}`)
      .replace('<Ид>staging-good-1</Ид><Артикул>ST-1</Артикул>', '<Ид>staging-good-new</Ид><Артикул>ST-1</Артикул>')
      .replace('</Товары>', `<Товар><Ид>${uid(4)}</Ид><Артикул>ST-dup</Артикул><Наименование>Дубль</Наименование></Товар></Товары>`);
    const goods = await load('import.xml', xml);
    // Good 3 takes back the name the previous package changed; good 1 is not in this package and keeps its article.
    expect(goods).toMatchObject({ created: 0, changed: 1, refused: 2 });
    expect(goods.refusals).toEqual([
      { key: `товар ${uid(4)}`, reason: expect.stringContaining('встречается в пакете дважды') },
      { key: 'товар staging-good-new', reason: expect.stringContaining(`Артикул ST-1 уже у товара ${uid(1)}`) },
    ]);
    const offered = await load('offers.xml', offersXml(false, priced(() => 10, () => 1), 1).replace(`${uid(0)}#1`, 'nobody#1'));
    expect(offered).toMatchObject({ refused: 1, created: 0 });
    expect(offered.refusals[0]!.reason).toContain('Товар nobody не найден в каталоге портала');
    expect(await stagedRows()).toBe(0);
  });

  it('staged rows a stopped process left are removed by the next package; a package still being read keeps its rows', async () => {
    // (With another package staged, the package's own rows go one by one rather than by emptying the tables.)
    const stage = (packageId: string, minutesAgo: number) =>
      t.app.db.insert(exchange1cStagedOffers).values({ packageId, seq: 0, guid: 'x#1', productUid: 'x', stagedAt: new Date(Date.now() - minutesAgo * 60_000) });
    await stage('stopped-process', 120);
    await stage('another-process-reading', 1);
    await load('offers.xml', offersXml(false, priced((g) => 1000 + g, (g) => g % 5), 1));
    const left = await t.app.db.select({ packageId: exchange1cStagedOffers.packageId }).from(exchange1cStagedOffers);
    expect(left).toEqual([{ packageId: 'another-process-reading' }]);
    await t.app.db.delete(exchange1cStagedOffers);
  });
});
