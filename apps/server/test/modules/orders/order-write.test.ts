/**
 * The write of a new order from offers read without locks (every new order's first try): refused, with nothing
 * written, whenever an offer is no longer as the order was split against; orders racing for scarce stock through it
 * (and the locked path it falls back to) while stock is topped up never oversell — on the embedded engine, whose
 * statements of concurrent requests queue up in it, and on PostgreSQL. On PostgreSQL, the pool's size, the
 * statements prepared by name, and a connection kept after a refused statement.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, orderLines, orders, partners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/db/seed/people';
import { preparedQuery } from '../../../src/db/pg-statements';
import * as repo from '../../../src/modules/orders/orders.repository';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { insertProduct, line, residues, setResidue, type FixtureProduct } from './fixtures';

const tomorrow = () => new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

function payload(positions: Array<{ guid: string; characteristics: unknown[] }>) {
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

describe('a new order written from offers read without locks', () => {
  let item: FixtureProduct;
  let offerId: number;
  let price: number;
  let order: repo.NewOrder['order'];

  beforeAll(async () => {
    item = await insertProduct(t.app.db, { priceOpt: 100, offers: [{ characteristic: 'M', residue: 5 }] });
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.guid, item.offers[0]!.guid));
    offerId = offer!.id;
    price = offer!.price;
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
    const [partner] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
    order = { userId: user!.id, partnerId: partner!.id, name: 'Проверка записи', requestHash: 'test' };
  });

  const ordersNamed = async () => (await t.app.db.select({ n: count() }).from(orders).where(eq(orders.name, 'Проверка записи')))[0]!.n;

  /** Tries the write; answers whether it was refused as changed since the read (rethrows anything else). */
  const refused = async (read: repo.OfferAsRead) => {
    try {
      await repo.insertNewOrderIfUnchanged(t.app.db, { order, lines: [], checks: [], offers: [read] });
      return false;
    } catch (error) {
      if (repo.isChangedSinceRead(error)) return true;
      throw error;
    }
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
    const submit = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: { ...demo, 'idempotency-key': `pg-race-${i}` },
        payload: payload([{ guid: scarce.uid, characteristics: asked(i).map(([offer, units]) => line(offer, units)) }]),
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
      const backend = async () => (await preparedQuery<{ pid: number }>(one.app.db, 'select pg_backend_pid() as pid'))[0]!.pid;
      const before = await backend();
      const duplicate = preparedQuery(one.app.db, 'insert into price_types (id, name) select id, name from price_types limit 1');
      await expect(duplicate).rejects.toMatchObject({ code: '23505' });
      expect(await backend()).toBe(before);
    } finally {
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
          payload: payload([{ guid: item.uid, characteristics: [line(item.offers[0]!, 1)] }]),
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
