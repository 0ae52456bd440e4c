/**
 * Lines 1C changes in an order document, driven over HTTP as 1C drives the orders exchange: checkauth, init, query,
 * success, then `file` with the order document as the manager changed it in 1C (a quantity, a price, a size replaced).
 * The portal's order follows — lines, stock, the checks' and the order's totals, the timeline — and the dealer is told
 * by the bar and by mail; a line the portal cannot match refuses the document, with the reason in the answer and in
 * the exchange log.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ORGANISATION, firstWorkingDayFrom, moscowDateAfter, moscowDay, toKopecks } from '@portal/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange1cLog, mailEvents, mailOutbox, notifications, offers, orderChecks, orderLines, orderTimeline, orders, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { exchangeLogLines } from '../../../src/modules/exchange-1c/exchange-log';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, type FixtureProduct } from '../orders/fixtures';
import { EXCHANGE_LOGIN, EXCHANGE_PASSWORD, checkauth, exchangeCall, init } from './exchange-protocol';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/commerceml');

let t: TestApp;
let demo: Record<string, string>;
let cookie: string;
let gloves: FixtureProduct; // FRO: size 10 (100 in stock), size 11 (5 in stock)
let coat: FixtureProduct; // FRO: size 52 (20 in stock)
let boots: FixtureProduct; // ES: size 42 (20 in stock)

beforeAll(async () => {
  t = await createTestApp({ EXCHANGE_LOGIN, EXCHANGE_PASSWORD });
  demo = await signInAs(t.app, 'demo');
  gloves = await insertProduct(t.app.db, {
    name: 'Перчатки с ПВХ',
    priceOpt: 90,
    offers: [
      { characteristic: '10', residue: 100 },
      { characteristic: '11', residue: 5 },
    ],
  });
  coat = await insertProduct(t.app.db, { name: 'Куртка утеплённая', priceOpt: 4200, offers: [{ characteristic: '52', residue: 20 }] });
  boots = await insertProduct(t.app.db, { name: 'Ботинки кожаные', type: 'shoes', priceOpt: 2300, offers: [{ characteristic: '42', residue: 20, orgGuid: ORGANISATION.ES }] });
  cookie = await checkauth(t.app, 'sale');
  await init(t.app, cookie, 'sale');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Ordered {
  product: FixtureProduct;
  size?: number;
  quantity: number;
}

async function placeOrder(lines: Ordered[], delivery: { case: 'pickup' | 'delivery' | 'other'; cost: number } = { case: 'delivery', cost: 0 }): Promise<number> {
  const body = await atServerPrices(t.app, 'demo', {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: 'Заказ для 1С',
    delivery: { address: 'Москва, ул. Тверская, 7', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), bill_to: '', ...delivery },
    position: lines.map(({ product, size = 0, quantity }) => ({ guid: product.uid, characteristics: [line(product.offers[size]!, quantity)] })),
    position_presail: [],
  });
  const response = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response.id as number;
}

/** 1C takes the orders: query, then success. */
async function oneCTakesOrders(): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/1c/exchange?type=sale&mode=query', headers: { cookie } });
  expect(answer.statusCode).toBe(200);
  expect((await exchangeCall(t.app, { type: 'sale', mode: 'success' }, { cookie })).lines[0]).toBe('success');
  return iconv.decode(answer.rawPayload, 'windows-1251');
}

const goodsId = (product: FixtureProduct, size = 0) => `${product.uid}#${product.offers[size]!.guid}`;

/** A goods line as 1C writes one in an order document. */
function goodsLine(goods: { id: string; name: string; size?: string; price: string; quantity: string; sum?: string; discount?: string }): string {
  const sum = goods.sum ?? ((toKopecks(Number(goods.price)) * Number(goods.quantity)) / 100).toFixed(2);
  return [
    '      <Товар>',
    `        <Ид>${goods.id}</Ид>`,
    '        <ИдКаталога></ИдКаталога>',
    `        <Наименование>${goods.name}</Наименование>`,
    '        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    goods.size
      ? `        <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${goods.size}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>`
      : '',
    goods.discount
      ? `        <Скидки><Скидка><Наименование>Скидка</Наименование><Сумма>${goods.discount}</Сумма><УчтеноВСумме>true</УчтеноВСумме></Скидка></Скидки>`
      : '',
    `        <ЦенаЗаЕдиницу>${goods.price}</ЦенаЗаЕдиницу>`,
    `        <Количество>${goods.quantity}</Количество>`,
    `        <Сумма>${sum}</Сумма>`,
    '        <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>',
    '        <ЗначениеРеквизита><Наименование>ТипНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>',
    '      </Товар>',
  ].join('\n');
}

