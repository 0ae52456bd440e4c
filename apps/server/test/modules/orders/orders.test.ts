import { writeFileSync } from 'node:fs';
import { ORGANISATION, PRODUCTION_CALENDAR, firstWorkingDayFrom, moscowDateAfter, moscowDay } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, statementsDuring, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { pdfText } from '../../support/pdf';
import { insertProduct, line, residues, setResidue, type FixtureProduct } from './fixtures';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let suit: FixtureProduct; // dealer price 1500, FRO, sizes 42 (5 in stock) and 44 (none)
let outlet: FixtureProduct; // Outlet status: no discount; ES; offer surcharge +50
let capped: FixtureProduct; // MAX_DISCOUNT 5
let noOffers: FixtureProduct; // only the «Только под заказ» line

/** A delivery day the server accepts: two days on, or the first working day after. */
const tomorrow = () => firstWorkingDayFrom(moscowDateAfter(Date.now(), 2));

/**
 * The next weekday holiday of the production calendar after today, as the order's date (DD.MM.YYYY) and the words the
 * refusal names it with; whatever today is. None means the calendar table needs next year's decree.
 */
function nextWeekdayHoliday() {
  const today = moscowDay(Date.now());
  const found = Object.values(PRODUCTION_CALENDAR)
    .flatMap((year) => Object.entries(year.holidays))
    .filter(([day]) => day > today && ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))
    .sort(([a], [b]) => a.localeCompare(b))[0];
  if (!found) throw new Error(`The production calendar has no holiday after ${today}: add the next year to packages/domain/src/delivery-day.ts.`);
  const [day, name] = found;
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const date = day.split('-').reverse().join('.');
  return { date, refusal: new RegExp(`${escaped(date)} — нерабочий праздничный день \\(${escaped(name)}\\)`) };
}

function payload(positions: Array<{ guid: string; characteristics: Array<{ guid: string; [field: string]: unknown }> }>, extra: Record<string, unknown> = {}) {
  return {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: 'Тестовый заказ',
    delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: tomorrow(), cost: 0, bill_to: '' },
    position: positions,
    position_presail: [],
    ...extra,
  };
}

/** Sends the body as it is. */
async function send(body: unknown, headers: Record<string, string> = demo, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order/add',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

/** The body at the server's prices (as a dealer sends it after seeing them). */
async function priced<T extends object>(body: T, headers: Record<string, string> = demo): Promise<T> {
  return atServerPrices(t.app, headers === demo2 ? 'demo2' : 'demo', body);
}

/** Sends the body at the server's prices: for tests whose subject is not pricing. */
async function submit(body: object, headers: Record<string, string> = demo, key?: string) {
  return send(await priced(body, headers), headers, key);
}

/** What an order detail holds on pre-order, in kopecks: billed after arrival, on no invoice yet. */
function presaleKopecks(detail: { position_presail: Array<{ characteristics: Array<{ PRICE: number; count: number }> }> }): number {
  return detail.position_presail.flatMap((position) => position.characteristics).reduce((sum, line) => sum + Math.round(line.PRICE * 100) * line.count, 0);
}

/** «Всего к оплате: 5 490.00» of every invoice in a PDF's text, in kopecks. */
function invoiceTotals(text: string): number[] {
  return [...text.matchAll(/Всего к оплате:\s+([\d ]+\.\d{2})/g)].map((match) => Math.round(Number(match[1]!.replace(/ /g, '')) * 100));
}

async function orderCount() {
  const [row] = await t.app.db.select({ n: count() }).from(orders);
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  suit = await insertProduct(t.app.db, {
    price: 2100,
    priceOpt: 1500,
    offers: [
      { characteristic: '42', residue: 5 },
      { characteristic: '44', residue: 0 },
    ],
  });
  outlet = await insertProduct(t.app.db, {
    status: 'Outlet',
    price: 1000,
    priceOpt: 800,
    offers: [{ characteristic: '40', residue: 10, price: 850, orgGuid: ORGANISATION.ES }],
  });
  capped = await insertProduct(t.app.db, { priceOpt: 1000, maxDiscount: 5, offers: [{ characteristic: 'L', residue: 100 }] });
  noOffers = await insertProduct(t.app.db, { priceOpt: 700, type: 'shoes' });
});
afterAll(() => t.close());

