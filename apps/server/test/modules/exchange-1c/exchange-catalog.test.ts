/**
 * The catalogue side of the 1C exchange driven over HTTP as 1C drives it, on CommerceML files exported by 1C and
 * published in public repositories (test/fixtures/commerceml/SOURCES.md): checkauth → init → file in chunks (zipped
 * and not) → import until success; broken, wrongly encoded and zip-bomb packages refused with nothing written; a
 * package sent again changing nothing; «only changes» packages; the log and the metrics.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray, like } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogGroups, exchange1cLog, exchange1cStagedGoods, exchange1cStagedOffers, offers, products } from '../../../src/db/schema';
import { exchangeLogLines } from '../../../src/modules/exchange-1c';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { EXCHANGE_LOGIN, EXCHANGE_PASSWORD, basicAuth, checkauth, exchangeCall, importUntilDone, init, sendFile } from './exchange-protocol';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/commerceml');
const fixture = (name: string) => readFile(path.join(fixtures, name));
const METRICS_TOKEN = 'metrics-token-for-the-exchange-test';

/** Goods and offers of the 1C:УТ 11 demo base (ut11-2.07). */
const BOOTS = 'bd72d916-55bc-11d9-848a-00112f43529a'; // «Ботинки женские натуральная кожа», Б-130006
const WOMENS_SHOES = 'bd72d90e-55bc-11d9-848a-00112f43529a';
const SHOES = 'bd72d90d-55bc-11d9-848a-00112f43529a';
const BOOTS_37 = 'bd72d913-55bc-11d9-848a-00112f43529a#ad5de1b6-ca90-11dd-ad02-0015e9b8c48d';
const MENS_BOOTS_38 = 'dee6e18a-55bc-11d9-848a-00112f43529a#90c55447-d3a8-11e4-9423-e0cb4ed5eed4';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    EXCHANGE_LOGIN,
    EXCHANGE_PASSWORD,
    // Every import call answers at once: the first one is always `progress`, and 1C's loop is what finishes it.
    EXCHANGE_STEP_SECONDS: '0',
    EXCHANGE_FILE_LIMIT_MB: '1',
    EXCHANGE_UNZIPPED_LIMIT_MB: '32',
    METRICS_TOKEN,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const lastLog = async () => (await t.app.db.select().from(exchange1cLog).orderBy(exchange1cLog.id)).at(-1)!;
const offerRows = () => t.app.db.select({ guid: offers.guid, residue: offers.residue, price: offers.price, characteristic: offers.characteristic }).from(offers).where(like(offers.guid, '%#%')).orderBy(offers.guid);
/** Rows left in the staging tables: none once a package is applied or refused. */
const stagedRows = async () => {
  const [[goods], [offered]] = await Promise.all([
    t.app.db.select({ n: count() }).from(exchange1cStagedGoods),
    t.app.db.select({ n: count() }).from(exchange1cStagedOffers),
  ]);
  return goods!.n + offered!.n;
};
const exchangeProducts = () => t.app.db.select().from(products).where(inArray(products.uid, [BOOTS, 'bd72d913-55bc-11d9-848a-00112f43529a'])).orderBy(products.uid);

