import { ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogGroups,
  claimStatusHistory,
  claims,
  mailEvents,
  managers,
  news,
  offers,
  orderChecks,
  orderTimeline,
  orders,
  partners,
  products,
  shipments,
  showcaseCases,
  storageDocuments,
  storages,
  userPartners,
  users,
} from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { importBatch } from '../../../src/modules/integration';
import { INTEGRATION_KEY_FAILURES } from '../../../src/modules/integration/integration.routes';
import { createTestApp, signInAs, signInRequest, type TestApp } from '../../support/helper';
import { heardAllPublished, openSignedInSocket, type TestSocket } from '../../support/realtime-client';

const KEY = 'integration-test-key-0123456789';

let t: TestApp;
let baseUrl: string;
let demo: { authorization: string };
let demo2: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

const send = (kind: string, payload: unknown, key = KEY) =>
  t.app.inject({ method: 'POST', url: `/api/integration/${kind}`, headers: { 'x-api-key': key }, payload: payload as object });

const partnerId = async (uid: string) =>
  (await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)))[0]!.id;
const userId = async (login: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;

/** An order of the company with one check, as the orders area stores them. */
async function placeOrder(partnerUid: string, login: string, checkGuid: string) {
  const [order] = await t.app.db
    .insert(orders)
    .values({ userId: await userId(login), partnerId: await partnerId(partnerUid), name: 'Тестовый заказ' })
    .returning({ id: orders.id });
  await t.app.db.insert(orderChecks).values({ orderId: order!.id, guid: checkGuid, orgGuid: ORGANISATION.FRO, status: 1 });
  return order!.id;
}

const product = (uid: string, article: string, extra: Record<string, unknown> = {}) => ({
  uid,
  article,
  name: `Костюм рабочий ${article}`,
  type: 'wear',
  price: 4200,
  price_opt: 3900.5,
  ...extra,
});

describe('integration API: access', () => {
  it('is off (404) when no key is configured', async () => {
    // The key is read from the config on each call: a server started without INTEGRATION_API_KEY has none.
    const config = t.app.config as { INTEGRATION_API_KEY?: string };
    config.INTEGRATION_API_KEY = undefined;
    try {
      const response = await send('checks', []);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    } finally {
      config.INTEGRATION_API_KEY = KEY;
    }
    expect((await send('checks', [])).statusCode).toBe(200);
  });

  it("refuses a missing or wrong key, and a dealer's token", async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/integration/products', payload: [] })).statusCode).toBe(401);
    expect((await send('products', [], 'wrong-key-wrong-key-wrong')).statusCode).toBe(401);
    const withToken = await t.app.inject({ method: 'POST', url: '/api/integration/products', headers: demo, payload: [] });
    expect(withToken.statusCode).toBe(401);
    expect(withToken.json().error.message).toMatch(/X-Api-Key/);
  });

  it('refuses an address for 15 minutes after 20 wrong keys, even with the right key, and only that address', async () => {
    const from = (remoteAddress: string, key: string) =>
      t.app.inject({ method: 'POST', url: '/api/integration/checks', headers: { 'x-api-key': key }, payload: [], remoteAddress });
    for (let i = 0; i < INTEGRATION_KEY_FAILURES; i++) {
      expect((await from('10.9.8.7', `guess-${i}-0123456789abcdef`)).statusCode).toBe(401);
    }
    const refused = await from('10.9.8.7', KEY);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/неверным ключом интеграции.*15 минут/);
    expect((await from('10.9.8.8', KEY)).statusCode).toBe(200);
  });

  it('wants a JSON array', async () => {
    const response = await send('products', { uid: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/массив/);
  });

  it('is documented in OpenAPI with its item schemas and tag', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json', headers: demo })).json();
    const checks = spec.paths['/api/integration/checks'].post;
    expect(checks.tags).toEqual(['integration']);
    expect(checks.security).toEqual([{ apiKey: [] }]);
    const item = checks.requestBody.content['application/json'].schema.items;
    expect(Object.keys(item.properties)).toEqual(['order', 'guid', 'status']);
    for (const kind of ['products', 'offers', 'stock', 'catalog-groups', 'price-types', 'partners', 'managers', 'users', 'news', 'cases', 'documents', 'order-files', 'product-files', 'shipments', 'claims', 'messages']) {
      expect(spec.paths[`/api/integration/${kind}`]?.post, kind).toBeDefined();
    }
  });
});

