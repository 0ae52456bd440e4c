/**
 * The write of new orders from offers read without locks (every new order's first try), placed together: each
 * refused, with nothing of it written, whenever an offer is no longer as it was split against — by a concurrent
 * order or by an order before it in the same write; orders racing for scarce stock through it
 * (and the locked path it falls back to) while stock is topped up never oversell — on the embedded engine, whose
 * statements of concurrent requests queue up in it, and on PostgreSQL. On PostgreSQL, the pool's size, the
 * statements prepared by name, and a connection kept after a refused statement.
 */
import { firstWorkingDayFrom, moscowDateAfter } from '@portal/domain';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offers, orderChecks, orderLines, orders, partners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { rawQuery } from '../../../src/db/client';
import { placeNewOrder } from '../../../src/modules/orders/order-writer';
import * as repo from '../../../src/modules/orders/orders.repository';
import { createTestApp, signInAs, statementsDuring, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, residues, setResidue, type FixtureProduct } from './fixtures';

/** A delivery day the server accepts: two days on, or the first working day after. */
const tomorrow = () => firstWorkingDayFrom(moscowDateAfter(Date.now(), 2));

function payload(positions: Array<{ guid: string; characteristics: Array<{ guid: string }> }>) {
  return {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: '',
    delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: tomorrow(), cost: 0, bill_to: '' },
    position: positions,
    position_presail: [],
  };
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SEED_PRODUCTS: '0', DATABASE_POOL_SIZE: '6' });
});
afterAll(() => t?.close());

/** A product of one offer with 5 units, that offer’s row, and demo’s order values for SPECSNAB named `name`. */
async function oneOfferOrder(characteristic: string, name: string) {
  const item = await insertProduct(t.app.db, { priceOpt: 100, offers: [{ characteristic, residue: 5 }] });
  const [offer] = await t.app.db.select().from(offers).where(eq(offers.guid, item.offers[0]!.guid));
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
  const [partner] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
  const order: repo.NewOrder['order'] = { userId: user!.id, partnerId: partner!.id, name, requestHash: 'test' };
  return { item, offer: offer!, order };
}

describe('a new order written from offers read without locks', () => {
  let item: FixtureProduct;
  let offerId: number;
  let price: number;
  let order: repo.NewOrder['order'];

  beforeAll(async () => {
    const made = await oneOfferOrder('M', 'Проверка записи');
    ({ item, order } = made);
    ({ id: offerId, price } = made.offer);
  });

  const ordersNamed = async () => (await t.app.db.select({ n: count() }).from(orders).where(eq(orders.name, 'Проверка записи')))[0]!.n;

  /** Tries the write alone; answers whether it was refused as changed since the read. */
  const refused = async (read: repo.OfferAsRead) => {
    const [placement] = await repo.placeNewOrders(t.app.db, [{ order, lines: [], checks: [], offers: [read] }]);
    return placement === 'changed';
  };

  it('takes the units and writes the order while the offer is as read', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 5);
    const before = await ordersNamed();
    expect(await refused({ offerId, units: 3, allOfIt: false, price })).toBe(false);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 2 });
    expect(await ordersNamed()).toBe(before + 1);
  });

  it('refuses, writing nothing, when fewer units are left than it takes', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 2);
    const before = await ordersNamed();
    expect(await refused({ offerId, units: 3, allOfIt: false, price })).toBe(true);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 2 });
    expect(await ordersNamed()).toBe(before);
  });

  it('refuses when an offer it took all of (the rest on pre-order) has more stock now: the split would differ', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 4);
    const before = await ordersNamed();
    // Read with 2 units left, 3 asked: 2 taken, 1 on pre-order; meanwhile the stock became 4.
    expect(await refused({ offerId, units: 2, allOfIt: true, price })).toBe(true);
    // Read with none left, all on pre-order; meanwhile the stock became 4.
    expect(await refused({ offerId, units: 0, allOfIt: true, price })).toBe(true);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 4 });
    expect(await ordersNamed()).toBe(before);
    // The same read while the stock is still 4 units is written.
    expect(await refused({ offerId, units: 4, allOfIt: true, price })).toBe(false);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 0 });
  });

  it('refuses when the offer’s price changed since the read', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 5);
    expect(await refused({ offerId, units: 1, allOfIt: false, price: price + 1 })).toBe(true);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 5 });
  });
});

