/**
 * The order detail page's API (GET /api/orders/{id}): lines with the split, checks, the document files the back office
 * sent (and their download), the status timeline; and the history's search, filters and pages (GET /api/orders/history).
 */
import { CHECK_STATUS, ORGANISATION, articleKey, firstWorkingDayFrom, moscowDateAfter, moscowDay } from '@portal/domain';
import type { TOrderHistoryPage, TOrderListItem, TOrderPage } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange1cCheckStates, orderChecks, orders, partners, products } from '../../../src/db/schema';
import { seededOrderId } from '../../../src/seed/orders';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, statementsDuring, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, type FixtureProduct } from './fixtures';

const KEY = 'order-detail-test-key-0123456789';
let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let suit: FixtureProduct;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  suit = await insertProduct(t.app.db, { offers: [{ characteristic: '48', residue: 3, orgGuid: ORGANISATION.FRO }] });
  // Keyed as the catalogue's import keys articles (the fixture's own key keeps Latin letters of its suffix).
  await t.app.db.update(products).set({ articleKey: articleKey(suit.article) }).where(eq(products.uid, suit.uid));
});
afterAll(async () => {
  await t?.close();
});

const seeded = async (code: string) => (await seededOrderId(t.app.db, code))!;

async function page(n: number, headers = demo) {
  return t.app.inject({ url: `/api/orders/${n}`, headers });
}

async function detail(n: number): Promise<TOrderPage> {
  const response = await page(n);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response;
}

async function history(query: Record<string, string | number>, headers = demo): Promise<TOrderHistoryPage> {
  const response = await t.app.inject({ url: '/api/orders/history', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response;
}

const sendFiles = (items: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/integration/order-files', headers: { 'x-api-key': KEY }, payload: items as object });

/** A minimal PDF file's bytes, base64 (the portal checks the header, not the layout). */
const pdfBase64 = (words: string) => Buffer.from(`%PDF-1.4\n% ${words}\n%%EOF\n`).toString('base64');

/** Places an order of `quantity` of the fixture suit (3 in stock) for СпецСнаб, at the server's prices. */
async function placeOrder(quantity: number, comment: string): Promise<number> {
  const body = await atServerPrices(t.app, 'demo', {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment,
    delivery: { address: '', case: 'pickup', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), cost: 0, bill_to: '' },
    position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, quantity)] }],
    position_presail: [],
  });
  const response = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response.id;
}