describe('integration API: catalogue', () => {
  it('applies a batch of products, reporting the one bad item and applying the rest', async () => {
    const response = await send('products', [
      product('it-p-1', 'ИНТ-001', {
        offers: [
          { guid: 'it-o-1', characteristic: '48-50/170-176', residue: 12, price: 3900.5, org_guid: ORGANISATION.FRO },
          { guid: 'it-o-2', characteristic: '52-54/182-188', residue: 0, price: 3900.5, org_guid: ORGANISATION.ES },
        ],
      }),
      product('it-p-2', 'ИНТ-002', { price: -5 }),
      product('it-p-3', 'ИНТ-003', { status: 'Outlet', max_discount: 15 }),
    ]);
    expect(response.statusCode).toBe(200);
    const report = response.json().response;
    expect(report.applied).toBe(2);
    expect(report.refused).toBe(1);
    expect(report.items[0]).toEqual({ index: 0, key: 'it-p-1', status: 'applied' });
    expect(report.items[1]).toMatchObject({ index: 1, key: 'it-p-2', status: 'refused' });
    expect(report.items[1].reason).toMatch(/price: не может быть отрицательным/);
    expect(report.items[2]).toMatchObject({ key: 'it-p-3', status: 'applied' });

    const stored = await t.app.db.select().from(products).where(eq(products.uid, 'it-p-1'));
    expect(stored[0]).toMatchObject({ article: 'ИНТ-001', articleKey: 'ИНТ001', priceOpt: 3900.5 });
    expect(await t.app.db.select().from(products).where(eq(products.uid, 'it-p-2'))).toEqual([]);
    const storedOffers = await t.app.db.select().from(offers).where(eq(offers.productId, stored[0]!.id));
    expect(storedOffers.map((offer) => [offer.guid, offer.residue]).sort()).toEqual([['it-o-1', 12], ['it-o-2', 0]]);
  });

  it('is idempotent by the external ids: the same batch again adds nothing, changed values replace old ones', async () => {
    const batch = [product('it-p-4', 'ИНТ-004', { offers: [{ guid: 'it-o-4', residue: 3, price: 100, org_guid: ORGANISATION.FRO }] })];
    await send('products', batch);
    await send('products', batch);
    // Name search reads a word index that triggers on products keep: an imported name is found, a renamed one by its new words.
    const byName = async (query: string) =>
      ((await t.app.inject({ url: '/api/product/search', query: { OPTION: '2', QUERY: query } })).json().response?.FOUND ?? []).map(
        (found: { ARTICLE: string }) => found.ARTICLE,
      );
    expect(await byName('рабочий инт-004')).toContain('ИНТ-004');
    await send('products', [product('it-p-4', 'ИНТ-004', { name: 'Куртка утеплённая', offers: [{ guid: 'it-o-4', residue: 7, price: 110, org_guid: ORGANISATION.FRO }] })]);
    // Other queries than before: the search keeps a query's matches for a minute.
    expect(await byName('костюм инт-004')).not.toContain('ИНТ-004');
    expect(await byName('утепленная инт-004')).toEqual([]);
    expect(await byName('утеплённая куртка')).toContain('ИНТ-004');
    const rows = await t.app.db.select().from(products).where(eq(products.uid, 'it-p-4'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Куртка утеплённая');
    expect(rows[0]!.nameKey).toBe('куртка утепленная');
    const offerRows = await t.app.db.select().from(offers).where(eq(offers.guid, 'it-o-4'));
    expect(offerRows.map((offer) => [offer.residue, offer.price])).toEqual([[7, 110]]);
  });

  it('refuses an article taken by another product and an unknown organisation, applying nothing of that item', async () => {
    const report = (
      await send('products', [
        product('it-p-5', 'ИНТ-001'),
        product('it-p-6', 'ИНТ-006', { offers: [{ guid: 'it-o-6', residue: 1, price: 1, org_guid: 'unknown-org' }] }),
      ])
    ).json().response;
    expect(report.refused).toBe(2);
    expect(report.items[0].reason).toMatch(/Артикул ИНТ-001 уже у товара it-p-1/);
    expect(report.items[1].reason).toMatch(/неизвестная организация/);
    // The refused item left no half: no product without its offers.
    expect(await t.app.db.select().from(products).where(eq(products.uid, 'it-p-6'))).toEqual([]);
  });

  it('upserts offers of known products and updates stock, refusing unknown ones', async () => {
    const offersReport = (
      await send('offers', [
        { guid: 'it-o-7', product_uid: 'it-p-3', characteristic: '44', residue: 5, price: 999, org_guid: ORGANISATION.ES },
        { guid: 'it-o-8', product_uid: 'no-such-product', residue: 5, price: 999, org_guid: ORGANISATION.ES },
      ])
    ).json().response;
    expect(offersReport.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'refused']);
    expect(offersReport.items[1].reason).toMatch(/Товар no-such-product не найден/);

    const stockReport = (await send('stock', [{ guid: 'it-o-7', residue: 40 }, { guid: 'it-o-missing', residue: 1 }, { guid: 'it-o-1', residue: -1 }])).json()
      .response;
    expect(stockReport.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'refused', 'refused']);
    expect(stockReport.items[2].reason).toMatch(/residue/);
    expect((await t.app.db.select().from(offers).where(eq(offers.guid, 'it-o-7')))[0]!.residue).toBe(40);
  });

  it('upserts catalogue groups and price types', async () => {
    const groups = (
      await send('catalog-groups', [
        { code: 'it-g-1', name: 'Спецодежда' },
        { code: 'it-g-2', name: 'Костюмы летние', parent_code: 'it-g-1', sort: 2, zone: 'body' },
        { code: 'it-g-3', name: 'Плохая зона', zone: 'tail' },
      ])
    ).json().response;
    expect(groups.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'applied', 'refused']);
    expect((await t.app.db.select().from(catalogGroups).where(eq(catalogGroups.code, 'it-g-2')))[0]).toMatchObject({ parentCode: 'it-g-1', zone: 'body' });

    const types = (await send('price-types', [{ id: 'it-price-type', name: 'Оптовая' }, { id: PRICE_TYPE.DEALER, name: 'Дилерская' }])).json().response;
    expect(types.applied).toBe(2);
  });
});

