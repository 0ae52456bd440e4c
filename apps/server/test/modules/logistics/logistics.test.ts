import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORGANISATION } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderChecks, orders, partners, shipments } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { dayFromToday, placeOrder, png, postMultipart } from '../../support/logistics-orders';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let demoOrder: number;
let demo2Order: number;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  demoOrder = (await placeOrder(t.app, 'demo', DEMO_PARTNERS.SPECSNAB, [['КС-101', '44', 10]])).n;
  demo2Order = (await placeOrder(t.app, 'demo2', DEMO_PARTNERS.TECHNOSHIELD, [['КС-202', '42', 5]])).n;
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('delivery addresses', () => {
  it('adds, updates and deletes, each call answering the list as response.data', async () => {
    const added = await post('/api/user/delivery/add', demo2, { label: '  г Екатеринбург,  ул Малышева, д 51 ' });
    expect(added.statusCode).toBe(200);
    const [first] = added.json().response.data;
    expect(first).toEqual({ index: expect.any(Number), label: 'г Екатеринбург, ул Малышева, д 51' });

    const second = (await post('/api/user/delivery/add', demo2, { label: 'г Екатеринбург, пр-кт Ленина, д 24' })).json().response.data;
    expect(second.map((a: { label: string }) => a.label)).toEqual(['г Екатеринбург, ул Малышева, д 51', 'г Екатеринбург, пр-кт Ленина, д 24']);

    const updated = await post('/api/user/delivery/update', demo2, { index: first.index, label: 'г Екатеринбург, ул Малышева, д 53' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().response.data[0]).toEqual({ index: first.index, label: 'г Екатеринбург, ул Малышева, д 53' });

    const deleted = await post('/api/user/delivery/delete', demo2, { index: first.index });
    expect(deleted.json().response.data.map((a: { label: string }) => a.label)).toEqual(['г Екатеринбург, пр-кт Ленина, д 24']);
    // The remaining address keeps its index: deleting one does not renumber the others.
    expect(deleted.json().response.data[0].index).toBe(second[1].index);

    const listed = await t.app.inject({ url: '/api/user/delivery', headers: demo2 });
    expect(listed.json().response).toEqual(deleted.json().response.data);
  });

  it('refuses a duplicate (ignoring case), a too short label and an unknown index with clear messages', async () => {
    await post('/api/user/delivery/add', demo2, { label: 'г Тула, пр-кт Ленина, д 1' });
    const duplicate = await post('/api/user/delivery/add', demo2, { label: 'Г ТУЛА, ПР-КТ ЛЕНИНА, Д 1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toMatch(/уже есть/);
    const short = await post('/api/user/delivery/add', demo2, { label: 'ул' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/короткий/);
    const unknown = await post('/api/user/delivery/delete', demo2, { index: 999999 });
    expect(unknown.statusCode).toBe(404);
    const noIndex = await post('/api/user/delivery/update', demo2, { label: 'г Тула, ул Советская, д 2' });
    expect(noIndex.statusCode).toBe(400);
    expect(noIndex.json().error.message).toMatch(/index/);
  });

  it("refuses demo2 demo's addresses: not listed, not changed, not deleted", async () => {
    const mine = (await post('/api/user/delivery/add', demo, { label: 'г Москва, ул Тверская, д 7' })).json().response.data;
    const target = mine.find((a: { label: string }) => a.label === 'г Москва, ул Тверская, д 7');
    const theirs = (await t.app.inject({ url: '/api/user/delivery', headers: demo2 })).json().response;
    expect(theirs.map((a: { index: number }) => a.index)).not.toContain(target.index);

    const update = await post('/api/user/delivery/update', demo2, { index: target.index, label: 'г Москва, ул Арбат, д 1' });
    expect(update.statusCode).toBe(404);
    const remove = await post('/api/user/delivery/delete', demo2, { index: target.index });
    expect(remove.statusCode).toBe(404);
    const after = (await t.app.inject({ url: '/api/user/delivery', headers: demo })).json().response;
    expect(after).toContainEqual(target);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/user/delivery' })).statusCode).toBe(401);
  });
});

describe('POST /suggestions/api/4_1/rs/suggest/address (built-in gazetteer)', () => {
  const suggest = (payload: unknown, headers = demo) =>
    t.app.inject({ method: 'POST', url: '/suggestions/api/4_1/rs/suggest/address', headers, payload: payload as object });

  it('answers the public service shape, carrying the house number into the suggestion', async () => {
    const response = await suggest({ query: 'екатеринбург малышева 51', count: 5 });
    expect(response.statusCode).toBe(200);
    const [first] = response.json().suggestions;
    expect(first).toEqual({
      value: 'г Екатеринбург, ул Малышева, д 51',
      unrestricted_value: '620014, Свердловская обл, г Екатеринбург, ул Малышева, д 51',
      data: expect.objectContaining({
        postal_code: '620014',
        region_with_type: 'Свердловская обл',
        city: 'Екатеринбург',
        street_with_type: 'ул Малышева',
        house: '51',
      }),
    });
  });

  it('finds cities and regions by the start of a word, and keeps to count', async () => {
    const values = (await suggest({ query: 'моск', count: 3 })).json().suggestions.map((s: { value: string }) => s.value);
    expect(values).toEqual(['г Москва', 'Московская обл', expect.stringMatching(/^г /)]);
    const spb = (await suggest({ query: 'г. Санкт-Петербург, Невский пр-кт, д. 28' })).json().suggestions;
    expect(spb[0].value).toBe('г Санкт-Петербург, Невский пр-кт, д 28');
    expect((await suggest({ query: 'Qwertyuiop' })).json().suggestions).toEqual([]);
  });

  it('refuses a request without a session, and an empty query', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/suggestions/api/4_1/rs/suggest/address', payload: { query: 'моск' } });
    expect(anonymous.statusCode).toBe(401);
    const empty = await suggest({ query: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/query/);
  });
});

describe('address suggestions through an upstream service', () => {
  it('passes the request with the token and answers what the upstream answered; a failing upstream is 503', async () => {
    let seen: { headers: IncomingHttpHeaders; body: string } | undefined;
    let fail = false;
    const upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen = { headers: req.headers, body };
        if (fail) return void res.writeHead(500).end('{}');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ suggestions: [{ value: 'г Казань, ул Баумана, д 1', unrestricted_value: '420111, Респ Татарстан, г Казань, ул Баумана, д 1', data: { city: 'Казань', fias_id: 'x' } }] }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/suggestions/api/4_1/rs/suggest/address`;
    const other = await createTestApp({ ADDRESS_SUGGEST_URL: url, ADDRESS_SUGGEST_TOKEN: 'secret-token' });
    try {
      const headers = await signInAs(other.app, 'demo');
      const response = await other.app.inject({ method: 'POST', url: '/suggestions/api/4_1/rs/suggest/address', headers, payload: { query: 'казань баумана', count: 3 } });
      expect(response.statusCode).toBe(200);
      expect(response.json().suggestions[0].value).toBe('г Казань, ул Баумана, д 1');
      expect(seen?.headers.authorization).toBe('Token secret-token');
      expect(JSON.parse(seen!.body)).toEqual({ query: 'казань баумана', count: 3 });

      fail = true;
      const failed = await other.app.inject({ method: 'POST', url: '/suggestions/api/4_1/rs/suggest/address', headers, payload: { query: 'казань' } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().error.message).toMatch(/введите адрес вручную/);
    } finally {
      await other.close();
      upstream.close();
    }
  });
});

describe('shipments', () => {
  const request = (headers: Record<string, string>, fields: Record<string, string>, files: Parameters<typeof postMultipart>[4] = []) =>
    postMultipart(t.app, '/api/user/shipments/add', headers, fields, files);
  const count = async () => (await t.app.db.select({ id: shipments.id }).from(shipments)).length;

  it('answers 200 with an empty list when a company has no shipments', async () => {
    const response = await t.app.inject({ url: '/api/user/shipments', headers: demo2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: null, response: [] });
  });

  it('files a request with a photo, lists it for the company and lets its users download the photo', async () => {
    const created = await request(
      demo,
      { order: String(demoOrder), address: 'г Москва, ул Тверская, д 7', date: dayFromToday(3), comment: 'Въезд со двора' },
      [{ name: 'пропуск.png', bytes: png(), type: 'image/png' }],
    );
    expect(created.statusCode).toBe(200);
    const { id } = created.json().response;
    expect(id).toEqual(expect.any(Number));

    const list = (await t.app.inject({ url: '/api/user/shipments', headers: demo })).json().response;
    const shipment = list.find((s: { id: number }) => s.id === id);
    expect(shipment).toMatchObject({
      bitrix_id: null,
      partner_guid: DEMO_PARTNERS.SPECSNAB,
      partner_name: expect.stringContaining('СпецСнаб'),
      order: demoOrder,
      address: 'г Москва, ул Тверская, д 7',
      comment: 'Въезд со двора',
      status: 'new',
      files: [{ id: expect.any(Number), name: 'пропуск.png', mime: 'image/png', size: expect.any(Number) }],
    });
    const file = await t.app.inject({ url: `/api/files/${shipment.files[0].id}`, headers: demo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%D0%BF%D1%80%D0%BE%D0%BF%D1%83%D1%81%D0%BA.png");
    expect(file.rawPayload.equals(png())).toBe(true);

    // demo2: not in its list, the file refused, the order refused.
    const theirs = (await t.app.inject({ url: '/api/user/shipments', headers: demo2 })).json().response;
    expect(theirs.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/files/${shipment.files[0].id}`, headers: demo2 })).statusCode).toBe(403);
    const foreign = await request(demo2, { order: String(demoOrder), address: 'г Екатеринбург, ул Малышева, д 51', date: dayFromToday(3) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toMatch(/не на вашу компанию/);
  });

  it('lists shipments by bitrix_id descending', async () => {
    const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.TECHNOSHIELD));
    await t.app.db.insert(shipments).values(
      [70001, 70300, null, 70150].map((bitrixId, i) => ({ guid: `sort-${i}`, bitrixId, partnerId: specsnab!.id, address: 'г Екатеринбург', date: '2026-03-01' })),
    );
    const list = (await t.app.inject({ url: '/api/user/shipments', headers: demo2 })).json().response;
    expect(list.map((s: { bitrix_id: number | null }) => s.bitrix_id)).toEqual([70300, 70150, 70001, null]);
  });

  it('refuses bad fields with messages that say what to fix, storing nothing', async () => {
    const before = await count();
    const past = await request(demo, { order: String(demoOrder), address: 'г Москва, ул Арбат, д 1', date: dayFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toMatch(/прошла/);
    const noOrder = await request(demo, { address: 'г Москва, ул Арбат, д 1', date: dayFromToday(1) });
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().error.message).toMatch(/заказ/i);
    const unknown = await request(demo, { order: '99999999', address: 'г Москва, ул Арбат, д 1', date: dayFromToday(1) });
    expect(unknown.statusCode).toBe(404);
    const badDate = await request(demo, { order: String(demoOrder), address: 'г Москва, ул Арбат, д 1', date: '31.02.2030' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.message).toMatch(/не существует/);
    const json = await post('/api/user/shipments/add', demo, { order: demoOrder });
    expect(json.statusCode).toBe(415);
    expect(await count()).toBe(before);
  });

  it('refuses a file that is too big (413) and a text file behind a .png name (415)', async () => {
    const before = await count();
    const fields = { order: String(demoOrder), address: 'г Москва, ул Арбат, д 1', date: dayFromToday(2) };
    const big = await request(demo, fields, [{ name: 'big.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/big\.pdf.*больше 10 МБ/);
    const fake = await request(demo, fields, [{ name: 'photo.png', bytes: Buffer.from('just text, not an image'), type: 'image/png' }]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/photo\.png.*PNG, JPEG, WebP, PDF/);
    expect(await count()).toBe(before);
  });

  it('offers only orders that can still be shipped and refuses a shipment of a shipped or cancelled one', async () => {
    const setStatuses = (n: number, statuses: number[]) =>
      t.app.db.transaction(async (tx) => {
        await tx.delete(orderChecks).where(eq(orderChecks.orderId, n));
        for (const [i, status] of statuses.entries()) {
          await tx.insert(orderChecks).values({ orderId: n, guid: `ship-check-${n}-${i}`, orgGuid: i === 0 ? ORGANISATION.FRO : ORGANISATION.ES, status });
        }
      });
    const offered = async () => (await t.app.inject({ url: '/api/user/shipments/orders', headers: demo })).json().response.map((o: { n: number }) => o.n);
    const { n } = await placeOrder(t.app, 'demo', DEMO_PARTNERS.SPECSNAB, [['КС-303', '48', 2]]);
    const fields = { order: String(n), address: 'г Москва, ул Арбат, д 1', date: dayFromToday(2) };
    const cases: Array<[number[], boolean, RegExp?]> = [
      [[1], true],
      [[5], true],
      [[2, 3], true],
      [[3, 6], true],
      [[3], false, new RegExp(`Заказ №${n} уже отгружен`)],
      [[4], false, new RegExp(`Заказ №${n} отменён`)],
      [[3, 4], false, /отгружен или отменён/],
    ];
    for (const [statuses, shippable, refusal] of cases) {
      await setStatuses(n, statuses);
      expect(await offered(), `statuses ${statuses}`).toEqual(shippable ? expect.arrayContaining([n]) : expect.not.arrayContaining([n]));
      if (refusal) {
        const before = await count();
        const refused = await request(demo, fields);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toMatch(refusal);
        expect(refused.json().error.message).toMatch(/Выберите другой заказ/);
        expect(await count()).toBe(before);
      }
    }
    await setStatuses(n, [3, 1]);
    expect((await request(demo, fields)).statusCode).toBe(200);
  });

  it('leaves the seeded shipped and cancelled orders out of the list', async () => {
    const listed = (await t.app.inject({ url: '/api/user/shipments/orders', headers: demo2 })).json().response.map((o: { n: number }) => o.n);
    const seeded = await t.app.db
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .where(inArray(orders.idempotencyKey, ['seed-order-technoshield-signal', 'seed-order-technoshield-boots']));
    // Shipped (signal) and cancelled (boots): both demo2's seeded orders are closed for shipment.
    expect(seeded).toHaveLength(2);
    for (const order of seeded) expect(listed, order.key!).not.toContain(order.id);
    expect(listed).toContain(demo2Order);
  });

  it("offers the companies' orders to ship, demo2 none of demo's", async () => {
    const mine = (await t.app.inject({ url: '/api/user/shipments/orders', headers: demo })).json().response;
    expect(mine.map((o: { n: number }) => o.n)).toContain(demoOrder);
    const theirs = (await t.app.inject({ url: '/api/user/shipments/orders', headers: demo2 })).json().response;
    // demo2 also has its seeded orders (seed/orders.ts): only its own company's, none of demo's.
    expect(theirs.map((o: { n: number }) => o.n)).toContain(demo2Order);
    expect(theirs.every((o: { partner_guid: string }) => o.partner_guid === DEMO_PARTNERS.TECHNOSHIELD)).toBe(true);
    const demoNumbers = new Set(mine.map((o: { n: number }) => o.n));
    expect(theirs.filter((o: { n: number }) => demoNumbers.has(o.n))).toEqual([]);
  });
});

describe('GET /api/files/:id', () => {
  it('answers 404 for a file that does not exist and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: '/api/files/987654', headers: demo })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/files/abc', headers: demo })).statusCode).toBe(400);
  });
});