describe('order detail page', () => {
  it('shows the lines with sizes and prices, the split into stock and pre-order, delivery, comment and checks', async () => {
    const n = await seeded('specsnab-winter');
    const order = await detail(n);
    expect(order.n).toBe(n);
    expect(order.comment).toBe('Зимние костюмы — к ноябрю, остальное как можно раньше.');
    expect(order.delivery.case).toBe('delivery');
    expect(order.position.length).toBeGreaterThan(0);
    expect(order.position_presail.length).toBeGreaterThan(0);
    const presale = order.position_presail.flatMap((position) => position.characteristics);
    expect(order.preorder_count).toBe(presale.reduce((units, row) => units + row.count, 0));
    expect(order.preorder_count).toBeGreaterThan(0);
    for (const row of [...order.position, ...order.position_presail].flatMap((position) => position.characteristics)) {
      expect(row.CHARACTERISTIC).not.toBe('');
      expect(row.PRICE).toBeGreaterThan(0);
    }
    expect(order.checks.map((check) => check.org).sort()).toEqual([ORGANISATION.ES, ORGANISATION.FRO].sort());
    expect(order.timeline[0]).toMatchObject({ event: 'created', text: 'Заказ оформлен' });
  });

  it('lists the seeded documents of each check and downloads them as PDF, for the company’s users only', async () => {
    const n = await seeded('specsnab-boots');
    const order = await detail(n);
    const names = order.documents.map((document) => `${document.org_name}: ${document.kind_name}`).sort();
    // ES: счёт, счёт-фактура, УПД, УПК; FRO: счёт, счёт-фактура, УПД (the seed's flags).
    expect(names).toHaveLength(7);
    expect(names.filter((name) => name.endsWith('УПК'))).toHaveLength(1);
    const upd = order.documents.find((document) => document.kind === 'upd')!;
    const file = await t.app.inject({ url: upd.url, headers: demo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain('УПД');

    const stranger = await t.app.inject({ url: upd.url, headers: demo2 });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toMatch(/другой компании/);
    const elsewhere = await t.app.inject({ url: `/api/orders/${await seeded('petrov-glasses')}/documents/${upd.id}`, headers: demo });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toMatch(/не найден в заказе/);
  });

  it('has a timeline of the back office’s statuses and documents, dated after the order', async () => {
    const order = await detail(await seeded('specsnab-boots'));
    const texts = order.timeline.map((entry) => entry.text);
    expect(texts[0]).toBe('Заказ оформлен');
    const es = order.checks.find((check) => check.org === ORGANISATION.ES)!;
    expect(texts).toContain(`Счёт ${es.org_name}: «Отгружен»`);
    expect(texts.filter((text) => text.includes('готов документ'))).toHaveLength(7);
    const times = order.timeline.map((entry) => entry.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(order.date);
  });

  it('shows what 1C last said of a check — its number in 1C and its days — and null for a check 1C said nothing of', async () => {
    const n = await seeded('specsnab-winter');
    const before = await detail(n);
    expect(before.checks.length).toBe(2);
    expect(before.checks.map((check) => check.erp)).toEqual([null, null]);

    const fro = before.checks.find((check) => check.org === ORGANISATION.FRO)!;
    await t.app.db.insert(exchange1cCheckStates).values({ checkId: Number(fro.id), number1c: 'ФР-000701', paidOn: '2026-11-27', shippedOn: null });
    try {
      const after = await detail(n);
      expect(after.checks.find((check) => check.guid === fro.guid)!.erp).toEqual({ number: 'ФР-000701', paidOn: '2026-11-27', shippedOn: null });
      expect(after.checks.find((check) => check.guid !== fro.guid)!.erp).toBeNull();
    } finally {
      await t.app.db.delete(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, Number(fro.id)));
    }
  });

  it('is refused for another company’s order (403) and a missing one (404), in Russian', async () => {
    const theirs = await page(await seeded('technoshield-signal'), demo);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toMatch(/другой компании/);
    const missing = await page(99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Заказ № 99999999 не найден.');
    const bad = await t.app.inject({ url: '/api/orders/abc', headers: demo });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Номер заказа/);
  });

  it('records a bill request, an edit and the ERP’s statuses in the timeline as they happen', async () => {
    const n = await placeOrder(1, 'Для хронологии');
    const [check] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, n));
    // The back office puts the check into reserve (as its status call does), then the dealer asks for the bill.
    await t.app.db.update(orderChecks).set({ status: CHECK_STATUS.NEW }).where(eq(orderChecks.id, check!.id));
    await t.app.db.update(orderChecks).set({ status: CHECK_STATUS.RESERVED }).where(eq(orderChecks.id, check!.id));
    const bill = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: check!.guid } });
    expect(bill.statusCode, bill.body).toBe(200);
    const events = (await detail(n)).timeline.map((entry) => [entry.event, entry.status]);
    const reserved = check!.status === CHECK_STATUS.NEW ? [] : [['check_status', CHECK_STATUS.NEW]];
    expect(events).toEqual([
      ['created', null],
      ...reserved,
      ['check_status', CHECK_STATUS.RESERVED],
      ['check_status', CHECK_STATUS.BILLED],
      ['document', null],
    ]);
    const texts = (await detail(n)).timeline.map((entry) => entry.text);
    expect(texts.at(-2)).toMatch(/«Счёт выставлен»/);
    expect(texts.at(-1)).toMatch(/готов документ «Счёт»/);

    const body = await atServerPrices(t.app, 'demo', {
      partner_id: DEMO_PARTNERS.SPECSNAB,
      comment: 'Для хронологии, изменён',
      delivery: { address: '', case: 'pickup', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), cost: 0, bill_to: '' },
      position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, 2)] }],
      position_presail: [],
    });
    const edit = await t.app.inject({ method: 'POST', url: `/api/order/${n}/edit`, headers: demo, payload: body });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await detail(n)).timeline.at(-1)).toMatchObject({ event: 'edited', text: 'Заказ изменён' });
  });
});

describe('document files from the integration API', () => {
  it('stores a check’s PDF, turns its flag on, and replaces it when the same number comes again', async () => {
    const n = await placeOrder(1, 'Для документов');
    const [check] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, n));
    const item = { order: n, guid: check!.guid, kind: 'upd', number: 'УПД-77', date: '2026-11-20', content: pdfBase64('first') };
    const first = await sendFiles([item]);
    expect(first.json().response).toMatchObject({ applied: 1, refused: 0 });
    let order = await detail(n);
    expect(order.documents).toHaveLength(1);
    expect(order.documents[0]).toMatchObject({ kind: 'upd', kind_name: 'УПД', number: 'УПД-77', issued_on: '2026-11-20' });
    expect(order.checks[0]!.doc_status.StatusUPD).toBe(true);
    expect(order.timeline.at(-1)!.text).toMatch(/готов документ «УПД»/);

    await sendFiles([{ ...item, content: pdfBase64('second') }]);
    order = await detail(n);
    expect(order.documents).toHaveLength(1);
    const file = await t.app.inject({ url: order.documents[0]!.url, headers: demo });
    expect(file.body).toContain('second');
    // The flag was on already: no second timeline entry.
    expect(order.timeline.filter((entry) => entry.event === 'document')).toHaveLength(1);
  });

  it('refuses, with the reason, a file that is not a PDF, a wrong kind and a check of another order', async () => {
    const n = await placeOrder(1, 'Для отказов');
    const [check] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, n));
    const base = { order: n, guid: check!.guid, kind: 'sf', number: '1' };
    const report = (
      await sendFiles([
        { ...base, content: Buffer.from('GIF89a not a pdf').toString('base64') },
        { ...base, kind: 'act', content: pdfBase64('x') },
        { ...base, order: n + 100_000, content: pdfBase64('x') },
      ])
    ).json().response;
    expect(report.applied).toBe(0);
    expect(report.items[0].reason).toMatch(/это не PDF/);
    expect(report.items[1].reason).toMatch(/kind: bill \(счёт\), sf/);
    expect(report.items[2].reason).toMatch(/относится к заказу/);
    expect((await detail(n)).documents).toHaveLength(0);
  });
});