describe('integration API: companies and people', () => {
  it('upserts managers and companies with their contracts and documents, replacing what the ERP no longer sends', async () => {
    await send('managers', [{ uid: 'it-m-1', name: 'Орлова Мария', email: 'orlova@example.ru' }]);
    const partner = {
      uid: 'it-partner-1',
      name: 'Общество с ограниченной ответственностью «Интеграция»',
      inn: '7701234567',
      manager_uid: 'it-m-1',
      storages: [
        { guid: ORGANISATION.FRO, name: 'ФРО', discount: 10, debt: 1500, pricetype: PRICE_TYPE.DEALER, date: 1767225600, documents: [{ date: 1767225600, number: 'РН-1', debt: 1500, expires: 1769904000 }] },
        { guid: ORGANISATION.ES, name: 'ЭС', discount: 10, pricetype: PRICE_TYPE.DEALER },
      ],
    };
    expect((await send('partners', [partner])).json().response.applied).toBe(1);
    const id = await partnerId('it-partner-1');
    const [stored] = await t.app.db.select().from(partners).where(eq(partners.id, id));
    const [manager] = await t.app.db.select().from(managers).where(eq(managers.uid, 'it-m-1'));
    expect(stored!.managerId).toBe(manager!.id);
    expect((await t.app.db.select().from(storages).where(eq(storages.partnerId, id))).map((s) => s.name).sort()).toEqual(['ФРО', 'ЭС']);

    // Next sync: the ES contract is gone and the FRO contract has other documents.
    const resend = { ...partner, storages: [{ ...partner.storages[0]!, documents: [{ date: 1767225600, number: 'РН-2', debt: 10, expires: 1769904000 }] }] };
    expect((await send('partners', [resend])).json().response.applied).toBe(1);
    const contracts = await t.app.db.select().from(storages).where(eq(storages.partnerId, id));
    expect(contracts.map((s) => s.name)).toEqual(['ФРО']);
    const documents = await t.app.db.select().from(storageDocuments).where(eq(storageDocuments.storageId, contracts[0]!.id));
    expect(documents.map((d) => d.number)).toEqual(['РН-2']);
  });

  it('refuses a company with an unknown manager or price type, and leaves it unchanged', async () => {
    const report = (
      await send('partners', [
        { uid: 'it-partner-2', name: 'ООО «Без менеджера»', manager_uid: 'no-such-manager' },
        { uid: 'it-partner-1', name: 'Переименовано', storages: [{ guid: ORGANISATION.FRO, name: 'ФРО', pricetype: 'no-such-type' }] },
      ])
    ).json().response;
    expect(report.refused).toBe(2);
    expect(report.items[0].reason).toMatch(/Менеджер no-such-manager не найден/);
    expect(report.items[1].reason).toMatch(/тип цен «no-such-type» не найден/);
    const [unchanged] = await t.app.db.select().from(partners).where(eq(partners.uid, 'it-partner-1'));
    expect(unchanged!.name).toMatch(/Интеграция/);
  });

  it('refuses a company whose contract documents owe more than the contract, naming the contract and both sums', async () => {
    const before = await t.app.db.select().from(storages).where(eq(storages.partnerId, await partnerId('it-partner-1')));
    const report = (
      await send('partners', [
        {
          uid: 'it-partner-1',
          name: 'Переименовано',
          storages: [
            { guid: ORGANISATION.FRO, name: 'ФРО', debt: 57_800, pricetype: PRICE_TYPE.BASE, documents: [
              { date: 1767225600, number: 'РН-7', debt: 45_000, expires: 1769904000 },
              { date: 1767225600, number: 'РН-8', debt: 16_200, expires: 1769904000 },
            ] },
            { guid: ORGANISATION.ES, name: 'ЭС', debt: 0, pricetype: PRICE_TYPE.BASE, documents: [
              { date: 1767225600, number: 'РН-9', debt: 48_750, expires: 1769904000 },
            ] },
          ],
        },
        { uid: 'it-partner-3', name: 'ООО «Отрицательный»', storages: [{ guid: ORGANISATION.FRO, name: 'ФРО', debt: -5, pricetype: PRICE_TYPE.DEALER }] },
      ])
    ).json().response;
    expect(report).toMatchObject({ applied: 0, refused: 2 });
    // Every contract that contradicts itself is named.
    expect(report.items[0].reason).toBe(
      `Договор ${ORGANISATION.FRO} («ФРО»): долги документов вместе (61\u202f200.00 ₽) больше долга договора (57\u202f800.00 ₽): передайте долг договора не меньше суммы документов или уберите оплаченные документы. ` +
        `Договор ${ORGANISATION.ES} («ЭС»): долги документов вместе (48\u202f750.00 ₽) больше долга договора (0.00 ₽): передайте долг договора не меньше суммы документов или уберите оплаченные документы.`,
    );
    expect(report.items[1].reason).toMatch(/долг -5\.00 ₽ отрицательный/);
    // Nothing of the refused item was written.
    const [unchanged] = await t.app.db.select().from(partners).where(eq(partners.uid, 'it-partner-1'));
    expect(unchanged!.name).toMatch(/Интеграция/);
    expect(await t.app.db.select().from(storages).where(eq(storages.partnerId, unchanged!.id))).toEqual(before);
    expect(await t.app.db.select().from(partners).where(eq(partners.uid, 'it-partner-3'))).toEqual([]);
  });

  it('creates a user who can sign in, resets the password (ending the sessions), blocks and unblocks', async () => {
    const created = (await send('users', [{ login: 'it-user', password: 'first-pass-1', name: 'Иван', partners: ['it-partner-1'] }, { login: 'it-nopass' }])).json()
      .response;
    expect(created.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'refused']);
    expect(created.items[1].reason).toMatch(/укажите password/);
    const session = await signInAs(t.app, 'it-user', 'first-pass-1');
    const companies = (await t.app.inject({ url: '/api/partners', headers: session })).json().response;
    expect(companies.map((c: { uid: string }) => c.uid)).toEqual(['it-partner-1']);
    const socket = await openSignedInSocket(baseUrl, session.authorization);

    expect((await send('users', [{ login: 'it-user', password: 'second-pass-2' }])).json().response.applied).toBe(1);
    expect((await socket.closed).code).toBe(4401);
    expect((await t.app.inject({ url: '/api/partners', headers: session })).statusCode).toBe(401);
    expect((await t.app.inject(signInRequest('it-user', 'first-pass-1'))).statusCode).toBe(401);
    await signInAs(t.app, 'it-user', 'second-pass-2');

    await send('users', [{ login: 'it-user', blocked: true }]);
    const blocked = await t.app.inject(signInRequest('it-user', 'second-pass-2'));
    expect(blocked.json().error.code).toBe('BLOCKED');
    await send('users', [{ login: 'it-user', blocked: false }]);
    expect((await t.app.inject(signInRequest('it-user', 'second-pass-2'))).statusCode).toBe(200);
    // The profile fields not sent are kept.
    expect((await t.app.db.select().from(users).where(eq(users.login, 'it-user')))[0]!.name).toBe('Иван');
  });
});