describe('POST /api/order/add', () => {
  // The first order of this file (key order-key-1): placed by whichever test needs it first, so each test runs alone.
  let firstOrder: Promise<{ response: Awaited<ReturnType<typeof send>>; body: object; before: Record<string, number> }> | undefined;
  const firstBody = () =>
    payload([
      { guid: suit.uid, characteristics: [line(suit.offers[0]!, 7, 1320, 0.12)] },
      { guid: outlet.uid, characteristics: [line(outlet.offers[0]!, 3, 850)] },
      { guid: capped.uid, characteristics: [line(capped.offers[0]!, 2, 950, 0.05)] },
      { guid: noOffers.uid, characteristics: [{ guid: noOffers.uid, orgguid: ORGANISATION.FRO, quantity: 4, price: 616, fullprice: 700, discount: 0.12 }] },
    ]);
  const placeFirstOrder = () =>
    (firstOrder ??= (async () => {
      const before = await residues(t.app.db, [suit.offers[0]!.guid, outlet.offers[0]!.guid, capped.offers[0]!.guid]);
      const body = await priced(firstBody());
      const response = await send(body, demo, 'order-key-1');
      return { response, body, before };
    })());
  const firstOrderId = async () => (await placeFirstOrder()).response.json().response.id as number;

  it('prices from the database, splits against stock, takes stock and answers {id, message}', async () => {
    const { response, before } = await placeFirstOrder();
    expect(response.statusCode, response.body).toBe(200);
    const { id, message } = response.json().response;
    expect(id).toBeGreaterThanOrEqual(10001);
    expect(message).toContain(`Заказ № ${id} принят.`);
    expect(message).not.toMatch(/пересчитаны/);
    expect(message).toMatch(/Под заказ, без резерва, счёт на них — после поступления на склад: .*\(42\) — 2 шт\./);

    const after = await residues(t.app.db, Object.keys(before));
    expect(after[suit.offers[0]!.guid]).toBe(0);
    expect(after[outlet.offers[0]!.guid]).toBe(before[outlet.offers[0]!.guid]! - 3);
    expect(after[capped.offers[0]!.guid]).toBe(before[capped.offers[0]!.guid]! - 2);

    const detail = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    const normal = Object.fromEntries(detail.position.map((p: { article: string; characteristics: Array<{ count: number; PRICE: number; discount: number }> }) => [p.article, p.characteristics[0]]));
    const presale = Object.fromEntries(detail.position_presail.map((p: { article: string; characteristics: Array<{ count: number; PRICE: number }> }) => [p.article, p.characteristics[0]]));
    // The suit: 1500 − 12 % = 1320.
    expect(normal[suit.article]).toMatchObject({ count: 5, PRICE: 1320, fullprice: 1500, discount: 12 });
    expect(presale[suit.article]).toMatchObject({ count: 2, PRICE: 1320 });
    // Outlet: no discount; the offer's surcharge over PRICE_OPT stays (800 → 850).
    expect(normal[outlet.article]).toMatchObject({ count: 3, PRICE: 850, discount: 0 });
    // MAX_DISCOUNT 5 caps the contract's 12 %.
    expect(normal[capped.article]).toMatchObject({ count: 2, PRICE: 950, discount: 5 });
    // A product without offers goes to pre-order at its price type's price.
    expect(presale[noOffers.article]).toMatchObject({ count: 4, PRICE: 616, CHARACTERISTIC: 'Только под заказ' });
    // 7 × 1320 + 3 × 850 + 2 × 950 + 4 × 616
    expect(detail.total).toBe(9240 + 2550 + 1900 + 2464);
    expect(detail.count).toBe(4);
    expect(detail.total_count).toBe(16);
    // One check per organisation: FRO and ES.
    expect(detail.checks.map((c: { org: string }) => c.org).sort()).toEqual([ORGANISATION.FRO, ORGANISATION.ES].sort());
    expect(detail.reserved).toBe(true);
  });

  it('answers a retry with the same key with the first answer and creates nothing', async () => {
    const orderId = await firstOrderId();
    const { body } = await placeFirstOrder();
    const stockBefore = await residues(t.app.db, [outlet.offers[0]!.guid]);
    const ordersBefore = await orderCount();
    const retry = await send(body, demo, 'order-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().response.id).toBe(orderId);
    expect(retry.json().response.message).toContain(`Заказ № ${orderId} принят.`);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await residues(t.app.db, [outlet.offers[0]!.guid])).toEqual(stockBefore);
  });

  it('answers 409 to the same key with another body', async () => {
    await placeFirstOrder();
    const response = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }]), demo, 'order-key-1');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/уже был отправлен с другим содержимым/);
  });

  it('lists the order in /api/orders with its checks', async () => {
    const orderId = await firstOrderId();
    const list = (await t.app.inject({ url: '/api/orders', headers: demo })).json().response;
    const item = list.find((o: { n: number }) => o.n === orderId);
    expect(item).toMatchObject({ n: orderId, partner_guid: DEMO_PARTNERS.SPECSNAB, partner_name: 'ООО «СпецСнаб»', reserved: true, edit: false, upd: false });
    expect(item.checks).toHaveLength(2);
    expect(item.checks[0].doc_status).toMatchObject({ StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false });
    expect(item.date).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  describe('refuses bad orders with a message naming the line, and writes nothing', () => {
    const cases: Array<[string, () => unknown, number, RegExp]> = [
      ['an empty order', () => payload([]), 400, /Заказ пуст/],
      ['a position without lines', () => payload([{ guid: suit.uid, characteristics: [] }]), 400, /Заказ пуст/],
      ['a count of 0', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 0)] }]), 400, /\(L\): количество 0 .*целое число больше 0/],
      ['a negative count', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, -2)] }]), 400, /количество -2/],
      ['a fractional count', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1.5)] }]), 400, /количество 1\.5/],
      ['an unknown product guid', () => payload([{ guid: 'no-such-product', characteristics: [line(capped.offers[0]!, 1)] }]), 400, /Позиция 1: товар с guid no-such-product не найден/],
      ['an unknown offer guid', () => payload([{ guid: capped.uid, characteristics: [{ ...line(capped.offers[0]!, 1), guid: 'no-such-offer' }] }]), 400, /характеристика с guid no-such-offer не найдена/],
      ['an offer of another product', () => payload([{ guid: capped.uid, characteristics: [line(suit.offers[0]!, 1)] }]), 400, /не найдена у этого товара/],
      ['a delivery date in the past', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { delivery: { address: '', case: 'delivery', date: '2020-01-10', cost: 0, bill_to: '' } }), 400, /10\.01\.2020 уже прошла/],
      ['a delivery date on a Saturday', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { delivery: { address: '', case: 'delivery', date: '2030-01-05', cost: 0, bill_to: '' } }), 400, /05\.01\.2030 — суббота, выходной: доставки нет\. Выберите рабочий день, например 07\.01\.2030/],
      ['a delivery date on a public holiday', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { delivery: { address: '', case: 'delivery', date: nextWeekdayHoliday().date, cost: 0, bill_to: '' } }), 400, nextWeekdayHoliday().refusal],
      ['an unreadable delivery date', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { delivery: { address: '', case: 'delivery', date: 'завтра', cost: 0, bill_to: '' } }), 400, /не читается/],
      ['a wrong delivery case', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { delivery: { address: '', case: 'drone', date: '', cost: 0, bill_to: '' } }), 400, /pickup/],
      ['another user’s company', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { partner_id: DEMO_PARTNERS.TECHNOSHIELD }), 403, /не относится к вашей учётной записи/],
      ['a contract of no company of the user', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { storage: 'not-a-contract' }), 403, /договор не относится/],
      ['an unknown company', () => payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { partner_id: 'no-such-company' }), 404, /не найдена/],
    ];
    it.each(cases)('%s', async (_name, body, status, message) => {
      const ordersBefore = await orderCount();
      const stockBefore = await residues(t.app.db, [capped.offers[0]!.guid]);
      const response = await send(body());
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toMatch(message);
      expect(await orderCount()).toBe(ordersBefore);
      expect(await residues(t.app.db, [capped.offers[0]!.guid])).toEqual(stockBefore);
    });

    it('a later bad line rolls back the stock an earlier line would take', async () => {
      const stockBefore = await residues(t.app.db, [capped.offers[0]!.guid]);
      const response = await send(
        payload([
          { guid: capped.uid, characteristics: [line(capped.offers[0]!, 3, 950, 0.05)] },
          { guid: outlet.uid, characteristics: [line(outlet.offers[0]!, 2.5, 850)] },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(outlet.article);
      expect(await residues(t.app.db, [capped.offers[0]!.guid])).toEqual(stockBefore);
    });
  });

  it('adds the delivery cost to the total only for the case other', async () => {
    const other = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1, 950)] }], { delivery: { address: 'Склад клиента', case: 'other', date: '', cost: 1200, bill_to: '' } }));
    const pickup = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1, 950)] }], { delivery: { address: '', case: 'delivery', date: '', cost: 1200, bill_to: '' } }));
    const totalOf = async (id: number) => (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response.total;
    expect(await totalOf(other.json().response.id)).toBe(950 + 1200);
    expect(await totalOf(pickup.json().response.id)).toBe(950);
  });

  it('answers requests with one key and body in flight at once from the first: one order, read and written once', async () => {
    const product = await insertProduct(t.app.db, { priceOpt: 700, offers: [{ characteristic: '41', residue: 50 }] });
    const body = await priced(payload([{ guid: product.uid, characteristics: [line(product.offers[0]!, 3)] }]));
    let answers: Awaited<ReturnType<typeof send>>[] = [];
    const statements = await statementsDuring(t.app, async () => {
      answers = await Promise.all(Array.from({ length: 4 }, () => send(body, demo, 'one-key-in-flight')));
    });
    const contextReads = statements.filter(({ text }) => /from orders o where o\.user_id/.test(text)).length;
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().response.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.json().response.message)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(contextReads).toBe(1);
    expect(await residues(t.app.db, [product.offers[0]!.guid])).toEqual({ [product.offers[0]!.guid]: 47 });
  });

  it('refuses an Idempotency-Key over its limit with its own message, and takes an empty one as none', async () => {
    const product = await insertProduct(t.app.db, { priceOpt: 700, offers: [{ characteristic: '41', residue: 50 }] });
    const body = await priced(payload([{ guid: product.uid, characteristics: [line(product.offers[0]!, 1)] }]));
    const tooLong = await send(body, demo, 'к'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Заголовок Idempotency-Key слишком длинный: не больше 200 символов.') });
    expect(await residues(t.app.db, [product.offers[0]!.guid])).toEqual({ [product.offers[0]!.guid]: 50 });
    const blank = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: { ...demo, 'idempotency-key': '' }, payload: body });
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['idempotent-replayed']).toBeUndefined();
  });

  it('uses SQL queries bounded by a constant, not by the number of lines', async () => {
    const many = await insertProduct(t.app.db, {
      priceOpt: 500,
      offers: Array.from({ length: 30 }, (_, i) => ({ characteristic: String(36 + i), residue: 1000 })),
    });
    const queriesOf = async (lines: number) => {
      const body = await priced(payload([{ guid: many.uid, characteristics: many.offers.slice(0, lines).map((offer) => line(offer, 2)) }]));
      const statements = await statementsDuring(t.app, async () => {
        const response = await send(body, demo, `count-${lines}`);
        expect(response.statusCode).toBe(200);
      });
      return statements.length;
    };
    const one = await queriesOf(1);
    const thirty = await queriesOf(30);
    expect(thirty).toBe(one);
    // The session check, the order context read as committed, and the one statement that writes the order.
    expect(one).toBeLessThanOrEqual(3);
  });
});