describe('who may exchange', () => {
  it('only the exchange user, by Basic or the cookie of checkauth; answers are windows-1251 text', async () => {
    const wrong = await exchangeCall(t.app, { type: 'catalog', mode: 'checkauth' }, { authorization: basicAuth(EXCHANGE_LOGIN, 'not-the-password') });
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toBe('text/plain; charset=windows-1251');
    expect(wrong.lines[0]).toBe('failure');
    expect(wrong.lines[1]).toContain('Неверный логин или пароль обмена');
    expect((await exchangeCall(t.app, { type: 'catalog', mode: 'init' })).status).toBe(401);

    const cookie = await checkauth(t.app);
    expect(cookie).toMatch(/^portal_1c_exchange=\d+\.[\w-]+$/);
    expect(await init(t.app, cookie)).toEqual({ zip: 'yes', fileLimit: 2 ** 20 });
    const forged = `${cookie.split('.')[0]}.AAAA`;
    expect((await exchangeCall(t.app, { type: 'catalog', mode: 'init' }, { cookie: forged })).status).toBe(401);
  });

  it('the exchange user can do nothing else in the portal', async () => {
    const cookie = await checkauth(t.app);
    for (const headers of [{ authorization: basicAuth() }, { cookie }, { authorization: `Bearer ${cookie.split('=')[1]}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user/settings', headers });
      expect(response.statusCode).toBe(401);
    }
    // A dealer's session opens nothing of the exchange either.
    const dealerSession = await signInAs(t.app, 'demo');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/settings', headers: dealerSession })).statusCode).toBe(200);
    const dealer = await exchangeCall(t.app, { type: 'catalog', mode: 'init' }, { authorization: dealerSession.authorization });
    expect(dealer.status).toBe(401);
  });

  it('type=sale has the same checkauth and init', async () => {
    const cookie = await checkauth(t.app, 'sale');
    expect(await init(t.app, cookie, 'sale')).toEqual({ zip: 'yes', fileLimit: 2 ** 20 });
  });
});

describe('refused packages leave the catalogue as it was', () => {
  it('XML broken half-way: failure with the reason, none of the goods read before the break is kept', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    const whole = await readFile(path.join(fixtures, 'ut11-2.07/import0_1.xml')).catch(async () => unzipOne('ut11-2.07/ut11-demo.zip', 'import0_1.xml'));
    // 80 %: past the first batches of goods, which the transaction has already written when the break is met.
    await sendFile(t.app, cookie, 'import0_1.xml', whole.subarray(0, Math.floor(whole.length * 0.8)), 256 * 1024);
    const answers = await importUntilDone(t.app, cookie, 'import0_1.xml');
    expect(answers[0]!.lines[0]).toBe('progress');
    expect(answers.at(-1)!.lines[0]).toBe('failure');
    expect(answers.at(-1)!.lines[1]).toMatch(/не правильно построенный XML|оборван/);
    expect(await t.app.db.select().from(products).where(eq(products.uid, BOOTS))).toEqual([]);
    expect(await t.app.db.select().from(catalogGroups).where(eq(catalogGroups.code, SHOES))).toEqual([]);
    const log = await lastLog();
    expect(log).toMatchObject({ outcome: 'failure', created: 0, changed: 0, fileName: 'import0_1.xml' });
    expect(log.failure).toMatch(/XML|оборван/);
    // The goods staged before the break are gone with the package.
    expect(await stagedRows()).toBe(0);
  });

  it('a file declared UTF-8 in another encoding: failure, nothing written', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    const cp1251 = await fixture('ut11-2.07/import-changes-cp1251.xml');
    const mislabelled = Buffer.from(cp1251.toString('latin1').replace('encoding="windows-1251"', 'encoding="UTF-8"'), 'latin1');
    await sendFile(t.app, cookie, 'import.xml', mislabelled, 64 * 1024);
    const answers = await importUntilDone(t.app, cookie, 'import.xml');
    expect(answers.at(-1)!.lines).toEqual(['failure', expect.stringContaining('байты не в UTF-8')]);
    expect(await t.app.db.select().from(products).where(eq(products.uid, BOOTS))).toEqual([]);
  });

  it('a zip bomb: failure, nothing unpacked, nothing written', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    const bomb = Buffer.from(zipSync({ 'import.xml': new Uint8Array(48 * 2 ** 20) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(2 ** 20);
    await sendFile(t.app, cookie, 'bomb.zip', bomb, 2 ** 20);
    const answers = await importUntilDone(t.app, cookie, 'import.xml');
    expect(answers.at(-1)!.lines).toEqual(['failure', expect.stringContaining('zip-бомбу')]);
    // Nothing of it stayed in the exchange folder: asking again finds no file.
    const again = await importUntilDone(t.app, cookie, 'import.xml');
    expect(again.at(-1)!.lines[1]).toContain('не получен');
  });
});

describe('file names stay inside the exchange folder', () => {
  it('a name or a zip entry reaching outside it is refused', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    const outside = await exchangeCall(t.app, { type: 'catalog', mode: 'file', filename: '../../escape.xml' }, { cookie, body: Buffer.from('<x/>') });
    expect(outside.lines).toEqual(['failure', expect.stringContaining('Недопустимое имя файла')]);
    await sendFile(t.app, cookie, 'slip.zip', Buffer.from(zipSync({ '../slip.xml': new Uint8Array(Buffer.from('<x/>')) })), 2 ** 20);
    const answers = await importUntilDone(t.app, cookie, 'import.xml');
    expect(answers.at(-1)!.lines).toEqual(['failure', expect.stringContaining('Недопустимое имя файла')]);
  });
});

describe('1C:УТ 11 demo base, CommerceML 2.07, zipped, in chunks', () => {
  it('imports groups, goods with their properties, offers with sizes, prices and stock', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'ut11-demo.zip', await fixture('ut11-2.07/ut11-demo.zip'), 48 * 1024);

    const goods = await importUntilDone(t.app, cookie, 'import0_1.xml');
    expect(goods[0]!.lines[0]).toBe('progress');
    expect(goods.at(-1)!.lines[0]).toBe('success');
    const goodsLog = await lastLog();
    expect(goodsLog).toMatchObject({ outcome: 'success', packageKind: 'import', schemaVersion: '2.07', onlyChanges: 'false', changed: 0 });
    expect(goodsLog.created).toBeGreaterThan(1000);
    // 1C's goods without an article are refused, each with what to fix in 1C.
    expect(goodsLog.refused).toBeGreaterThan(0);
    expect((goodsLog.refusals as Array<{ reason: string }>)[0]!.reason).toContain('артикул');

    const [shoes, womens] = await Promise.all([SHOES, WOMENS_SHOES].map(async (code) => (await t.app.db.select().from(catalogGroups).where(eq(catalogGroups.code, code)))[0]));
    expect(shoes).toMatchObject({ name: 'Обувь', parentCode: null });
    expect(womens).toMatchObject({ name: 'Женская обувь', parentCode: SHOES });

    const [boots] = await t.app.db.select().from(products).where(eq(products.uid, BOOTS));
    expect(boots).toMatchObject({ article: 'Б-130006', name: 'Ботинки женские натуральная кожа', type: 'shoes', groupCode: WOMENS_SHOES });
    expect(boots!.characteristics).toEqual(
      expect.arrayContaining([
        { NAME: 'Производитель', VALUE: 'Обувной комбинат' },
        { NAME: 'Вид товара', VALUE: 'Демисезонная обувь' },
      ]),
    );

    const prices = await importUntilDone(t.app, cookie, 'offers0_1.xml');
    expect(prices.at(-1)!.lines[0]).toBe('success');
    expect(await lastLog()).toMatchObject({ outcome: 'success', packageKind: 'offers' });
    const [size37] = await t.app.db.select().from(offers).where(eq(offers.guid, BOOTS_37));
    expect(size37).toMatchObject({ characteristic: '37', residue: 45, price: 1271 });
    const [product] = await t.app.db.select().from(products).where(eq(products.id, size37!.productId));
    const sizes = await t.app.db.select({ price: offers.price }).from(offers).where(eq(offers.productId, product!.id));
    expect(product!.priceOpt).toBe(Math.min(...sizes.map((size) => size.price)));

    expect(await stagedRows()).toBe(0);
    // The catalogue's index learned of them: the group's page lists the goods.
    const page = await t.app.inject({ method: 'GET', url: `/api/content/catalog/products?group=${WOMENS_SHOES}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().response.total).toBeGreaterThan(0);
  });

  it('the same package sent again changes nothing', async () => {
    const before = { offers: await offerRows(), products: await exchangeProducts() };
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'ut11-demo.zip', await fixture('ut11-2.07/ut11-demo.zip'), 2 ** 20);
    for (const file of ['import0_1.xml', 'offers0_1.xml']) {
      expect((await importUntilDone(t.app, cookie, file)).at(-1)!.lines[0]).toBe('success');
      const log = await lastLog();
      expect(log).toMatchObject({ outcome: 'success', created: 0, changed: 0 });
      expect(log.unchanged).toBeGreaterThan(1000);
    }
    expect({ offers: await offerRows(), products: await exchangeProducts() }).toEqual(before);
  });

  it('an «only changes» offers package changes just what it carries', async () => {
    const before = await offerRows();
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'offers-changes.xml', await fixture('ut11-2.07/offers-changes.xml'), 2 ** 20);
    expect((await importUntilDone(t.app, cookie, 'offers-changes.xml')).at(-1)!.lines[0]).toBe('success');
    expect(await lastLog()).toMatchObject({ onlyChanges: 'true', created: 0, refused: 0 });
    const after = await offerRows();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed).toEqual([
      // Stock only: the price it did not carry stays.
      { guid: BOOTS_37, residue: 7, price: 1271, characteristic: '37' },
      { guid: MENS_BOOTS_38, residue: 3, price: 1090.5, characteristic: '38' },
    ]);
  });

  it('a windows-1251 «only changes» goods package is decoded, and keeps what it does not carry', async () => {
    const [before] = await t.app.db.select().from(products).where(eq(products.uid, BOOTS));
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'import-changes.xml', await fixture('ut11-2.07/import-changes-cp1251.xml'), 2 ** 20);
    expect((await importUntilDone(t.app, cookie, 'import-changes.xml')).at(-1)!.lines[0]).toBe('success');
    const [after] = await t.app.db.select().from(products).where(eq(products.uid, BOOTS));
    expect(after).toEqual({ ...before, name: 'Ботинки женские натуральная кожа, утеплённые «Зима»', nameKey: expect.any(String) });
    expect(await lastLog()).toMatchObject({ changed: 1, created: 0, onlyChanges: 'true' });
  });
});

