/** The demo order history (seed/orders.ts): who sees what, statuses and documents, prices, stock, idempotency. */
import { CHECK_STATUS, type Position } from '@portal/contracts';
import {
  PRICE_TYPE,
  discountedKopecks,
  isPriceType,
  lineDiscount,
  offerPriceForType,
  productPriceForType,
  toKopecks,
} from '@portal/domain';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { claims, mailEvents, notifications, offers, orderChecks, orderLines, orderTimeline, orders, partners, products, shipments, storages } from '../../src/db/schema';
import { seedDemo } from '../../src/seed';
import { seedCatalog } from '../../src/seed/catalog';
import { SEEDED_ORDERS, seedBackOffice, seededOrderDate, seededOrderId, seedOrders } from '../../src/seed/orders';
import { DEMO_PARTNERS, seedPeople } from '../../src/seed/people';
import { MemoryStorage } from '../../src/lib/storage';
import { createTestApp, signInAs, type TestApp } from '../support/helper';

interface ListItem {
  n: number;
  date: number;
  partner_guid: string;
  reserved: boolean;
  upd: boolean;
  total: number;
  count: number;
  total_count: number;
  checks: Array<{ guid: string; org: string; status: number; total: number; doc_status: Record<string, unknown> }>;
}

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let ids: Record<string, number>;

const demoSpecs = SEEDED_ORDERS.filter((spec) => spec.login === 'demo');
const demo2Specs = SEEDED_ORDERS.filter((spec) => spec.login === 'demo2');
const list = async (headers: Record<string, string>): Promise<ListItem[]> =>
  (await t.app.inject({ url: '/api/orders', headers })).json().response;
const detail = async (n: number, headers = demo) => (await t.app.inject({ url: `/api/user/order/${n}`, headers })).json().response;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  ids = {};
  for (const spec of SEEDED_ORDERS) {
    const n = await seededOrderId(t.app.db, spec.code);
    if (n !== undefined) ids[spec.code] = n;
  }
});
afterAll(() => t.close());