/** Orders, their lines and the stock of `offerGuids`: what a refused order must leave as it was. */
async function stored(offerGuids: string[]) {
  const [lineRows] = await t.app.db.select({ n: count() }).from(orderLines);
  return { orders: await orderCount(), lines: lineRows!.n, stock: await residues(t.app.db, offerGuids) };
}

describe('no silent repricing: 409 PRICES_CHANGED', () => {
  it('refuses a price one kopeck off with the priced order and what changed, stores nothing, and places the order sent back', async () => {
    const jacket = await insertProduct(t.app.db, { priceOpt: 2000, offers: [{ characteristic: '50', residue: 3 }, { characteristic: '52', residue: 10 }] });
    const [small, large] = jacket.offers as [(typeof jacket.offers)[0], (typeof jacket.offers)[0]];
    // 2000 − 12 % = 1760 is the price; 1759.99 was shown for size 50.
    const body = payload([{ guid: jacket.uid, characteristics: [line(small, 5, 1759.99, 0.12), { ...line(large, 2, 1760, 0.12), fullprice: 2000 }] }]);
    const before = await stored([small.guid, large.guid]);

    const refused = await send(body, demo, 'kopeck-off');
    expect(refused.statusCode).toBe(409);
    const { error } = refused.json();
    expect(error.code).toBe('PRICES_CHANGED');
    expect(error.message).toContain(`${jacket.article} (50): 1\u202f759.99 ₽ → 1\u202f760.00 ₽`);
    expect(error.changes).toEqual([
      expect.objectContaining({ guid: small.guid, article: jacket.article, characteristic: '50', quantity: 5, old_price: 1759.99, new_price: 1760, new_fullprice: 2000, new_discount: 12, reason: 'list_price' }),
    ]);
    expect(error.totals).toEqual({ old: 1759.99 * 5 + 1760 * 2, new: 1760 * 7 });
    // The server's order in the request's shape: its split against stock, every line at its price.
    expect(error.order).toMatchObject({ partner_id: DEMO_PARTNERS.SPECSNAB, comment: 'Тестовый заказ', total: 12_320, count: 1 });
    const sentLines = (list: Array<{ characteristics: Array<{ guid: string; quantity: number; price: number; discount: number }> }>) =>
      list.flatMap((position) => position.characteristics.map(({ guid, quantity, price, discount }) => ({ guid, quantity, price, discount })));
    expect(sentLines(error.order.position)).toEqual([
      { guid: small.guid, quantity: 3, price: 1760, discount: 0.12 },
      { guid: large.guid, quantity: 2, price: 1760, discount: 0.12 },
    ]);
    expect(sentLines(error.order.position_presail)).toEqual([{ guid: small.guid, quantity: 2, price: 1760, discount: 0.12 }]);
    expect(await stored([small.guid, large.guid])).toEqual(before);

    // Sent back as it came, under the same key: placed at exactly those prices.
    const placed = await send(error.order, demo, 'kopeck-off');
    expect(placed.statusCode, placed.body).toBe(200);
    const detail = (await t.app.inject({ url: `/api/user/order/${placed.json().response.id}`, headers: demo })).json().response;
    expect(sentLines(detail.position.map((p: { characteristics: Array<{ GUID: string; count: number; PRICE: number; discount: number }> }) => ({
      characteristics: p.characteristics.map((c) => ({ guid: c.GUID, quantity: c.count, price: c.PRICE, discount: c.discount / 100 })),
    })))).toEqual(sentLines(error.order.position));
    expect(detail.total).toBe(error.totals.new);
    expect(await residues(t.app.db, [small.guid, large.guid])).toEqual({ [small.guid]: 0, [large.guid]: 8 });
  });

  it('says the price type when the full price sent is another type’s (list prices instead of the dealer’s)', async () => {
    const boots = await insertProduct(t.app.db, { price: 3000, priceOpt: 2000, type: 'shoes', offers: [{ characteristic: '43', residue: 5 }] });
    // The list price 3000 − 12 % = 2640, as a company at list prices would have been shown.
    const refused = await send(payload([{ guid: boots.uid, characteristics: [{ ...line(boots.offers[0]!, 1, 2640, 0.12), fullprice: 3000 }] }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.changes[0]).toMatchObject({ reason: 'price_type', old_price: 2640, new_price: 1760, reason_text: expect.stringContaining('«Дилерская»') });
  });

  it('refuses an edit at a price one kopeck off, changes nothing, and takes the edit sent back', async () => {
    const vest = await insertProduct(t.app.db, { priceOpt: 500, offers: [{ characteristic: 'XL', residue: 10 }] });
    const offer = vest.offers[0]!;
    const created = await submit(payload([{ guid: vest.uid, characteristics: [line(offer, 4)] }]), demo, 'vest-base');
    const id = created.json().response.id as number;
    const before = await stored([offer.guid]);
    const orderBefore = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;

    const edit = (body: object) => t.app.inject({ method: 'POST', url: `/api/order/${id}/edit`, headers: { ...demo, 'idempotency-key': 'vest-edit' }, payload: body });
    const refused = await edit(payload([{ guid: vest.uid, characteristics: [line(offer, 6, 440.01, 0.12)] }], { edit: true }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PRICES_CHANGED', totals: { old: 2640.06, new: 2640 }, changes: [{ old_price: 440.01, new_price: 440 }] });
    expect(await stored([offer.guid])).toEqual(before);
    expect((await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response).toEqual(orderBefore);

    const confirmed = await edit(refused.json().error.order);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().response.message).toContain(`Заказ № ${id} изменён.`);
    const after = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    expect(after.position[0].characteristics[0]).toMatchObject({ count: 6, PRICE: 440 });
    expect(after.total).toBe(2640);
    expect(await residues(t.app.db, [offer.guid])).toEqual({ [offer.guid]: 4 });
  });
});

describe('another user’s orders', () => {
  let orderId: number;
  let checkGuid: string;
  beforeAll(async () => {
    const response = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1, 950)] }]));
    orderId = response.json().response.id;
    const detail = (await t.app.inject({ url: `/api/user/order/${orderId}`, headers: demo })).json().response;
    checkGuid = detail.checks[0].guid;
  });

  it('demo2 cannot read, edit, print or bill demo’s order', async () => {
    const read = await t.app.inject({ url: `/api/user/order/${orderId}`, headers: demo2 });
    const documents = await t.app.inject({ url: `/api/order/${orderId}/documents`, headers: demo2 });
    const print = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo2 });
    const bill = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${orderId}`, headers: demo2, payload: { guid: checkGuid } });
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/edit`,
      headers: demo2,
      payload: payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }], { partner_id: DEMO_PARTNERS.TECHNOSHIELD }),
    });
    for (const response of [read, documents, print, bill, edit]) expect(response.statusCode).toBe(403);
    const list = (await t.app.inject({ url: '/api/orders', headers: demo2 })).json().response;
    expect(list.some((o: { n: number }) => o.n === orderId)).toBe(false);
    // And the check did not change.
    const detail = (await t.app.inject({ url: `/api/user/order/${orderId}`, headers: demo })).json().response;
    expect(detail.checks[0].status).toBe(1);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await t.app.inject({ url: '/api/user/order/999999', headers: demo })).statusCode).toBe(404);
  });
});