describe('integration API: statuses raise realtime events for that company only', () => {
  let demoSocket: TestSocket;
  let demo2Socket: TestSocket;
  beforeAll(async () => {
    demoSocket = await openSignedInSocket(baseUrl, demo.authorization);
    demo2Socket = await openSignedInSocket(baseUrl, demo2.authorization);
  });
  afterAll(async () => {
    demoSocket.ws.close();
    demo2Socket.ws.close();
    await Promise.all([demoSocket.closed, demo2Socket.closed]);
  });

  /** demo2's socket has had everything published to it, and that was nothing. */
  async function demo2HeardNothing() {
    await heardAllPublished(t.app.realtime, await userId('demo2'), demo2Socket);
    expect(demo2Socket.frames.filter((frame) => frame.action !== 'pong' && frame.action !== 'ready')).toEqual([]);
    const list = (await t.app.inject({ url: '/api/notifications', headers: demo2 })).json().response;
    expect(list).toEqual([]);
  }

  it("a check's status reaches demo's sockets as a popup and an orders refresh; demo2 gets nothing", async () => {
    const order = await placeOrder(DEMO_PARTNERS.SPECSNAB, 'demo', 'it-check-1');
    const report = (await send('checks', [{ order, guid: 'it-check-1', status: 3 }])).json().response;
    expect(report.items[0]).toEqual({ index: 0, key: 'it-check-1', status: 'applied' });

    const popup = await demoSocket.next((frame) => frame.mutation === 'add' && (frame.payload as { event: string }).event === 'check_status');
    // It opens the order's own page, and is unread until the user opens it.
    expect(popup.payload).toMatchObject({ type: 'popup', readPopup: false, link: `/orders/${order}`, readAt: null });
    expect((popup.payload as { message: string }).message).toBe(`Заказ № ${order}: статус изменился на «Отгружен».`);
    await demoSocket.next((frame) => frame.namespace === 'orders' && frame.action === 'refresh' && (frame.payload as { ids: number[] }).ids[0] === order);
    expect((await t.app.db.select().from(orderChecks).where(eq(orderChecks.guid, 'it-check-1')))[0]!.status).toBe(3);
    // Kept on the server for the bar.
    const stored = (await t.app.inject({ url: '/api/notifications', headers: demo })).json().response;
    expect(stored[0]).toMatchObject({ event: 'check_status', type: 'popup' });
    await demo2HeardNothing();
  });

  it('the same status again changes nothing and raises no second event', async () => {
    await heardAllPublished(t.app.realtime, await userId('demo'), demoSocket);
    const before = demoSocket.frames.length;
    const report = (await send('checks', [{ order: (await checkOrder('it-check-1'))!, guid: 'it-check-1', status: 3 }])).json().response;
    expect(report.items[0]).toMatchObject({ status: 'applied', changed: false });
    await heardAllPublished(t.app.realtime, await userId('demo'), demoSocket);
    expect(demoSocket.frames.slice(before).filter((frame) => frame.namespace === 'notifications')).toEqual([]);
  });

  it('refuses a check of another order or an unknown one, applying the good item of the batch', async () => {
    const order = await placeOrder(DEMO_PARTNERS.PETROV, 'demo', 'it-check-2');
    const report = (
      await send('checks', [
        { order: order + 1000, guid: 'it-check-2', status: 6 },
        { order, guid: 'no-such-check', status: 6 },
        { order, guid: 'it-check-2', status: 'paid' },
        { order, guid: 'it-check-2', status: 6 },
      ])
    ).json().response;
    expect(report.items.map((item: { status: string }) => item.status)).toEqual(['refused', 'refused', 'refused', 'applied']);
    expect(report.items[0].reason).toMatch(new RegExp(`относится к заказу №${order}`));
    expect(report.items[1].reason).toMatch(/Счёт no-such-check не найден/);
    expect(report.items[2].reason).toMatch(/status/);
    await demoSocket.next((frame) => frame.namespace === 'orders' && (frame.payload as { ids: number[] }).ids[0] === order);
  });

  it("demo2's own check reaches demo2 and not demo", async () => {
    const order = await placeOrder(DEMO_PARTNERS.TECHNOSHIELD, 'demo2', 'it-check-3');
    await send('checks', [{ order, guid: 'it-check-3', status: 2 }]);
    await demo2Socket.next((frame) => frame.mutation === 'add');
    await heardAllPublished(t.app.realtime, await userId('demo'), demoSocket);
    expect(demoSocket.frames.find((frame) => (frame.payload as { ids?: number[] } | undefined)?.ids?.includes(order))).toBeUndefined();
    await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo2 });
    await demo2Socket.next((frame) => frame.mutation === 'clear');
    // The bell's count follows the clear.
    await demo2Socket.next((frame) => frame.mutation === 'unread' && (frame.payload as { unread: number }).unread === 0);
    demo2Socket.frames.length = 0;
  });

  it('a bill ready raises a popup, other documents a notification', async () => {
    const order = await placeOrder(DEMO_PARTNERS.SPECSNAB, 'demo', 'it-check-4');
    await send('documents', [{ order, guid: 'it-check-4', doc_status: { StatusSchet: true } }]);
    const bill = await demoSocket.next((frame) => (frame.payload as { event?: string } | undefined)?.event === 'bill_ready');
    expect(bill.payload).toMatchObject({ type: 'popup', link: `/orders/${order}` });
    await send('documents', [{ order, guid: 'it-check-4', doc_status: { StatusSchet: true, StatusUPD: true } }]);
    const documents = await demoSocket.next((frame) => (frame.payload as { event?: string } | undefined)?.event === 'documents_ready');
    expect(documents.payload).toMatchObject({ type: 'notification', link: `/orders/${order}` });
    expect((documents.payload as { message: string }).message).toMatch(/УПД/);
    const [check] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.guid, 'it-check-4'));
    expect(check!.docStatus).toMatchObject({ StatusSchet: true, StatusUPD: true, StatusSF: false });
    await demo2HeardNothing();
  });

  it('registers a shipment and a claim by guid, then moves them by bitrix_id, notifying the company', async () => {
    const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
    await t.app.db.insert(shipments).values({ guid: 'it-ship-1', partnerId: specsnab, address: 'Москва, Тверская, 7', date: '2026-03-01' });
    await t.app.db.insert(claims).values({ guid: 'it-claim-1', partnerId: specsnab, title: 'Брак', message: 'Разошёлся шов' });

    const register = (await send('shipments', [{ guid: 'it-ship-1', bitrix_id: 5001, status: 'new' }, { bitrix_id: 5999, status: 'new' }])).json().response;
    expect(register.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'refused']);
    expect(register.items[1].reason).toMatch(/передайте также её guid/);
    await send('shipments', [{ bitrix_id: 5001, status: 'shipped' }]);
    const shipped = await demoSocket.next((frame) => (frame.payload as { event?: string } | undefined)?.event === 'shipment_status');
    expect(shipped.payload).toMatchObject({ message: 'Заявка на отгрузку №5001: Отгружена.', link: '/shipments' });
    await demoSocket.next((frame) => frame.namespace === 'shipments' && frame.action === 'refresh');
    expect((await t.app.db.select().from(shipments).where(eq(shipments.guid, 'it-ship-1')))[0]).toMatchObject({ bitrixId: 5001, status: 'shipped' });

    await send('claims', [{ guid: 'it-claim-1', bitrix_id: 7001, status: 'review', comment: 'Передана в ОТК' }]);
    const claim = await demoSocket.next((frame) => (frame.payload as { event?: string } | undefined)?.event === 'claim_status');
    expect(claim.payload).toMatchObject({ message: 'Рекламация №7001: На рассмотрении. Передана в ОТК', link: '/claims' });
    const [claimRow] = await t.app.db.select().from(claims).where(eq(claims.guid, 'it-claim-1'));
    const history = await t.app.db.select().from(claimStatusHistory).where(eq(claimStatusHistory.claimId, claimRow!.id));
    expect(history.map((entry) => [entry.status, entry.comment])).toEqual([['review', 'Передана в ОТК']]);
    // Another guid may not take a bitrix_id already given.
    await t.app.db.insert(claims).values({ guid: 'it-claim-2', partnerId: specsnab, title: 'Брак', message: '…' });
    const clash = (await send('claims', [{ guid: 'it-claim-2', bitrix_id: 7001, status: 'new' }])).json().response;
    expect(clash.items[0].reason).toMatch(/уже у другой заявки/);
    await demo2HeardNothing();
  });

  it('a history (asOf) is dated then and announced to nobody: no mail, no notification, no push', async () => {
    const order = await placeOrder(DEMO_PARTNERS.SPECSNAB, 'demo', 'it-check-5');
    const billed = new Date('2026-01-10T09:00:00Z');
    const documented = new Date('2026-01-11T09:00:00Z');
    const notesBefore = (await t.app.inject({ url: '/api/notifications', headers: demo })).json().response.length;
    await heardAllPublished(t.app.realtime, await userId('demo'), demoSocket);
    const framesBefore = demoSocket.frames.length;
    await importBatch(t.app, 'checks', [{ order, guid: 'it-check-5', status: 2 }], { asOf: billed });
    await importBatch(t.app, 'documents', [{ order, guid: 'it-check-5', doc_status: { StatusSchet: true } }], { asOf: documented });
    const timeline = await t.app.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, order)).orderBy(orderTimeline.id);
    expect(timeline.filter((entry) => entry.event !== 'created').map((entry) => [entry.event, entry.at.toISOString()])).toEqual([
      ['check_status', billed.toISOString()],
      ['document', documented.toISOString()],
    ]);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, order)))[0]!.updatedAt).toEqual(billed);

    const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
    await t.app.db.insert(claims).values({ guid: 'it-claim-3', partnerId: specsnab, title: 'Брак', message: 'Разошёлся шов' });
    const answered = new Date('2026-01-12T09:00:00Z');
    await importBatch(t.app, 'claims', [{ guid: 'it-claim-3', bitrix_id: 7003, status: 'approved', comment: 'Замена' }], { asOf: answered });
    const [claim] = await t.app.db.select().from(claims).where(eq(claims.guid, 'it-claim-3'));
    expect(claim).toMatchObject({ bitrixId: 7003, status: 'approved', updatedAt: answered });
    const history = await t.app.db.select().from(claimStatusHistory).where(eq(claimStatusHistory.claimId, claim!.id));
    expect(history.map((entry) => [entry.status, entry.at])).toEqual([['approved', answered]]);

    const events = await t.app.db.select().from(mailEvents);
    expect(events.filter((event) => (event.subjectId === order && event.kind !== 'order.created') || (event.subjectId === claim!.id && event.kind.startsWith('claim.')))).toEqual([]);
    expect((await t.app.inject({ url: '/api/notifications', headers: demo })).json().response).toHaveLength(notesBefore);
    await heardAllPublished(t.app.realtime, await userId('demo'), demoSocket);
    expect(demoSocket.frames.slice(framesBefore).filter((frame) => frame.action !== 'pong')).toEqual([]);
  });

  it("a manager's message goes to the company's users, or to one of them by login", async () => {
    await send('messages', [{ partner: DEMO_PARTNERS.PETROV, message: 'Поступили зимние костюмы' }]);
    const message = await demoSocket.next((frame) => (frame.payload as { message?: string } | undefined)?.message === 'Поступили зимние костюмы');
    // A manager's message is about no object: nothing to open.
    expect(message.payload).toMatchObject({ type: 'popup', event: 'manager_message', link: null });
    const refused = (await send('messages', [{ partner: DEMO_PARTNERS.PETROV, login: 'demo2', message: 'Не вам' }])).json().response;
    expect(refused.items[0].reason).toMatch(/не найден среди пользователей компании/);
    await demo2HeardNothing();
  });

  it('a message by login skips a colleague whose link to the company its administrator blocked', async () => {
    const [colleague] = await t.app.db.insert(users).values({ login: 'it-blocked-colleague', passwordHash: 'x' }).returning({ id: users.id });
    await t.app.db.insert(userPartners).values([
      { userId: colleague!.id, partnerId: await partnerId(DEMO_PARTNERS.SPECSNAB), role: 'buyer' },
      { userId: colleague!.id, partnerId: await partnerId(DEMO_PARTNERS.PETROV), role: 'buyer', blocked: true },
    ]);
    const toBlocked = (await send('messages', [{ partner: DEMO_PARTNERS.PETROV, login: 'it-blocked-colleague', message: 'Вы заблокированы' }])).json().response;
    expect(toBlocked.items[0].reason).toMatch(/не найден среди пользователей компании/);
    const toActive = (await send('messages', [{ partner: DEMO_PARTNERS.SPECSNAB, login: 'it-blocked-colleague', message: 'Вам' }])).json().response;
    expect(toActive.applied).toBe(1);
  });
});

