/**
 * The exchange's settings: off without a login and a password; at the configured address; the price types 1C calls
 * dealer and list; stock summed over the chosen warehouses (a CommerceML 2.08 export); pictures beside the XML.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/client';
import { exchange1cLog, offers, productImages, products } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/helper';
import { EXCHANGE_LOGIN, EXCHANGE_PASSWORD, basicAuth, exchangeCall } from './exchange-protocol';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/commerceml');
const EXCHANGE_PATH = '/1c/exchange.php';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    EXCHANGE_LOGIN,
    EXCHANGE_PASSWORD,
    EXCHANGE_PATH,
    EXCHANGE_WAREHOUSES: 'Геленджик',
    EXCHANGE_DEALER_PRICE: 'Отпускные',
    EXCHANGE_LIST_PRICE: 'Розничная',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (query: Record<string, string>, options: Parameters<typeof exchangeCall>[2] = {}) => exchangeCall(t.app, query, { path: EXCHANGE_PATH, ...options });

async function session(): Promise<string> {
  const auth = await call({ type: 'catalog', mode: 'checkauth' }, { authorization: basicAuth() });
  expect(auth.lines.slice(0, 1)).toEqual(['success']);
  const cookie = `${auth.lines[1]}=${auth.lines[2]}`;
  expect((await call({ type: 'catalog', mode: 'init' }, { cookie })).lines[0]).toBe('zip=yes');
  return cookie;
}

async function upload(cookie: string, filename: string, bytes: Buffer | Uint8Array) {
  expect((await call({ type: 'catalog', mode: 'file', filename }, { cookie, body: Buffer.from(bytes) })).lines[0]).toBe('success');
}

const importFile = async (cookie: string, filename: string) => (await importUntilDoneAt(cookie, filename)).at(-1)!.lines;
async function importUntilDoneAt(cookie: string, filename: string) {
  const answers = [];
  for (;;) {
    const reply = await call({ type: 'catalog', mode: 'import', filename }, { cookie });
    answers.push(reply);
    if (reply.lines[0] !== 'progress') return answers;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the exchange is off without a login and a password', () => {
  it('answers 404 at its address', async () => {
    const config = testConfig({ DATABASE_URL: '' });
    const database = await openDatabase({ dataDir: config.DATA_DIR });
    const app = await buildApp(config, { database, seed: false });
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: basicAuth() } });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('at the configured address', () => {
  it('answers there, and nothing answers at the default one', async () => {
    expect((await call({ type: 'catalog', mode: 'checkauth' }, { authorization: basicAuth() })).lines[0]).toBe('success');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: basicAuth() } });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('CommerceML 2.08 with stock on three warehouses', () => {
  it('sums the stock of the chosen warehouses only', async () => {
    const cookie = await session();
    await upload(cookie, 'import.xml', await readFile(path.join(fixtures, 'cml-2.08/import.xml')));
    await upload(cookie, 'offers.xml', await readFile(path.join(fixtures, 'cml-2.08/offers.xml')));
    expect((await importFile(cookie, 'import.xml'))[0]).toBe('success');
    expect((await importFile(cookie, 'offers.xml'))[0]).toBe('success');
    // «MAS 36»: Геленджик 13, Новороссийск −10, total (Количество) 3: the chosen warehouse's 13 is its stock.
    const [mas36] = await t.app.db.select().from(offers).where(eq(offers.guid, '303192'));
    expect(mas36).toMatchObject({ residue: 13, characteristic: '' });
    const [product] = await t.app.db.select().from(products).where(eq(products.uid, '303192'));
    expect(product).toMatchObject({ article: 'MAS 36', priceOpt: mas36!.price });
    // Without a list price type in the package, the list price is the dealer price.
    expect(product!.price).toBe(mas36!.price);
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function goodsXml(pictures: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:00:00">
  <Классификатор><Ид>k</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>g-wear</Ид><Наименование>Спецодежда</Наименование>
      <Группы><Группа><Ид>g-winter</Ид><Наименование>Зимняя</Наименование></Группа></Группы>
    </Группа></Группы>
    <Свойства>
      <Свойство><Ид>p-season</Ид><Наименование>Сезон</Наименование><ТипЗначений>Справочник</ТипЗначений>
        <ВариантыЗначений><Справочник><ИдЗначения>v-winter</ИдЗначения><Значение>Зима</Значение></Справочник></ВариантыЗначений></Свойство>
      <Свойство><Ид>p-class</Ид><Наименование>Класс защиты</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>
    </Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false"><Ид>k</Ид><ИдКлассификатора>k</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары><Товар><Ид>jacket-1</Ид><Артикул>КУР-100</Артикул><Наименование>Куртка утеплённая «Север»</Наименование>
      <Группы><Ид>g-winter</Ид></Группы><Описание>Для работы на морозе.</Описание>
      ${pictures.map((picture) => `<Картинка>${picture}</Картинка>`).join('')}
      <ЗначенияСвойств>
        <ЗначенияСвойства><Ид>p-season</Ид><Значение>v-winter</Значение></ЗначенияСвойства>
        <ЗначенияСвойства><Ид>p-class</Ид><Значение>4</Значение></ЗначенияСвойства>
      </ЗначенияСвойств>
    </Товар></Товары>
  </Каталог>
</КоммерческаяИнформация>`;
}

const offersXml = (types: string) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:00:00">
  <ПакетПредложений СодержитТолькоИзменения="false"><Ид>k#</Ид><Наименование>Пакет</Наименование><ИдКаталога>k</ИдКаталога>
    <ТипыЦен>${types}</ТипыЦен>
    <Склады><Склад><Ид>w-1</Ид><Наименование>Геленджик</Наименование></Склад><Склад><Ид>w-2</Ид><Наименование>Москва</Наименование></Склад></Склады>
    <Предложения>
      <Предложение><Ид>jacket-1#c-52</Ид><Наименование>Куртка утеплённая «Север» (52-54/170-176)</Наименование>
        <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>52-54/170-176</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
        <Цены>
          <Цена><ИдТипаЦены>t-list</ИдТипаЦены><ЦенаЗаЕдиницу>5 400,00</ЦенаЗаЕдиницу></Цена>
          <Цена><ИдТипаЦены>t-dealer</ИдТипаЦены><ЦенаЗаЕдиницу>4320.5</ЦенаЗаЕдиницу></Цена>
        </Цены>
        <Остатки><Остаток><Склад><Ид>w-1</Ид><Количество>8</Количество></Склад></Остаток><Остаток><Склад><Ид>w-2</Ид><Количество>100</Количество></Склад></Остаток></Остатки>
      </Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

const PRICE_TYPES =
  '<ТипЦены><Ид>t-list</Ид><Наименование>Розничная</Наименование></ТипЦены><ТипЦены><Ид>t-dealer</Ид><Наименование>Отпускные</Наименование></ТипЦены>';

describe('goods with pictures, prices of two types (2.08+ stock form)', () => {
  it('maps dealer and list price types, stock of the chosen warehouse, properties feeding the filters, and pictures', async () => {
    const cookie = await session();
    const zip = zipSync({
      'import.xml': strToU8(goodsXml(['import_files/ab/jacket.png'])),
      'offers.xml': strToU8(offersXml(PRICE_TYPES)),
      'import_files/ab/jacket.png': new Uint8Array(PNG),
    });
    await upload(cookie, 'package.zip', zip);
    expect((await importFile(cookie, 'import.xml'))[0]).toBe('success');
    expect((await importFile(cookie, 'offers.xml'))[0]).toBe('success');

    const [jacket] = await t.app.db.select().from(products).where(eq(products.uid, 'jacket-1'));
    expect(jacket).toMatchObject({ article: 'КУР-100', groupCode: 'g-winter', detailText: 'Для работы на морозе.', season: 'Зима', protectionClass: '4', price: 5400, priceOpt: 4320.5 });
    const [size] = await t.app.db.select().from(offers).where(eq(offers.guid, 'jacket-1#c-52'));
    expect(size).toMatchObject({ characteristic: '52-54/170-176', residue: 8, price: 4320.5 });
    const pictures = await t.app.db.select().from(productImages).where(eq(productImages.productId, jacket!.id));
    expect(pictures).toHaveLength(1);
    expect(await t.app.storage.get(pictures[0]!.storageKey)).toEqual(PNG);

    // Sent again: the same picture is the same stored file, and nothing changes.
    const again = await session();
    await upload(again, 'package.zip', zip);
    expect((await importFile(again, 'import.xml'))[0]).toBe('success');
    expect(await t.app.db.select().from(productImages).where(eq(productImages.productId, jacket!.id))).toEqual(pictures);
    const [log] = await t.app.db.select().from(exchange1cLog).orderBy(exchange1cLog.id).then((rows) => rows.slice(-1));
    expect(log).toMatchObject({ created: 0, changed: 0 });
  });

  it('a package whose price types do not include the configured dealer type is refused, nothing written', async () => {
    const cookie = await session();
    const otherTypes = '<ТипЦены><Ид>t-x</Ид><Наименование>Закупочная</Наименование></ТипЦены><ТипЦены><Ид>t-y</Ид><Наименование>Интернет</Наименование></ТипЦены>';
    await upload(cookie, 'offers.xml', Buffer.from(offersXml(otherTypes).replaceAll('t-list', 't-x').replaceAll('t-dealer', 't-y').replace('<Количество>8', '<Количество>1')));
    const answer = await importFile(cookie, 'offers.xml');
    expect(answer[0]).toBe('failure');
    expect(answer[1]).toContain('«Отпускные»');
    expect(answer[1]).toContain('«Закупочная»');
    const [size] = await t.app.db.select().from(offers).where(eq(offers.guid, 'jacket-1#c-52'));
    expect(size).toMatchObject({ residue: 8, price: 4320.5 });
  });
});
