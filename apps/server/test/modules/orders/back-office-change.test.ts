/**
 * The orders module's back-office change, called as the 1C exchange (or a JSON integration) calls it: the lines of
 * one check or of the whole order, and the delivery the back office bills. The portal's order follows — lines,
 * stock, the checks' and the order's totals, the timeline — or nothing is written and the outcome says why.
 */
import { ORGANISATION, firstWorkingDayFrom, moscowDateAfter, toKopecks } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, orderChecks, orderLines, orderTimeline, orders } from '../../../src/db/schema';
import { applyBackOfficeChange, type BackOfficeChange } from '../../../src/modules/orders';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, type FixtureProduct } from './fixtures';

let t: TestApp;
let demo: Record<string, string>;
let gloves: FixtureProduct; // FRO: size 10 (100 in stock), size 11 (5 in stock)
let boots: FixtureProduct; // ES: size 42 (20 in stock)

beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  gloves = await insertProduct(t.app.db, {
    name: 'Перчатки с ПВХ',
    priceOpt: 90,
    offers: [
      { characteristic: '10', residue: 100 },
      { characteristic: '11', residue: 5 },
    ],
  });
  boots = await insertProduct(t.app.db, { name: 'Ботинки кожаные', type: 'shoes', priceOpt: 2300, offers: [{ characteristic: '42', residue: 20, orgGuid: ORGANISATION.ES }] });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function placeOrder(lines: Array<{ product: FixtureProduct; size?: number; quantity: number }>, delivery: { case: 'pickup' | 'delivery' | 'other'; cost: number }): Promise<number> {
  const body = await atServerPrices(t.app, 'demo', {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: '',
    delivery: { address: 'Москва, ул. Тверская, 7', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), bill_to: '', ...delivery },
    position: lines.map(({ product, size = 0, quantity }) => ({ guid: product.uid, characteristics: [line(product.offers[size]!, quantity)] })),
    position_presail: [],
  });
  const response = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response.id as number;
}

const apply = (change: BackOfficeChange) => t.app.db.transaction((tx) => applyBackOfficeChange(tx, change));
const checksOf = (order: number) => t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, order)).orderBy(asc(orderChecks.id));
const linesOf = (order: number) => t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order)).orderBy(asc(orderLines.id));
const orderRow = async (order: number) => (await t.app.db.select().from(orders).where(eq(orders.id, order)))[0]!;
const edits = async (order: number) => (await t.app.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, order))).filter((entry) => entry.event === 'edited').length;
const residues = async (...guids: string[]) =>
  Object.fromEntries((await t.app.db.select({ guid: offers.guid, residue: offers.residue }).from(offers).where(inArray(offers.guid, guids))).map((row) => [row.guid, row.residue]));
const priceOf = async (order: number, characteristic: string) => toKopecks((await linesOf(order)).find((row) => row.characteristic === characteristic)!.price);