describe('integration API: main-page content', () => {
  it('upserts news and showcase cases by guid', async () => {
    const report = (
      await send('news', [
        { guid: 'it-news-1', title: 'Новая коллекция', text: 'Летние костюмы', published_at: '2026-03-01T09:00:00+03:00' },
        { guid: 'it-news-2', title: 'Без даты', published_at: 'вчера' },
      ])
    ).json().response;
    expect(report.items.map((item: { status: string }) => item.status)).toEqual(['applied', 'refused']);
    expect(report.items[1].reason).toMatch(/ISO 8601/);
    await send('news', [{ guid: 'it-news-1', title: 'Новая коллекция 2026', published: false }]);
    const rows = await t.app.db.select().from(news).where(eq(news.guid, 'it-news-1'));
    expect(rows.map((row) => [row.title, row.published])).toEqual([['Новая коллекция 2026', false]]);

    expect((await send('cases', [{ guid: 'it-case-1', title: 'Экипировка для АО «Север»', customer: 'АО «Север»', sort: 1 }])).json().response.applied).toBe(1);
    expect((await t.app.db.select().from(showcaseCases).where(eq(showcaseCases.guid, 'it-case-1')))[0]!.customer).toBe('АО «Север»');
  });
});

async function checkOrder(guid: string) {
  return (await t.app.db.select({ order: orderChecks.orderId }).from(orderChecks).where(eq(orderChecks.guid, guid)))[0]?.order;
}