describe('POST /api/order/:id/edit', () => {
  it('keeps the number and date, sets the edit flag, gives back the old stock and takes the new', async () => {
    const shirt = await insertProduct(t.app.db, { priceOpt: 300, offers: [{ characteristic: 'M', residue: 10 }, { characteristic: 'L', residue: 4 }] });
    const [m, l] = shirt.offers as [typeof shirt.offers[0], typeof shirt.offers[0]];
    const created = await submit(payload([{ guid: shirt.uid, characteristics: [line(m, 8), line(l, 6)] }]), demo, 'edit-base');
    const id = created.json().response.id;
    expect(await residues(t.app.db, [m.guid, l.guid])).toEqual({ [m.guid]: 2, [l.guid]: 0 });
    const before = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;

    const edit = async (key: string, lines: Array<{ guid: string }>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${id}/edit`,
        headers: { ...demo, 'idempotency-key': key },
        payload: await priced(payload([{ guid: shirt.uid, characteristics: lines }], { edit: true })),
      });
    // M: 8 → 10 (2 more from stock); L: 6 → 3 (3 of the 4 held come back to stock… all 4 were held, 3 needed).
    const response = await edit('edit-1', [line(m, 10), line(l, 3)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toMatchObject({ id });
    expect(response.json().response.message).toContain(`Заказ № ${id} изменён.`);
    expect(await residues(t.app.db, [m.guid, l.guid])).toEqual({ [m.guid]: 0, [l.guid]: 1 });

    const after = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    expect(after.n).toBe(id);
    expect(after.date).toBe(before.date);
    expect(after.edit).toBe(true);
    expect(after.position[0].characteristics.map((c: { CHARACTERISTIC: string; count: number }) => [c.CHARACTERISTIC, c.count]).sort()).toEqual([
      ['L', 3],
      ['M', 10],
    ]);
    expect(after.position_presail).toEqual([]);
    expect(after.checks[0].guid).toBe(before.checks[0].guid);
    const listed = (await t.app.inject({ url: '/api/orders', headers: demo })).json().response.find((o: { n: number }) => o.n === id);
    expect(listed.edit).toBe(true);

    // A retried edit answers the same and moves no stock; the same key with another body is a conflict.
    const retry = await edit('edit-1', [line(m, 10), line(l, 3)]);
    expect(retry.statusCode).toBe(200);
    expect(await residues(t.app.db, [m.guid, l.guid])).toEqual({ [m.guid]: 0, [l.guid]: 1 });
    const another = await edit('edit-1', [line(m, 1)]);
    expect(another.statusCode).toBe(409);
    expect(another.json().error.message).toMatch(/уже был отправлен с другим содержимым/);
    const [lineCount] = await t.app.db.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, id));
    expect(lineCount!.n).toBe(2);
  });

  it('refuses to edit an order whose check is already shipped', async () => {
    const created = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }]));
    const id = created.json().response.id;
    await t.app.db.execute(`UPDATE order_checks SET status = 3 WHERE order_id = ${Number(id)}`);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/order/${id}/edit`,
      headers: demo,
      payload: payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 2)] }]),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/Отгружен/);
  });
});