describe('a back office’s change of an order', () => {
  it('the whole order sent at once: each check takes its own organisation’s lines, and lines that agree change nothing', async () => {
    const order = await placeOrder(
      [
        { product: gloves, quantity: 4 },
        { product: boots, quantity: 2 },
      ],
      { case: 'pickup', cost: 0 },
    );
    const glovesPrice = await priceOf(order, '10');
    const bootsPrice = await priceOf(order, '42');
    const asPlaced = [
      { productUid: gloves.uid, offerGuid: gloves.offers[0]!.guid, quantity: 4, priceKopecks: glovesPrice },
      { productUid: boots.uid, offerGuid: boots.offers[0]!.guid, quantity: 2, priceKopecks: bootsPrice },
    ];
    const placed = await linesOf(order);
    expect(await apply({ orderId: order, lines: asPlaced })).toEqual({ outcome: 'same' });
    expect(await linesOf(order)).toEqual(placed);
    expect(await edits(order)).toBe(0);

    const before = await residues(gloves.offers[0]!.guid, boots.offers[0]!.guid);
    const outcome = await apply({ orderId: order, lines: [asPlaced[0]!, { ...asPlaced[1]!, quantity: 5 }] });
    expect(outcome).toMatchObject({ outcome: 'changed', said: `${boots.article} (42): 5 шт. вместо 2` });
    expect((await linesOf(order)).map((row) => [row.orgGuid, row.characteristic, row.quantity, row.presale]).sort()).toEqual(
      [
        [ORGANISATION.ES, '42', 5, false],
        [ORGANISATION.FRO, '10', 4, false],
      ].sort(),
    );
    expect(await residues(gloves.offers[0]!.guid, boots.offers[0]!.guid)).toEqual({
      [gloves.offers[0]!.guid]: before[gloves.offers[0]!.guid],
      [boots.offers[0]!.guid]: before[boots.offers[0]!.guid]! - 3,
    });
    // Each check by its organisation: the order the checks were written in is not the test's to fix.
    const checks = await checksOf(order);
    const fro = checks.find((check) => check.orgGuid === ORGANISATION.FRO);
    const es = checks.find((check) => check.orgGuid !== ORGANISATION.FRO);
    expect(checks).toHaveLength(2);
    expect([toKopecks(fro!.total), toKopecks(es!.total)]).toEqual([4 * glovesPrice, 5 * bootsPrice]);
    expect(toKopecks((await orderRow(order)).total)).toBe(4 * glovesPrice + 5 * bootsPrice);
    expect(await edits(order)).toBe(1);
  });

  it('refuses, writing nothing, a whole order that leaves a check without lines and a check’s lines of another organisation', async () => {
    const order = await placeOrder(
      [
        { product: gloves, quantity: 2 },
        { product: boots, quantity: 1 },
      ],
      { case: 'pickup', cost: 0 },
    );
    const placed = await linesOf(order);
    const glovesOnly = [{ productUid: gloves.uid, offerGuid: gloves.offers[0]!.guid, quantity: 3, priceKopecks: await priceOf(order, '10') }];
    expect(await apply({ orderId: order, lines: glovesOnly })).toEqual({ outcome: 'refused', why: 'check-emptied', organisation: ORGANISATION.ES });
    const bootsLine = { productUid: boots.uid, offerGuid: boots.offers[0]!.guid, quantity: 1, priceKopecks: await priceOf(order, '42') };
    expect(await apply({ orderId: order, organisation: ORGANISATION.FRO, lines: [...glovesOnly, bootsLine] })).toEqual({
      outcome: 'refused',
      why: 'foreign-organisation',
      organisation: ORGANISATION.ES,
      offerGuid: boots.offers[0]!.guid,
    });
    expect(await apply({ orderId: order, organisation: ORGANISATION.FRO, lines: [{ ...glovesOnly[0]!, quantity: 0 }] })).toEqual({ outcome: 'refused', why: 'no-lines-left' });
    expect(await apply({ orderId: 2_000_000_000, lines: glovesOnly })).toEqual({ outcome: 'refused', why: 'order-unknown' });
    expect(await linesOf(order)).toEqual(placed);
    expect(await edits(order)).toBe(0);
  });

  it('a delivery a carrier brings takes the back office’s cost: the order’s delivery, its carrier check and its total follow, once', async () => {
    const order = await placeOrder([{ product: gloves, quantity: 3 }], { case: 'other', cost: 300 });
    const goods = 3 * (await priceOf(order, '10'));
    expect(toKopecks((await orderRow(order)).total)).toBe(goods + 30_000);
    const placed = await linesOf(order);
    const stock = await residues(gloves.offers[0]!.guid);

    const outcome = await apply({ orderId: order, organisation: ORGANISATION.FRO, deliveryKopecks: 50_000 });
    expect(outcome).toMatchObject({ outcome: 'changed', said: 'доставка 500.00 вместо 300.00' });
    const stored = await orderRow(order);
    expect((stored.delivery as { cost: number; case: string }).cost).toBe(500);
    expect((stored.delivery as { cost: number; case: string }).case).toBe('other');
    expect(toKopecks(stored.total)).toBe(goods + 50_000);
    expect(toKopecks((await checksOf(order))[0]!.total)).toBe(goods + 50_000);
    // Only the delivery moved: the lines and the stock are as they were.
    expect((await linesOf(order)).map(({ id: _id, ...row }) => row)).toEqual(placed.map(({ id: _id, ...row }) => row));
    expect(await residues(gloves.offers[0]!.guid)).toEqual(stock);
    expect(await edits(order)).toBe(1);

    expect(await apply({ orderId: order, organisation: ORGANISATION.FRO, deliveryKopecks: 50_000 })).toEqual({ outcome: 'same' });
    expect(await edits(order)).toBe(1);
  });

  it('a delivery the portal does not bill (pickup, the manufacturer’s own) is not applied, and the outcome says so', async () => {
    const order = await placeOrder([{ product: gloves, quantity: 1 }], { case: 'delivery', cost: 0 });
    const before = await orderRow(order);
    expect(await apply({ orderId: order, organisation: ORGANISATION.FRO, deliveryKopecks: 70_000 })).toEqual({ outcome: 'same', deliveryNotBilledKopecks: 70_000 });
    expect(await orderRow(order)).toEqual(before);
    expect(await edits(order)).toBe(0);
  });
});