describe('МойСклад, CommerceML 2.04, not zipped', () => {
  it('goods and offers in chunks; goods without an article refused with the reason', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'import.xml', await fixture('moysklad-2.04/import.xml'), 200 * 1024);
    await sendFile(t.app, cookie, 'offers.xml', await fixture('moysklad-2.04/offers.xml'), 200 * 1024);
    expect((await importUntilDone(t.app, cookie, 'import.xml')).at(-1)!.lines[0]).toBe('success');
    const goods = await lastLog();
    expect(goods).toMatchObject({ schemaVersion: '2.04', outcome: 'success' });
    expect(goods.created).toBeGreaterThan(0);
    expect(goods.refused).toBeGreaterThan(0);
    expect((await importUntilDone(t.app, cookie, 'offers.xml')).at(-1)!.lines[0]).toBe('success');
    const [omen] = await t.app.db.select().from(offers).where(eq(offers.guid, '5wceZf8djXSdCHMIIIWw-3'));
    expect(omen).toMatchObject({ residue: 1, price: 79900, characteristic: '' });
    const refusals = (await lastLog()).refusals as Array<{ key: string; reason: string }>;
    expect(refusals.some((refusal) => refusal.reason.includes('не найден в каталоге портала'))).toBe(true);
  });
});

describe('operators see it', () => {
  it('exchange:log lists each package with its counts and reasons; /metrics counts packages', async () => {
    const lines = await exchangeLogLines(t.app.db, 50, 2);
    expect(lines.some((line) => line.includes('import0_1.xml') && line.includes('ОТКЛОНЁН'))).toBe(true);
    expect(lines.some((line) => /offers0_1\.xml .*загружен.*создано \d+, изменено 0, без изменений \d+/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('причина:') && line.includes('zip-бомбу'))).toBe(true);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/portal_exchange_1c_packages_total\{type="catalog",outcome="success"\} (\d+)/);
    expect(Number(/portal_exchange_1c_packages_total\{type="catalog",outcome="failure"\} (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(3);
  });
});

async function unzipOne(zip: string, name: string): Promise<Buffer> {
  const { unzipSync } = await import('fflate');
  return Buffer.from(unzipSync(new Uint8Array(await fixture(zip)), { filter: (file) => file.name === name })[name]!);
}