describe('bills, documents and the invoice', () => {
  let orderId: number;
  beforeAll(async () => {
    const response = await submit(
      payload([
        { guid: suit.uid, characteristics: [line(suit.offers[1]!, 2)] },
        { guid: capped.uid, characteristics: [line(capped.offers[0]!, 3)] },
        { guid: outlet.uid, characteristics: [line(outlet.offers[0]!, 1)] },
      ]),
    );
    orderId = response.json().response.id;
  });

  it('a bill request updates the check status and the bill document status', async () => {
    const detail = (await t.app.inject({ url: `/api/user/order/${orderId}`, headers: demo })).json().response;
    const check = detail.checks.find((c: { org: string }) => c.org === ORGANISATION.FRO);
    const response = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${orderId}`, headers: demo, payload: { guid: check.guid } });
    expect(response.statusCode).toBe(200);
    expect(response.json().response[0]).toMatchObject({ guid: check.guid, status: 6, status_name: 'Счёт выставлен' });
    const documents = (await t.app.inject({ url: `/api/order/${orderId}/documents`, headers: demo })).json().response;
    expect(documents.find((d: { id: string }) => d.id === check.guid).StatusSchet).toBe(true);
    const list = (await t.app.inject({ url: '/api/orders', headers: demo })).json().response;
    expect(list.find((o: { n: number }) => o.n === orderId).reserved).toBe(true);
    const unknown = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${orderId}`, headers: demo, payload: { guid: 'nope' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a second bill request with 409 and keeps the check as it was', async () => {
    const placed = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }]));
    const n = placed.json().response.id as number;
    const [check] = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response.checks;
    const request = () => t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: check.guid } });
    expect((await request()).statusCode).toBe(200);
    const again = await request();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Счёт уже выставлен/);
    expect(again.json().error.message).toContain(`Заказ № ${n}`);
    const [after] = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response.checks;
    expect(after).toMatchObject({ guid: check.guid, status: 6, doc_status: { StatusSchet: true } });
  });

  it('refuses a bill for an assembling, shipped or cancelled check and never moves its status back', async () => {
    const placed = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }]));
    const n = placed.json().response.id as number;
    const [check] = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response.checks;
    for (const [status, name] of [[2, 'Собирается'], [3, 'Отгружен'], [4, 'Отменён']] as const) {
      await t.app.db.execute(`UPDATE order_checks SET status = ${status} WHERE order_id = ${Number(n)}`);
      const response = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: check.guid } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toContain(`«${name}» — запрос счёта уже невозможен`);
      const after = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response.checks[0];
      expect(after).toMatchObject({ status, doc_status: { StatusSchet: false } });
    }
  });

  it('refuses a bill for a pre-order check: the order stays not reserved', async () => {
    const placed = await submit(payload([{ guid: suit.uid, characteristics: [line(suit.offers[1]!, 2)] }]));
    const n = placed.json().response.id as number;
    const detail = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response;
    expect(detail.checks.map((c: { status: number }) => c.status)).toEqual([5]);
    expect(detail.reserved).toBe(false);
    const response = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: detail.checks[0].guid } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/под заказ.*«В резерве»/);
    const listed = (await t.app.inject({ url: '/api/orders', headers: demo })).json().response.find((o: { n: number }) => o.n === n);
    expect(listed).toMatchObject({ reserved: false, checks: [{ status: 5 }] });
  });

  it('bills a check once when two requests arrive at once', async () => {
    const placed = await submit(payload([{ guid: capped.uid, characteristics: [line(capped.offers[0]!, 1)] }]));
    const n = placed.json().response.id as number;
    const [check] = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response.checks;
    const request = () => t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: check.guid } });
    const answers = await Promise.all([request(), request()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toMatch(/Счёт уже выставлен/);
  });

  it('prints the invoice PDF with requisites, lines and totals in Cyrillic', async () => {
    const response = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`Счёт к заказу ${orderId}.pdf`));
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    if (process.env.KEEP_INVOICE) writeFileSync(process.env.KEEP_INVOICE, response.rawPayload);
    expect(text).toContain('Счёт на оплату №');
    expect(text).toContain(`к заказу № ${orderId}`);
    expect(text).toContain('ООО «СпецСнаб»');
    expect(text).toContain('ИНН 7707083893');
    expect(text).toContain('ООО «ФРО»');
    expect(text).toContain('ООО «ЭС»');
    expect(text).toContain(capped.article);
    // capped: 3 × 950 = 2 850.00 in stock is billed; the suit size 44 (no stock) 2 × 1 320 = 2 640.00 is a pre-order,
    // billed after it arrives: the FRO invoice is 2 850.00 and names what it leaves out.
    expect(text).toContain('2 850.00');
    expect(text.replace(/\s+/g, ' ')).toMatch(/Не входят в этот счёт — под заказ, без резерва, счёт на них — после поступления на склад: \S+ \(44\) — 2 шт\. на 2 640\.00 руб\./);
    expect(text).toMatch(/НДС/);
    // The usual Russian form: unit column, basis, amount in words, payment deadline, signatories; no internal status.
    expect(text).toMatch(/\sшт\.\s/);
    expect(text).toMatch(/Основание:\s+договор № \S+/);
    expect(text).toMatch(/Две тысячи восемьсот пятьдесят рублей 00 копеек/);
    expect(text).toMatch(/Оплатить не позднее \d{2}\.\d{2}\.\d{4}/);
    expect(text).toContain('Соколов А. В.');
    expect(text).not.toMatch(/В резерве|Счёт выставлен|Предзаказ ·|изменён/);
    // The invoices add up to the order's total less its pre-order part, to the kopeck.
    const detail = (await t.app.inject({ url: `/api/user/order/${orderId}`, headers: demo })).json().response;
    expect(invoiceTotals(text).reduce((sum, kopecks) => sum + kopecks, 0)).toBe(Math.round(detail.total * 100) - presaleKopecks(detail));
  });

  it('bills the carrier delivery on one invoice: the invoices add up to the order total', async () => {
    const response = await submit(
      payload(
        [
          { guid: capped.uid, characteristics: [line(capped.offers[0]!, 1, 950, 0.05)] },
          { guid: outlet.uid, characteristics: [line(outlet.offers[0]!, 1, 850)] },
        ],
        { delivery: { address: 'Тверь', case: 'other', date: tomorrow(), cost: 1234.56, bill_to: '' } },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().response.id;
    const detail = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    expect(detail.total).toBe(950 + 850 + 1234.56);
    expect(detail.checks.reduce((sum: number, check: { total: number }) => sum + Math.round(check.total * 100), 0)).toBe(Math.round(detail.total * 100));
    const pdf = await t.app.inject({ url: `/api/order/print?id=${id}&name=invoice`, headers: demo });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Доставка транспортной компанией');
    expect(text).toContain('1 234.56');
    expect(invoiceTotals(text)).toHaveLength(2);
    expect(invoiceTotals(text).reduce((sum, kopecks) => sum + kopecks, 0)).toBe(Math.round(detail.total * 100));
  });

  it('answers 400 with a message for a document it cannot print', async () => {
    const response = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=act`, headers: demo });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/name=invoice/);
    // A partly cancelled order prints what is left: the cancelled organisation's check gets no page.
    await t.app.db.execute(`UPDATE order_checks SET status = 4 WHERE order_id = ${Number(orderId)} AND org_guid = '${ORGANISATION.ES}'`);
    const partly = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo });
    expect(partly.statusCode, partly.body).toBe(200);
    const text = pdfText(partly.rawPayload);
    expect(text).toContain('ООО «ФРО»');
    expect(text).not.toContain('ООО «ЭС»');
    await t.app.db.execute(`UPDATE order_checks SET status = 4 WHERE order_id = ${Number(orderId)}`);
    const cancelled = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().error.message).toMatch(/отменён/);
  });
});

describe('concurrency', () => {
  it('many clients ordering the same scarce offer take exactly the stock, never below zero, no duplicates on retries', async () => {
    const scarce = await insertProduct(t.app.db, { priceOpt: 100, offers: [{ characteristic: 'U', residue: 50 }, { characteristic: 'V', residue: 20 }] });
    const [u, v] = scarce.offers as [typeof scarce.offers[0], typeof scarce.offers[0]];
    const clients = 30;
    const body = (i: number) => payload([{ guid: scarce.uid, characteristics: [line(u, 3 + (i % 3)), line(v, 1)] }]);
    // Every client sends its order twice at once with the same key (a retry racing the first attempt).
    const responses = await Promise.all(
      Array.from({ length: clients }, (_, i) => [submit(body(i), demo, `race-${i}`), submit(body(i), demo, `race-${i}`)]).flat(),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = responses.map((response) => response.json().response.id as number);
    for (let i = 0; i < clients; i++) expect(ids[2 * i]).toBe(ids[2 * i + 1]);
    expect(new Set(ids).size).toBe(clients);

    expect(await residues(t.app.db, [u.guid, v.guid])).toEqual({ [u.guid]: 0, [v.guid]: 0 });
    const rows = await t.app.db.select().from(orderLines);
    const ofOffer = (guid: string, presale: boolean) =>
      rows.filter((row) => row.presale === presale && row.characteristic === (guid === u.guid ? 'U' : 'V') && ids.includes(row.orderId)).reduce((sum, row) => sum + row.quantity, 0);
    const asked = Array.from({ length: clients }, (_, i) => 3 + (i % 3)).reduce((a, b) => a + b, 0);
    expect(ofOffer(u.guid, false)).toBe(50);
    expect(ofOffer(u.guid, false) + ofOffer(u.guid, true)).toBe(asked);
    expect(ofOffer(v.guid, false)).toBe(20);
    expect(ofOffer(v.guid, true)).toBe(clients - 20);
  });

  it('never lets stock go below zero even when set low between orders', async () => {
    const item = await insertProduct(t.app.db, { priceOpt: 100, offers: [{ characteristic: 'X', residue: 3 }] });
    await setResidue(t.app.db, item.offers[0]!.guid, 1);
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit(payload([{ guid: item.uid, characteristics: [line(item.offers[0]!, 1)] }]))));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 0 });
  });
});
