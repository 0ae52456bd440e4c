/**
 * Catalogue packages shops' back offices really sent, as published in their sites' exchange folders
 * (test/fixtures/commerceml/SOURCES.md), driven over HTTP as 1C drives the exchange: a windows-1251 package, and a
 * «только изменения» (СодержитТолькоИзменения="true") package.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ORGANISATION, articleKey, nameKey } from '@portal/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogGroups, exchange1cLog, offers, products } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/helper';
import { EXCHANGE_LOGIN, EXCHANGE_PASSWORD, checkauth, importUntilDone, init, sendFile } from './exchange-protocol';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/commerceml');

const lastLog = async (t: TestApp) => (await t.app.db.select().from(exchange1cLog).orderBy(desc(exchange1cLog.id)).limit(1))[0]!;
const offerOf = async (t: TestApp, guid: string) => (await t.app.db.select().from(offers).where(eq(offers.guid, guid)))[0];
const productOf = async (t: TestApp, uid: string) => (await t.app.db.select().from(products).where(eq(products.uid, uid)))[0];

describe('a shop’s package in windows-1251 (CommerceML 2.04, one line, goods keyed by code)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EXCHANGE_LOGIN, EXCHANGE_PASSWORD, EXCHANGE_STEP_SECONDS: '0' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is decoded and imported: nested groups, goods with their articles, prices and stock; an offer without a price is refused with why', async () => {
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'shop-cp1251.zip', await readFile(path.join(FIXTURES, 'shop-2.04-cp1251/shop-cp1251.zip')), 32 * 1024);

    expect((await importUntilDone(t.app, cookie, 'import.xml')).at(-1)!.lines[0]).toBe('success');
    const goods = await lastLog(t);
    expect(goods).toMatchObject({ outcome: 'success', packageKind: 'import', schemaVersion: '2.04', onlyChanges: 'false' });
    expect(goods.created).toBeGreaterThan(1500);
    const bath = await productOf(t, '236');
    expect(bath).toMatchObject({ article: '236', name: 'Ванна Дива 170х90 см правая' });
    // «Ванны» inside «Ванны»: the group the bath is in, and its parent.
    const [group] = await t.app.db.select().from(catalogGroups).where(eq(catalogGroups.code, bath!.groupCode!));
    expect(group).toMatchObject({ name: 'Ванны', parentCode: '894f0cbe-9700-0840-0000-4544' });

    expect((await importUntilDone(t.app, cookie, 'offers.xml')).at(-1)!.lines[0]).toBe('success');
    const prices = await lastLog(t);
    expect(prices).toMatchObject({ outcome: 'success', packageKind: 'offers', onlyChanges: 'false' });
    expect(await offerOf(t, '236')).toMatchObject({ price: 12900, residue: 1, orgGuid: ORGANISATION.FRO });
    expect(await offerOf(t, '321')).toMatchObject({ price: 25450, residue: 0 });
    // «Уточните у менеджера», an empty ЦенаЗаЕдиницу: a new offer without a dealer price is not guessed.
    expect(await offerOf(t, '00089')).toBeUndefined();
    const refusals = prices.refusals as Array<{ key: string; reason: string }>;
    expect(refusals.find((refusal) => refusal.key === 'предложение 00089')?.reason).toMatch(/цен/i);
  });
});

describe('a Bitrix shop’s «только изменения» package (CommerceML 2.04, five price types)', () => {
  const DAY_CREAM = '9797a078-affc-11e6-949e-f01fafe5cf33';
  const PEEL = 'd5c4fe9a-2c41-11e8-94c9-f01fafe5cf33';
  const UNTOUCHED = 'f0000000-0000-4000-8000-000000000001';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      EXCHANGE_LOGIN,
      EXCHANGE_PASSWORD,
      EXCHANGE_STEP_SECONDS: '0',
      EXCHANGE_DEALER_PRICE: '7f96eeb8-34aa-11e2-b16c-003048c59fb0_CLUB_Россия, Москва',
      EXCHANGE_LIST_PRICE: '176a6f40-3808-11e2-b16c-003048c59fb0_BASE_Россия, Москва',
    });
    // The portal already sells two of its goods (loaded by the JSON integration API), and one the package does not name.
    for (const [uid, name] of [
      [DAY_CREAM, 'Christina Clinical ProBright Day Cream SPF 30'],
      [PEEL, 'Christina Clinical ProPeel Peel 100 ml'],
      [UNTOUCHED, 'Christina Clinical Wish Day Cream'],
    ] as const) {
      const article = `CHR-${uid.slice(0, 8)}`;
      const [product] = await t.app.db
        .insert(products)
        .values({ uid, name, article, articleKey: articleKey(article), nameKey: nameKey(name), type: 'wear', price: 1500, priceOpt: 1000 })
        .returning({ id: products.id });
      await t.app.db.insert(offers).values({ guid: uid, productId: product!.id, characteristic: '', residue: 5, price: 1000, orgGuid: ORGANISATION.FRO, ppdata: '' });
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('changes the offers it carries and nothing else; goods it cannot take are refused one by one, with why', async () => {
    const untouched = { product: await productOf(t, UNTOUCHED), offer: await offerOf(t, UNTOUCHED) };
    const cookie = await checkauth(t.app);
    await init(t.app, cookie);
    await sendFile(t.app, cookie, 'bitrix-changes.zip', await readFile(path.join(FIXTURES, 'bitrix-changes-2.04/bitrix-changes.zip')), 16 * 1024);

    // Its goods carry no article (the portal's key for a good): each is refused, and the goods already sold keep theirs.
    expect((await importUntilDone(t.app, cookie, 'import.xml')).at(-1)!.lines[0]).toBe('success');
    const goods = await lastLog(t);
    expect(goods).toMatchObject({ outcome: 'success', packageKind: 'import', schemaVersion: '2.04', onlyChanges: 'true', created: 0, changed: 0, refused: 24 });
    expect((goods.refusals as Array<{ reason: string }>).every((refusal) => refusal.reason.includes('артикул'))).toBe(true);
    expect(await productOf(t, DAY_CREAM)).toMatchObject({ article: `CHR-${DAY_CREAM.slice(0, 8)}`, name: 'Christina Clinical ProBright Day Cream SPF 30' });

    // The offers: the Moscow club price is the dealer price, the stock it sends (0) replaces the portal's.
    expect((await importUntilDone(t.app, cookie, 'offers.xml')).at(-1)!.lines[0]).toBe('success');
    const changes = await lastLog(t);
    expect(changes).toMatchObject({ outcome: 'success', packageKind: 'offers', onlyChanges: 'true', created: 0, refused: 22 });
    expect(changes.changed).toBeGreaterThan(0); // the two offers (and their goods' prices), checked row by row below
    expect((changes.refusals as Array<{ reason: string }>).every((refusal) => refusal.reason.includes('не найден в каталоге портала'))).toBe(true);
    expect(await offerOf(t, DAY_CREAM)).toMatchObject({ price: 1760, residue: 0 });
    expect(await offerOf(t, PEEL)).toMatchObject({ price: 10690, residue: 0 });
    expect(await productOf(t, DAY_CREAM)).toMatchObject({ price: 2815 });
    // What the package does not name stays as it was.
    expect({ product: await productOf(t, UNTOUCHED), offer: await offerOf(t, UNTOUCHED) }).toEqual(untouched);

    // Sent again, it changes nothing.
    const cookie2 = await checkauth(t.app);
    await init(t.app, cookie2);
    await sendFile(t.app, cookie2, 'bitrix-changes.zip', await readFile(path.join(FIXTURES, 'bitrix-changes-2.04/bitrix-changes.zip')), 16 * 1024);
    await importUntilDone(t.app, cookie2, 'import.xml');
    const before = await t.app.db.select().from(offers).where(inArray(offers.guid, [DAY_CREAM, PEEL, UNTOUCHED]));
    expect((await importUntilDone(t.app, cookie2, 'offers.xml')).at(-1)!.lines[0]).toBe('success');
    expect(await lastLog(t)).toMatchObject({ changed: 0, created: 0 });
    expect(await t.app.db.select().from(offers).where(inArray(offers.guid, [DAY_CREAM, PEEL, UNTOUCHED]))).toEqual(before);
  });
});