describe('order history: search, filters, pages', () => {
  it('finds an order by its number, an article of its lines (whatever the spaces, hyphens and case) and its comment', async () => {
    const n = await placeOrder(2, 'Склад на Волгоградском проспекте');
    expect((await history({ q: String(n) })).items.map((item) => item.n)).toEqual([n]);
    const article = suit.article.toLowerCase().replace('-', ' ');
    expect((await history({ q: article })).items.map((item) => item.n)).toContain(n);
    expect((await history({ q: 'волгоградском' })).items.map((item) => item.n)).toEqual([n]);
    expect((await history({ q: 'нет такого текста' })).items).toEqual([]);
  });

  it('filters by a check status, a company of the user’s and a calendar month', async () => {
    const shipped = await history({ status: CHECK_STATUS.SHIPPED });
    expect(shipped.items.length).toBeGreaterThan(0);
    for (const item of shipped.items) expect(item.checks.some((check) => check.status === CHECK_STATUS.SHIPPED)).toBe(true);

    const petrov = await history({ company: DEMO_PARTNERS.PETROV });
    expect(petrov.items.length).toBeGreaterThan(0);
    expect(new Set(petrov.items.map((item) => item.partner_guid))).toEqual(new Set([DEMO_PARTNERS.PETROV]));

    const boots = await detail(await seeded('specsnab-boots'));
    const month = moscowDay(boots.date * 1000).slice(0, 7);
    const inMonth = await history({ month });
    expect(inMonth.items.map((item) => item.n)).toContain(boots.n);
    for (const item of inMonth.items) expect(moscowDay(item.date * 1000).slice(0, 7)).toBe(month);

    const theirs = await t.app.inject({ url: '/api/orders/history', query: { company: DEMO_PARTNERS.TECHNOSHIELD }, headers: demo });
    expect(theirs.statusCode).toBe(403);
    const wrongMonth = await t.app.inject({ url: '/api/orders/history', query: { month: '2026-13' }, headers: demo });
    expect(wrongMonth.statusCode).toBe(400);
    expect(wrongMonth.json().error.message).toMatch(/ГГГГ-ММ/);
  });

  it('answers a history page as the old list answers the same orders, in one statement after the session (which carries the companies)', async () => {
    let page: TOrderHistoryPage | undefined;
    const statements = await statementsDuring(t.app, async () => {
      page = await history({});
    });
    // The page with its orders' rows and checks; before it, the session (with the user's companies) unless the
    // embedded database's process already knows it (auth.service's KnownSessions).
    const ownStatements = statements.filter((statement) => !/from sessions s join users u/.test(statement.text));
    expect(ownStatements).toHaveLength(1);
    expect(statements.length - ownStatements.length).toBeLessThanOrEqual(1);
    const list = await t.app.inject({ url: '/api/orders', headers: demo });
    expect(list.statusCode).toBe(200);
    const listed = new Map((list.json().response as TOrderListItem[]).map((item) => [item.n, item]));
    expect(page!.items.length).toBeGreaterThan(0);
    expect(page!.items.some((item) => item.checks.length > 0 && item.total > 0)).toBe(true);
    for (const item of page!.items) expect(item).toEqual(listed.get(item.n));
  });

  it('pages through every order of the user’s companies, newest first, each once', async () => {
    const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
    const [anyOrder] = await t.app.db.select().from(orders).where(eq(orders.partnerId, specsnab!.id)).limit(1);
    // Enough orders for three pages.
    const extra = Array.from({ length: 45 }, () => ({ userId: anyOrder!.userId, partnerId: specsnab!.id, comment: 'Для страниц' }));
    await t.app.db.insert(orders).values(extra);
    const seen: number[] = [];
    let before: number | null | undefined;
    do {
      const next = await history({ q: 'Для страниц', ...(before ? { before } : {}) });
      expect(next.items.length).toBeLessThanOrEqual(20);
      seen.push(...next.items.map((item) => item.n));
      before = next.next;
    } while (before);
    expect(seen).toHaveLength(45);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('keeps the old list (GET /api/orders) as it was', async () => {
    const response = await t.app.inject({ url: '/api/orders', headers: demo2 });
    expect(response.statusCode).toBe(200);
    expect(response.json().response.every((item: { partner_guid: string }) => item.partner_guid === DEMO_PARTNERS.TECHNOSHIELD)).toBe(true);
  });
});