describe('new orders placed together', () => {
  let item: FixtureProduct;
  let offerId: number;
  let price: number;
  let productId: number;
  let order: repo.NewOrder['order'];

  beforeAll(async () => {
    const made = await oneOfferOrder('L', 'Проверка пакета');
    ({ item, order } = made);
    ({ id: offerId, price, productId } = made.offer);
  });

  /** An order of `units` read while the offer had `read` units: all in stock, or the rest on pre-order. */
  const asRead = (units: number, read: number, key: string): repo.NewOrderAsRead => {
    const inStock = Math.min(units, read);
    const line = { productId, offerId, orgGuid: item.offers[0]!.orgGuid, characteristic: 'L', fullprice: price, price, discount: 0 };
    return {
      order: { ...order, idempotencyKey: key },
      lines: [
        ...(inStock > 0 ? [{ ...line, quantity: inStock, presale: false }] : []),
        ...(units > inStock ? [{ ...line, quantity: units - inStock, presale: true }] : []),
      ],
      checks: [{ guid: `check-${key}`, orgGuid: item.offers[0]!.orgGuid, status: 1, total: price * units, docStatus: {} }],
      offers: [{ offerId, units: inStock, allOfIt: units > inStock, price }],
    };
  };

  it('checks each order against the stock the orders before it in the batch left, and writes each one’s own rows', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 5);
    const round = `batch-${Date.now()}`;
    // All three read 5 units: the first takes 3, so the second (3 more) no longer fits, and the third (2) does.
    const placements = await repo.placeNewOrders(t.app.db, [asRead(3, 5, `${round}-1`), asRead(3, 5, `${round}-2`), asRead(2, 5, `${round}-3`)]);
    expect(placements[1]).toBe('changed');
    expect(typeof placements[0]).toBe('number');
    expect(typeof placements[2]).toBe('number');
    expect(placements[2]).toBeGreaterThan(placements[0] as number);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 0 });
    const placed = [placements[0], placements[2]] as number[];
    const lines = await t.app.db.select().from(orderLines).where(inArray(orderLines.orderId, placed));
    expect(lines.map((row) => [row.orderId, row.quantity, row.presale])).toEqual([
      [placed[0], 3, false],
      [placed[1], 2, false],
    ]);
    const checks = await t.app.db.select().from(orderChecks).where(inArray(orderChecks.orderId, placed));
    expect(checks.map((row) => [row.orderId, row.guid]).sort()).toEqual([
      [placed[0], `check-${round}-1`],
      [placed[1], `check-${round}-3`],
    ]);
    expect(await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, `${round}-2`))).toEqual([]);
  });

  it('a pre-order split fits only while the stock is exactly what the order took; a key already stored answers `key`', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 2);
    const round = `split-${Date.now()}`;
    // Both read 2 units and asked 3 (2 taken, 1 on pre-order): after the first, none are left, and the second's
    // split would differ. The third repeats the first one's key.
    const placements = await repo.placeNewOrders(t.app.db, [asRead(3, 2, `${round}-1`), asRead(3, 2, `${round}-2`), asRead(1, 0, `${round}-1`)]);
    expect(typeof placements[0]).toBe('number');
    expect(placements.slice(1)).toEqual(['changed', 'key']);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 0 });
  });

  it('orders made ready in one round of the event loop go as one statement', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 10);
    const round = `together-${Date.now()}`;
    const statements = await statementsDuring(t.app, async () => {
      const placements = await Promise.all([1, 2, 3, 4].map((i) => placeNewOrder(t.app.db, asRead(2, 10 - 2 * (i - 1), `${round}-${i}`))));
      expect(placements.every((placement) => typeof placement === 'number')).toBe(true);
    });
    const writes = statements.filter(({ text }) => text.includes('place_new_orders')).map(({ params }) => (JSON.parse(params[0] as string) as unknown[]).length);
    expect(writes).toEqual([4]);
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 2 });
  });

  it('an order that fails the statement fails alone: the others of its batch are placed', async () => {
    await setResidue(t.app.db, item.offers[0]!.guid, 10);
    const round = `alone-${Date.now()}`;
    const broken = asRead(1, 10, `${round}-broken`);
    // A line of a product that does not exist: its foreign key refuses the whole statement.
    broken.lines = broken.lines.map((row) => ({ ...row, productId: 2_000_000_000 }));
    const results = await Promise.allSettled([
      placeNewOrder(t.app.db, asRead(2, 10, `${round}-1`)),
      placeNewOrder(t.app.db, broken),
      placeNewOrder(t.app.db, asRead(3, 8, `${round}-2`)),
    ]);
    expect(results[1]).toMatchObject({ status: 'rejected' });
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: expect.any(Number) });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: expect.any(Number) });
    expect(await residues(t.app.db, [item.offers[0]!.guid])).toEqual({ [item.offers[0]!.guid]: 5 });
    expect(await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, `${round}-broken`))).toEqual([]);
  });
});