/** A service line as 1C writes one: the delivery Bitrix's exchange calls ORDER_DELIVERY, or a service of 1C's own. */
function serviceLine(service: { id: string; name: string; sum: string }): string {
  return [
    '      <Товар>',
    `        <Ид>${service.id}</Ид>`,
    `        <Наименование>${service.name}</Наименование>`,
    '        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    `        <ЦенаЗаЕдиницу>${service.sum}</ЦенаЗаЕдиницу>`,
    '        <Количество>1</Количество>',
    `        <Сумма>${service.sum}</Сумма>`,
    '        <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Услуга</Значение></ЗначениеРеквизита>',
    '        <ЗначениеРеквизита><Наименование>ТипНоменклатуры</Наименование><Значение>Услуга</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>',
    '      </Товар>',
  ].join('\n');
}

/** The order document 1C sends back for check `check` of order `order`, in windows-1251. */
function orderDocument(order: number, check: string, lines: string[], requisites: { status?: string; shipped?: string } = {}): Buffer {
  const values: Record<string, string> = {
    CHECK: check,
    ORDER: String(order),
    DATE: moscowDay(new Date()),
    SUM: '0.00',
    COMPANY: DEMO_PARTNERS.SPECSNAB,
    LINES: lines.join('\n'),
    STATUS: requisites.status ?? 'К выполнению / в резерве',
    SHIPPED: requisites.shipped ?? 'T',
  };
  let text = readFileSync(path.join(FIXTURES, 'sale-lines-changed-from-1c.template.xml'), 'utf8');
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`{{${key}}}`, value);
  expect(text).not.toMatch(/\{\{/);
  return iconv.encode(text, 'windows-1251');
}

const sendFile = async (filename: string, body: Buffer) => (await exchangeCall(t.app, { type: 'sale', mode: 'file', filename }, { cookie, body })).lines;

/**
 * The order's checks, ФРО's first, then ЭС's: the order their rows are written in is not fixed (a CI run met ЭС's
 * check first), so they are put in the organisations' order.
 */
const ORGANISATIONS_ORDER: string[] = [ORGANISATION.FRO, ORGANISATION.ES];
const checksOf = async (order: number) =>
  (await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, order))).sort(
    (a, b) => ORGANISATIONS_ORDER.indexOf(a.orgGuid) - ORGANISATIONS_ORDER.indexOf(b.orgGuid) || a.id - b.id,
  );
const linesOf = (order: number) => t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order)).orderBy(asc(orderLines.id));
const residues = async (...guids: string[]) =>
  Object.fromEntries((await t.app.db.select({ guid: offers.guid, residue: offers.residue }).from(offers).where(inArray(offers.guid, guids))).map((row) => [row.guid, row.residue]));
const orderRow = async (order: number) => (await t.app.db.select().from(orders).where(eq(orders.id, order)))[0]!;
const changedMail = (order: number) => t.app.db.select().from(mailEvents).where(and(eq(mailEvents.kind, 'order.changed'), eq(mailEvents.subjectId, order)));