describe('seeded orders', () => {
  it('are all placed with the test catalogue, numbered in date order', () => {
    expect(Object.keys(ids).sort()).toEqual(SEEDED_ORDERS.map((spec) => spec.code).sort());
    const numbers = SEEDED_ORDERS.map((spec) => ids[spec.code]!);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('are a history: each change half a day after the one before, the shipments and claims on their days, and no news to anyone', async () => {
    for (const spec of SEEDED_ORDERS) {
      const placedAt = seededOrderDate(SEEDED_ORDERS.indexOf(spec)).getTime();
      const timeline = await t.app.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, ids[spec.code]!)).orderBy(orderTimeline.at);
      expect(timeline[0]!.event).toBe('created');
      expect(timeline.map((entry) => entry.at.getTime() - placedAt)).toEqual(timeline.map((_, i) => (i * 86_400_000) / 2));
    }
    const lastDay = new Date('2026-02-15T00:00:00+03:00');
    for (const row of [...(await t.app.db.select().from(shipments)), ...(await t.app.db.select().from(claims))]) {
      expect(row.createdAt < lastDay && row.updatedAt < lastDay).toBe(true);
    }
    // Neither the back office's statuses nor demo's requests and claims mail or notify: they happened weeks ago.
    expect(new Set((await t.app.db.select({ kind: mailEvents.kind }).from(mailEvents)).map((event) => event.kind))).toEqual(new Set(['order.created']));
    expect(await t.app.db.select().from(notifications)).toEqual([]);
  });

  it('demo sees its orders of both companies in GET /api/orders, dated from the fixed base date, with their checks', async () => {
    const items = await list(demo);
    expect(items.map((item) => item.n).sort()).toEqual(demoSpecs.map((spec) => ids[spec.code]).sort());
    expect(new Set(items.map((item) => item.partner_guid))).toEqual(new Set([DEMO_PARTNERS.SPECSNAB, DEMO_PARTNERS.PETROV]));
    for (const spec of demoSpecs) {
      const item = items.find((candidate) => candidate.n === ids[spec.code])!;
      expect(item.partner_guid).toBe(spec.partner);
      expect(item.date).toBe(seededOrderDate(SEEDED_ORDERS.indexOf(spec)).getTime() / 1000);
      // One check per organisation of the order's lines, in the state the back office gave it.
      expect(item.checks.map((check) => check.org).sort()).toEqual([...new Set(spec.lines.map((line) => line.org))].sort());
      for (const check of item.checks) {
        const state = spec.checks?.[check.org as keyof typeof spec.checks];
        if (state) expect(check.status).toBe(state.status);
        expect(check.doc_status).toMatchObject({ id: check.guid, StatusSchet: state?.docs?.StatusSchet === true, StatusUPD: state?.docs?.StatusUPD === true });
      }
    }
    // The history shows every kind of state: reserved, pre-order, bill issued, assembling, shipped with УПД.
    const statuses = new Set(items.flatMap((item) => item.checks.map((check) => check.status)));
    for (const status of [CHECK_STATUS.RESERVED, CHECK_STATUS.PREORDER, CHECK_STATUS.BILLED, CHECK_STATUS.ASSEMBLING, CHECK_STATUS.SHIPPED]) {
      expect(statuses).toContain(status);
    }
    expect(items.find((item) => item.n === ids['specsnab-jackets'])).toMatchObject({ upd: true, reserved: false });
    expect(items.find((item) => item.n === ids['petrov-glasses'])).toMatchObject({ upd: false, reserved: true });
    expect(items.find((item) => item.n === ids['specsnab-winter'])).toMatchObject({ upd: false, reserved: false });
  });

  it('the fresh order has lines in stock and in pre-order, split by the order rules', async () => {
    const winter = await detail(ids['specsnab-winter']!);
    expect(winter.position.length).toBeGreaterThan(0);
    expect(winter.position_presail.length).toBeGreaterThan(0);
    const glasses = await detail(ids['petrov-glasses']!);
    expect(glasses.position_presail.flatMap((p: Position) => p.characteristics.map((c) => c.CHARACTERISTIC))).toEqual(['Только под заказ']);
  });

  it('demo2 sees only its own orders and cannot open demo’s', async () => {
    const items = await list(demo2);
    expect(items.map((item) => item.n).sort()).toEqual(demo2Specs.map((spec) => ids[spec.code]).sort());
    expect(items.every((item) => item.partner_guid === DEMO_PARTNERS.TECHNOSHIELD)).toBe(true);
    const response = await t.app.inject({ url: `/api/user/order/${ids['specsnab-jackets']}`, headers: demo2 });
    expect(response.statusCode).toBe(403);
  });

  it('carry totals and prices that the pricing rule gives for the company’s contracts', async () => {
    for (const spec of SEEDED_ORDERS) {
      const headers = spec.login === 'demo' ? demo : demo2;
      const order = await detail(ids[spec.code]!, headers);
      const [partner] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, spec.partner));
      const contracts = await t.app.db.select().from(storages).where(eq(storages.partnerId, partner!.id));
      const lines: Position[] = [...order.position, ...order.position_presail];
      const productRows = await t.app.db.select().from(products).where(inArray(products.uid, lines.map((p) => p.guid)));
      const offerRows = await t.app.db.select().from(offers).where(inArray(offers.productId, productRows.map((p) => p.id)));
      const byOrg = new Map<string, number>();
      for (const position of lines) {
        const product = productRows.find((row) => row.uid === position.guid)!;
        for (const line of position.characteristics) {
          const contract = contracts.find((candidate) => candidate.guid === line.ORGGUID)!;
          const priceType = isPriceType(contract.priceType) ? contract.priceType : PRICE_TYPE.DEFAULT;
          const offer = offerRows.find((row) => row.guid === line.GUID);
          const fullprice = offer ? offerPriceForType(product, offer.price, priceType) : productPriceForType(product, priceType);
          const discount = lineDiscount({ status: product.status, maxDiscount: product.maxDiscount, orgGuid: line.ORGGUID, contracts });
          expect(line.fullprice).toBe(fullprice);
          expect(line.discount).toBe(discount);
          expect(toKopecks(line.PRICE)).toBe(discountedKopecks(toKopecks(fullprice), discount));
          byOrg.set(line.ORGGUID, (byOrg.get(line.ORGGUID) ?? 0) + toKopecks(line.PRICE) * line.count);
        }
      }
      const all = lines.flatMap((position) => position.characteristics);
      const delivery = order.delivery.case === 'other' ? toKopecks(order.delivery.cost) : 0;
      const goods = all.reduce((sum, line) => sum + toKopecks(line.PRICE) * line.count, 0);
      expect(toKopecks(order.total)).toBe(goods + delivery);
      expect(toKopecks(order.total_discount)).toBe(all.reduce((sum, line) => sum + (toKopecks(line.fullprice) - toKopecks(line.PRICE)) * line.count, 0));
      expect(order.total_count).toBe(all.reduce((sum, line) => sum + line.count, 0));
      // The checks add up to the order's total: the carrier's delivery is billed on one of them.
      const checks: Array<{ org: string; total: number }> = order.checks;
      expect(checks.reduce((sum, check) => sum + toKopecks(check.total), 0)).toBe(toKopecks(order.total));
      for (const check of checks) expect(toKopecks(check.total) - (byOrg.get(check.org) ?? 0)).toBeOneOf([0, delivery]);
    }
    // The delivery by a transport company adds its cost to what the dealer pays.
    const robes = await detail(ids['petrov-robes']!);
    const goods = [...robes.position, ...robes.position_presail].reduce((sum: number, p: Position) => sum + toKopecks(p.total), 0);
    expect(toKopecks(robes.total)).toBe(goods + toKopecks(1850));
  });

  it('took their stock like placed orders: what a fresh catalogue has, less what live orders hold; a cancelled order holds none', async () => {
    const reference = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedPeople(reference.db);
      await seedCatalog(reference.db, new MemoryStorage(), t.config.SEED_PRODUCTS);
      const original = new Map((await reference.db.select({ guid: offers.guid, residue: offers.residue }).from(offers)).map((o) => [o.guid, o.residue]));
      const cancelled = ids['technoshield-boots']!;
      const held = await t.app.db
        .select({ guid: offers.guid, residue: offers.residue, held: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .innerJoin(offers, eq(offers.id, orderLines.offerId))
        .where(sql`${orderLines.presale} = false and ${orderLines.orderId} <> ${cancelled}`)
        .groupBy(offers.guid, offers.residue);
      expect(held.length).toBeGreaterThan(10);
      for (const row of held) expect(row.residue).toBe(original.get(row.guid)! - row.held);
      const cancelledLines = await t.app.db
        .select({ guid: offers.guid, residue: offers.residue })
        .from(orderLines)
        .innerJoin(offers, eq(offers.id, orderLines.offerId))
        .where(eq(orderLines.orderId, cancelled));
      expect(cancelledLines.length).toBeGreaterThan(0);
      for (const row of cancelledLines) expect(row.residue).toBe(original.get(row.guid));
      const [lowest] = await t.app.db.select({ min: sql<number>`min(${offers.residue})` }).from(offers);
      expect(Number(lowest!.min)).toBeGreaterThanOrEqual(0);
    } finally {
      await reference.close();
    }
  });

  it('are the ones demo’s shipments and claims refer to, and the claims name products of those orders', async () => {
    const shipmentOrders = (await t.app.db.select({ orderId: shipments.orderId }).from(shipments)).map((row) => row.orderId);
    expect(shipmentOrders.sort()).toEqual(['specsnab-jackets', 'specsnab-boots', 'specsnab-summer', 'petrov-robes'].map((code) => ids[code]).sort());
    const linked = await t.app.db.select({ orderId: claims.orderId, products: claims.products }).from(claims).where(sql`${claims.orderId} is not null`);
    expect(linked).toHaveLength(3);
    for (const claim of linked) {
      const ordered = await t.app.db
        .select({ guid: offers.guid, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(offers, eq(offers.id, orderLines.offerId))
        .where(eq(orderLines.orderId, claim.orderId!));
      for (const product of claim.products as Array<{ guid: string; quantity: number }>) {
        const line = ordered.find((candidate) => candidate.guid === product.guid);
        expect(line).toBeDefined();
        expect(product.quantity).toBeLessThanOrEqual(line!.quantity);
      }
    }
  });

  it('seeding again adds nothing and changes nothing', async () => {
    const snapshot = async () => ({
      orders: (await t.app.db.select({ n: count() }).from(orders))[0]!.n,
      lines: (await t.app.db.select({ n: count() }).from(orderLines))[0]!.n,
      checks: await t.app.db.select().from(orderChecks).orderBy(orderChecks.id),
      stock: (await t.app.db.select({ sum: sql<number>`sum(${offers.residue})::int` }).from(offers))[0]!.sum,
      shipments: (await t.app.db.select({ n: count() }).from(shipments))[0]!.n,
      claims: (await t.app.db.select({ n: count() }).from(claims))[0]!.n,
    });
    const before = await snapshot();
    await seedDemo({ db: t.app.db, storage: t.app.storage, products: t.config.SEED_PRODUCTS, log: () => {} });
    expect(await snapshot()).toEqual(before);
    expect(await list(demo)).toHaveLength(demoSpecs.length);
  });

  it('a seed interrupted after placing an order finishes that order on the next run instead of placing it again', async () => {
    const n = ids['technoshield-boots']!;
    const stock = async () => (await t.app.db.select({ sum: sql<number>`sum(${offers.residue})::int` }).from(offers))[0]!.sum;
    const stockBefore = await stock();
    const [check] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, n));
    // As submitOrder left it (placed and dated): the check as placed, the stock it took out again.
    await t.app.db.update(orderChecks).set({ status: CHECK_STATUS.RESERVED }).where(eq(orderChecks.id, check!.id));
    const [line] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, n));
    await t.app.db.execute(sql`update offers set residue = residue - ${line!.quantity} where id = ${line!.offerId}`);

    const ordersBefore = (await t.app.db.select({ n: count() }).from(orders))[0]!.n;
    await seedOrders(t.app.db, t.app.storage, t.app.config.SEED_PRODUCTS);
    await seedBackOffice(t.app.db, t.app.storage);
    expect((await t.app.db.select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore);
    const [again] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, n));
    expect(again).toEqual(check);
    expect(await stock()).toBe(stockBefore);
    const index = SEEDED_ORDERS.findIndex((spec) => spec.code === 'technoshield-boots');
    const [order] = await t.app.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, n));
    expect(order!.createdAt.getTime()).toBe(seededOrderDate(index).getTime());
  });
});