describe('orders racing for one offer', () => {
  it('orders racing for scarce stock while it is topped up never oversell: every unit is taken once or stays', async () => {
    const demo = await signInAs(t.app, 'demo');
    const scarce = await insertProduct(t.app.db, {
      priceOpt: 100,
      offers: [
        { characteristic: 'A', residue: 7 },
        { characteristic: 'B', residue: 3 },
        { characteristic: 'C', residue: 0 },
      ],
    });
    const guids = scarce.offers.map((offer) => offer.guid);
    const initial = 7 + 3 + 0;
    const clients = 40;
    const asked = (i: number) => scarce.offers.map((offer, j) => [offer, 1 + ((i + j) % 4)] as const).filter((_, j) => (i + j) % 3 !== 0);
    // At the server's prices (the same for every client: prices do not depend on stock).
    const bodies = await Promise.all(
      Array.from({ length: clients }, (_, i) => atServerPrices(t.app, 'demo', payload([{ guid: scarce.uid, characteristics: asked(i).map(([offer, units]) => line(offer, units)) }]))),
    );
    const submit = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: { ...demo, 'idempotency-key': `pg-race-${i}` },
        payload: bodies[i],
      });
    // The integration tops stock up by 2 units of each offer, 5 times, while the orders run (one offer at a time,
    // as an import of stock levels does).
    const restocks = 5;
    const topUp = async () => {
      for (let k = 0; k < restocks; k++) {
        for (const guid of guids) {
          await t.app.db.update(offers).set({ residue: sql`${offers.residue} + 2` }).where(eq(offers.guid, guid));
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Each client sends its order twice at once with the same key (a retry racing the first attempt).
    const [responses] = await Promise.all([
      Promise.all(Array.from({ length: clients }, (_, i) => [submit(i), submit(i)]).flat()),
      topUp(),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = responses.map((response) => response.json().response.id as number);
    for (let i = 0; i < clients; i++) expect(ids[2 * i]).toBe(ids[2 * i + 1]);
    expect(new Set(ids).size).toBe(clients);

    const offerRows = await t.app.db.select({ id: offers.id, guid: offers.guid, residue: offers.residue }).from(offers).where(inArray(offers.guid, guids));
    const lines = await t.app.db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
    const left = offerRows.reduce((sum, row) => sum + row.residue, 0);
    const taken = lines.filter((row) => !row.presale).reduce((sum, row) => sum + row.quantity, 0);
    // Conservation: every unit that was or came in stock is either in an order or still in stock, never both.
    expect(taken + left).toBe(initial + restocks * 2 * guids.length);
    for (const row of offerRows) expect(row.residue).toBeGreaterThanOrEqual(0);
    // Every order holds exactly what it asked, split between stock and pre-order.
    for (let i = 0; i < clients; i++) {
      for (const [offer, units] of asked(i)) {
        const id = offerRows.find((row) => row.guid === offer.guid)!.id;
        const own = lines.filter((row) => row.orderId === ids[2 * i] && (row.offerId === id));
        expect(own.reduce((sum, row) => sum + row.quantity, 0)).toBe(units);
      }
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('opens the pool with DATABASE_POOL_SIZE connections', () => {
    expect(t.app.database.poolUse().size).toBe(6);
    const pool = (t.app.db as unknown as { session: { client: { options: { max: number } } } }).session.client;
    expect(pool.options.max).toBe(6);
  });

  it('keeps the connection after an error the database reports (a key already used), not only after a success', async () => {
    const one = await createTestApp({ SEED_PRODUCTS: '0', DATABASE_POOL_SIZE: '1' });
    try {
      const backend = async () => (await rawQuery<{ pid: number }>(one.app.db, 'select pg_backend_pid() as pid'))[0]!.pid;
      const before = await backend();
      const duplicate = rawQuery(one.app.db, 'insert into price_types (id, name) select id, name from price_types limit 1');
      await expect(duplicate).rejects.toMatchObject({ code: '23505' });
      expect(await backend()).toBe(before);
    } finally {
      await one.close();
    }
  });

  it('keeps an idle connection open (a new one would prepare every statement again after each lull)', async () => {
    const one = await createTestApp({ SEED_PRODUCTS: '0', DATABASE_POOL_SIZE: '1' });
    try {
      const backend = async () => (await rawQuery<{ pid: number }>(one.app.db, 'select pg_backend_pid() as pid'))[0]!.pid;
      // The pool's idle timer starts when the statement hands its connection back: a minute of it passes at once.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const before = await backend();
      vi.advanceTimersByTime(60_000);
      vi.useRealTimers();
      expect(await backend()).toBe(before);
    } finally {
      vi.useRealTimers();
      await one.close();
    }
  });

  it('prepares the order statements once per connection, by name', async () => {
    const one = await createTestApp({ SEED_PRODUCTS: '0', DATABASE_POOL_SIZE: '1' });
    try {
      const demo = await signInAs(one.app, 'demo');
      const item = await insertProduct(one.app.db, { priceOpt: 100, offers: [{ characteristic: 'M', residue: 50 }] });
      const order = async (i: number) => {
        const response = await one.app.inject({
          method: 'POST',
          url: '/api/order/add',
          headers: { ...demo, 'idempotency-key': `prepared-${i}` },
          payload: await atServerPrices(one.app, 'demo', payload([{ guid: item.uid, characteristics: [line(item.offers[0]!, 1)] }])),
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      // One connection: the statements it keeps prepared are visible to it.
      const preparedNames = async () => {
        const prepared = await one.app.db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'portal\_%' order by name`);
        return (prepared as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
      };
      await order(0);
      const afterOne = await preparedNames();
      // The order context and the write, at least.
      expect(afterOne.length).toBeGreaterThanOrEqual(2);
      await order(1);
      await order(2);
      // Later orders run the same named statements instead of preparing new ones.
      expect(await preparedNames()).toEqual(afterOne);
    } finally {
      await one.close();
    }
  });
});