describe('lines 1C changed in an order document are applied to the portal’s order', () => {
  it('a quantity, a price and a size replaced: the lines, stock, checks, totals and timeline follow, and the dealer is told by the bar and by mail', async () => {
    const order = await placeOrder([
      { product: gloves, quantity: 12 },
      { product: coat, quantity: 25 }, // 20 in stock, 5 on pre-order
      { product: boots, quantity: 2 },
    ]);
    expect(await oneCTakesOrders()).toContain(`<Номер>${order}</Номер>`);
    const [fro, es] = await checksOf(order);
    expect([fro!.orgGuid, es!.orgGuid]).toEqual([ORGANISATION.FRO, ORGANISATION.ES]);
    const placed = await linesOf(order);
    const coatPlaced = placed.find((row) => row.characteristic === '52' && !row.presale)!;
    const glovesPrice = placed.find((row) => row.characteristic === '10')!.price;
    const esTotal = es!.total;
    expect(await residues(gloves.offers[0]!.guid, gloves.offers[1]!.guid, coat.offers[0]!.guid)).toEqual({
      [gloves.offers[0]!.guid]: 88,
      [gloves.offers[1]!.guid]: 5,
      [coat.offers[0]!.guid]: 0,
    });

    // In 1C the manager takes 3 coats off at 100 roubles less each and, size 10 gone, puts 8 pairs of size 11 instead.
    const coatPrice = toKopecks(coatPlaced.price) - 10_000;
    const body = orderDocument(order, fro!.guid, [
      goodsLine({ id: goodsId(coat), name: 'Куртка утеплённая', size: '52', price: (coatPrice / 100).toFixed(2), quantity: '22.000' }),
      goodsLine({ id: goodsId(gloves, 1), name: 'Перчатки с ПВХ', size: '11', price: glovesPrice.toFixed(2), quantity: '8' }),
    ]);
    const answer = await sendFile('orders-lines-1.xml', body);
    expect(answer.slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
    const prefix = `Документ 1 (№ ${order}, Ид ${fro!.guid}): заказ изменён по 1С — `;
    expect(answer[2]!.startsWith(prefix) && answer[2]!.endsWith('.')).toBe(true);
    expect(answer[2]!.slice(prefix.length, -1).split('; ').sort()).toEqual(
      [
        `${gloves.article} (11): добавлено 8 шт. по ${glovesPrice.toFixed(2)}`,
        `${coat.article} (52): 22 шт. вместо 25`,
        `${coat.article} (52): цена ${(coatPrice / 100).toFixed(2)} вместо ${coatPlaced.price.toFixed(2)}`,
        `${gloves.article} (10): удалено`,
      ].sort(),
    );

    // The lines: the coat keeps its 20 reserved units and 2 stay on pre-order; size 11 takes the 5 in stock, 3 wait.
    const after = await linesOf(order);
    const parts = after.map((row) => [row.orgGuid === ORGANISATION.ES ? 'ES' : 'FRO', row.characteristic, row.quantity, row.presale, row.price]);
    expect(parts.sort()).toEqual(
      [
        ['ES', '42', 2, false, placed.find((row) => row.characteristic === '42')!.price],
        ['FRO', '11', 3, true, glovesPrice],
        ['FRO', '11', 5, false, glovesPrice],
        ['FRO', '52', 2, true, coatPrice / 100],
        ['FRO', '52', 20, false, coatPrice / 100],
      ].sort(),
    );
    // The full price stays the price list's; the discount is what 1C's price makes of it.
    const coatAfter = after.find((row) => row.characteristic === '52' && !row.presale)!;
    expect(coatAfter.fullprice).toBe(coatPlaced.fullprice);
    expect(coatAfter.discount).toBeGreaterThan(coatPlaced.discount);
    expect(await residues(gloves.offers[0]!.guid, gloves.offers[1]!.guid, coat.offers[0]!.guid)).toEqual({
      [gloves.offers[0]!.guid]: 100,
      [gloves.offers[1]!.guid]: 0,
      [coat.offers[0]!.guid]: 0,
    });

    // Totals in kopecks: the changed check's, the untouched one's, and the order's adding up to them.
    const [froAfter, esAfter] = await checksOf(order);
    const froKopecks = 22 * coatPrice + 8 * toKopecks(glovesPrice);
    expect(toKopecks(froAfter!.total)).toBe(froKopecks);
    expect(froAfter!.guid).toBe(fro!.guid);
    expect(froAfter!.status).toBe(fro!.status);
    expect(esAfter!.total).toBe(esTotal);
    const stored = await orderRow(order);
    expect(toKopecks(stored.total)).toBe(froKopecks + toKopecks(esTotal));
    expect([stored.count, stored.totalCount, stored.revision, stored.edited]).toEqual([3, 32, 1, false]);

    // The timeline says so, and the dealer hears of it: the mail event written with the change, then the bar and mail.
    const timeline = await t.app.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, order));
    expect(timeline.map((entry) => entry.event)).toContain('edited');
    expect(await changedMail(order)).toHaveLength(1);
    await t.app.mail.runOnce();
    const [demoUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
    const told = await t.app.db.select().from(notifications).where(and(eq(notifications.userId, demoUser!.id), eq(notifications.event, 'order_changed')));
    expect(told.filter((row) => (row.data as { order?: number }).order === order).map((row) => row.message)).toEqual([`Заказ № ${order} изменён.`]);
    const mail = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Заказ № ${order} изменён`));
    expect(mail.length).toBeGreaterThan(0);

    // 1C has this version already: the next query does not hand the order out again.
    expect(await oneCTakesOrders()).not.toContain(`<Номер>${order}</Номер>`);

    // The same document again changes nothing and tells nobody again.
    const again = await sendFile('orders-lines-1.xml', body);
    expect(again).toEqual(['success', 'Документов применено: 0, без изменений: 1, отклонено: 0.']);
    expect(await linesOf(order)).toEqual(after);
    expect(await changedMail(order)).toHaveLength(1);
  });

  it('a line the portal cannot match refuses the document, its status too, with why — in the answer and in the exchange log', async () => {
    const order = await placeOrder([{ product: gloves, quantity: 3 }]);
    await oneCTakesOrders();
    const [check] = await checksOf(order);
    const placed = await linesOf(order);
    const price = placed[0]!.price.toFixed(2);
    const asPlaced = goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price, quantity: '3' });
    const label = `Документ 1 (№ ${order}, Ид ${check!.guid})`;
    const cases: Array<[string, string, string]> = [
      [
        'unknown goods',
        goodsLine({ id: 'a4b8c0de-1111-11ee-8c99-0242ac120002#b5c9d1ef-2222-11ee-8c99-0242ac120002', name: 'Каска защитная', price: '350.00', quantity: '1' }),
        'строка 2 «Каска защитная»: товар с Ид a4b8c0de-1111-11ee-8c99-0242ac120002#b5c9d1ef-2222-11ee-8c99-0242ac120002 на портале не найден',
      ],
      [
        'another organisation’s goods',
        goodsLine({ id: goodsId(boots), name: 'Ботинки кожаные', size: '42', price: '2300.00', quantity: '1' }),
        `строка 2 «Ботинки кожаные»: товар ${goodsId(boots)} продаёт ООО «ЭС», а этот заказ — заказ ООО «ФРО»`,
      ],
      ['a part of a unit', goodsLine({ id: goodsId(gloves, 1), name: 'Перчатки с ПВХ', size: '11', price, quantity: '2.5' }), 'строка 2 «Перчатки с ПВХ»: количество «2.5» — портал принимает целое число штук до 100000'],
      ['a product without its size', goodsLine({ id: gloves.uid, name: 'Перчатки с ПВХ', price, quantity: '1' }), `строка 2 «Перчатки с ПВХ»: у товара ${gloves.uid} на портале есть размеры, а в строке нет характеристики — передайте Ид «товар#характеристика»`],
    ];
    for (const [what, unmatched, reason] of cases) {
      // 1C also says the order is shipped: refused with the lines, the status stays.
      const answer = await sendFile('orders-lines-2.xml', orderDocument(order, check!.guid, [asPlaced, unmatched], { status: 'Отгружен', shipped: moscowDay(new Date()) }));
      expect(answer, what).toEqual([
        'success',
        'Документов применено: 0, без изменений: 0, отклонено: 1.',
        `${label}: строки заказа не сопоставлены с товарами портала (${reason}) — документ не применён.`,
      ]);
      const [log] = await t.app.db.select().from(exchange1cLog).orderBy(desc(exchange1cLog.id)).limit(1);
      expect(log, what).toMatchObject({ exchangeType: 'sale', fileName: 'orders-lines-2.xml', packageKind: 'orders', outcome: 'success', changed: 0, refused: 1 });
      expect(log!.refusals, what).toEqual([{ key: label, reason: `строки заказа не сопоставлены с товарами портала (${reason}) — документ не применён.` }]);
    }
    expect((await checksOf(order))[0]!.status).toBe(check!.status);
    expect(await linesOf(order)).toEqual(placed);
    expect(await changedMail(order)).toEqual([]);
    // The operators' command shows the file and why its document was refused.
    const shown = await exchangeLogLines(t.app.db, 1);
    expect(shown[0]).toMatch(/orders-lines-2\.xml {2}sale\/orders {2}загружен за [\d.]+ с: создано 0, изменено 0, без изменений 0, отклонено 1$/);
    expect(shown[1]).toContain(`${label}: строки заказа не сопоставлены с товарами портала`);

    // A size named by 1C's characteristic, with the product's id alone, is that size: the document applies.
    const bySize = await sendFile('orders-lines-3.xml', orderDocument(order, check!.guid, [goodsLine({ id: gloves.uid, name: 'Перчатки с ПВХ', size: '10', price, quantity: '4' })]));
    expect(bySize.slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
    expect((await linesOf(order)).map((row) => [row.characteristic, row.quantity])).toEqual([['10', 4]]);
  });

  it('a document whose every line 1C set to 0 is refused: an order is cancelled in 1C, not emptied', async () => {
    const order = await placeOrder([{ product: gloves, quantity: 2 }]);
    await oneCTakesOrders();
    const [check] = await checksOf(order);
    const price = (await linesOf(order))[0]!.price.toFixed(2);
    const answer = await sendFile('orders-lines-4.xml', orderDocument(order, check!.guid, [goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price, quantity: '0' })]));
    expect(answer[2]).toBe(
      `Документ 1 (№ ${order}, Ид ${check!.guid}): в документе не осталось товаров с количеством больше 0 — чтобы отменить заказ, отметьте его в 1С отменённым или на удаление.`,
    );
    expect((await linesOf(order)).map((row) => row.quantity)).toEqual([2]);
  });

  it('a price 1C writes before its discount, the discount counted in the line’s sum, bills the sum’s share per unit', async () => {
    const order = await placeOrder([{ product: gloves, quantity: 3 }]);
    await oneCTakesOrders();
    const [check] = await checksOf(order);
    const [placed] = await linesOf(order);
    const full = placed!.fullprice.toFixed(2);
    const price = toKopecks(placed!.price);
    expect(placed!.fullprice).toBeGreaterThan(placed!.price);
    const asSum = (unitKopecks: number) => ({ sum: ((unitKopecks * 3) / 100).toFixed(2), discount: (((toKopecks(placed!.fullprice) - unitKopecks) * 3) / 100).toFixed(2) });

    // The portal's own price, said as 1C says it: the list price and the contract discount in the sum. Only 1C's number
    // of the order is new; no line is said to have changed, and none has.
    const same = await sendFile('orders-lines-5.xml', orderDocument(order, check!.guid, [goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: full, quantity: '3', ...asSum(price) })]));
    expect(same).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
    expect(await linesOf(order)).toEqual([placed]);

    // A manual discount of 1 rouble more per pair in 1C: billed at the sum's share.
    const lower = await sendFile('orders-lines-6.xml', orderDocument(order, check!.guid, [goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: full, quantity: '3', ...asSum(price - 100) })]));
    expect(lower[1]).toBe('Документов применено: 1, без изменений: 0, отклонено: 0.');
    expect((await linesOf(order)).map((row) => [row.quantity, toKopecks(row.price), row.fullprice])).toEqual([[3, price - 100, placed!.fullprice]]);
    expect(toKopecks((await checksOf(order))[0]!.total)).toBe(3 * (price - 100));

    // A sum that leaves a fraction of a kopeck per unit is not rounded: refused.
    const odd = await sendFile('orders-lines-7.xml', orderDocument(order, check!.guid, [goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: full, quantity: '3', sum: '100.00' })]));
    expect(odd[2]).toContain('строка 1 «Перчатки с ПВХ»: сумма 100.00 за 3 шт. не делится на цену за штуку с точностью до копейки');
  });

  it('a document that names the order by its number alone applies its lines to the whole order, each check its own', async () => {
    const order = await placeOrder([
      { product: gloves, quantity: 2 },
      { product: boots, quantity: 1 },
    ]);
    await oneCTakesOrders();
    const [fro, es] = await checksOf(order);
    const placed = await linesOf(order);
    const glovesPrice = placed.find((row) => row.characteristic === '10')!.price.toFixed(2);
    const bootsPrice = placed.find((row) => row.characteristic === '42')!.price.toFixed(2);
    // 1C's own GUID as the document's Ид: the portal knows the order only by its number.
    const oneCsOwn = 'e3b1f7a2-5c4d-11ef-9a1b-0050569f1c2d';
    const label = `Документ 1 (№ ${order}, Ид ${oneCsOwn})`;

    // The ES line left out: the whole order would lose ES's check, so the document is refused, its status too.
    const withoutEs = await sendFile(
      'orders-by-number-1.xml',
      orderDocument(order, oneCsOwn, [goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: glovesPrice, quantity: '3' })], { status: 'Отгружен' }),
    );
    expect(withoutEs).toEqual([
      'success',
      'Документов применено: 0, без изменений: 0, отклонено: 1.',
      `${label}: в документе нет ни одного товара ООО «ЭС», а в заказе они есть — передайте их строки или отмените заказ в 1С.`,
    ]);
    expect(await linesOf(order)).toEqual(placed);

    const answer = await sendFile(
      'orders-by-number-2.xml',
      orderDocument(order, oneCsOwn, [
        goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: glovesPrice, quantity: '5' }),
        goodsLine({ id: goodsId(boots), name: 'Ботинки кожаные', size: '42', price: bootsPrice, quantity: '3' }),
      ]),
    );
    expect(answer[1]).toBe('Документов применено: 1, без изменений: 0, отклонено: 0.');
    expect(answer[2]!.startsWith(`${label}: заказ изменён по 1С — `)).toBe(true);
    expect(answer[2]!.slice(`${label}: заказ изменён по 1С — `.length, -1).split('; ').sort()).toEqual([`${boots.article} (42): 3 шт. вместо 1`, `${gloves.article} (10): 5 шт. вместо 2`].sort());
    expect((await linesOf(order)).map((row) => [row.orgGuid, row.characteristic, row.quantity]).sort()).toEqual(
      [
        [ORGANISATION.ES, '42', 3],
        [ORGANISATION.FRO, '10', 5],
      ].sort(),
    );
    const [froAfter, esAfter] = await checksOf(order);
    expect([froAfter!.guid, esAfter!.guid]).toEqual([fro!.guid, es!.guid]);
    expect(toKopecks(froAfter!.total)).toBe(5 * toKopecks(Number(glovesPrice)));
    expect(toKopecks(esAfter!.total)).toBe(3 * toKopecks(Number(bootsPrice)));
    expect(await changedMail(order)).toHaveLength(1);
  });

  it('the delivery line: a carrier’s delivery takes 1C’s cost; one the portal does not bill, and other services, are noted, never refused as goods', async () => {
    // A carrier's delivery (billed, 300 roubles on the order): 1C bills 450.
    const carried = await placeOrder([{ product: gloves, quantity: 2 }], { case: 'other', cost: 300 });
    await oneCTakesOrders();
    const [check] = await checksOf(carried);
    const price = (await linesOf(carried))[0]!.price.toFixed(2);
    const asPlaced = goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price, quantity: '2' });
    const label = `Документ 1 (№ ${carried}, Ид ${check!.guid})`;
    const body = orderDocument(carried, check!.guid, [asPlaced, serviceLine({ id: 'ORDER_DELIVERY', name: 'Доставка заказа', sum: '450.00' })]);
    const answer = await sendFile('orders-delivery-1.xml', body);
    expect(answer).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.', `${label}: заказ изменён по 1С — доставка 450.00 вместо 300.00.`]);
    const stored = await orderRow(carried);
    expect((stored.delivery as { cost: number }).cost).toBe(450);
    expect(toKopecks(stored.total)).toBe(2 * toKopecks(Number(price)) + 45_000);
    expect(toKopecks((await checksOf(carried))[0]!.total)).toBe(2 * toKopecks(Number(price)) + 45_000);
    expect(await changedMail(carried)).toHaveLength(1);
    expect(await sendFile('orders-delivery-1.xml', body)).toEqual(['success', 'Документов применено: 0, без изменений: 1, отклонено: 0.']);

    // The manufacturer's own delivery, which the portal does not bill: 1C's «Доставка» service of its own is noted,
    // and so is a service the portal does not sell; the goods and the total stay the portal's.
    const own = await placeOrder([{ product: gloves, quantity: 1 }]);
    await oneCTakesOrders();
    const [ownCheck] = await checksOf(own);
    const ownLines = await linesOf(own);
    const ownTotal = (await orderRow(own)).total;
    const ownLabel = `Документ 1 (№ ${own}, Ид ${ownCheck!.guid})`;
    const noted = await sendFile(
      'orders-delivery-2.xml',
      orderDocument(own, ownCheck!.guid, [
        goodsLine({ id: goodsId(gloves), name: 'Перчатки с ПВХ', size: '10', price: ownLines[0]!.price.toFixed(2), quantity: '1' }),
        serviceLine({ id: 'c1d2e3f4-0000-11ef-9a1b-0050569f1c2d', name: 'Доставка до склада покупателя', sum: '700.00' }),
        serviceLine({ id: 'c1d2e3f4-0001-11ef-9a1b-0050569f1c2d', name: 'Нанесение логотипа', sum: '150.00' }),
      ]),
    );
    expect(noted.slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
    expect(noted.slice(2).sort()).toEqual(
      [
        `${ownLabel}: строка 3 «Нанесение логотипа»: услуга на портале не продаётся — строка пропущена.`,
        `${ownLabel}: доставка 700.00 по 1С не применена: заказ с самовывозом или доставкой поставщика, портал выставляет доставку только транспортной компанией — сумма заказа на портале без неё.`,
      ].sort(),
    );
    expect(await linesOf(own)).toEqual(ownLines);
    expect((await orderRow(own)).total).toBe(ownTotal);
    expect(await changedMail(own)).toEqual([]);
  });
});
