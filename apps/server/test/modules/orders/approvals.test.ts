/**
 * Orders kept «На согласовании» (issue #39 point 3): a purchaser's order above their limit (or over a contract's
 * credit, when the company chose so) takes no stock and is no order until an administrator approves it; approving
 * places it as priced — once, however many administrators approve at once — and rejecting returns it to the
 * purchaser with the reason.
 */
import { DEMO_PASSWORD, DEMO_PARTNERS } from '../../../src/seed/people';
import { firstWorkingDayFrom, moscowDateAfter } from '@portal/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailEvents, mailOutbox, notifications, orderApprovals, orders, partners, storages, userPartners, users } from '../../../src/db/schema';
import { hashPassword } from '../../../src/modules/auth/password';
import { saleStep } from '../../../src/modules/exchange-1c/sale';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, residues, setResidue, type FixtureProduct } from './fixtures';

let t: TestApp;
let specsnabId: number;
let suit: FixtureProduct; // dealer price 1500, FRO, 1000 in stock
const session: Record<string, Record<string, string>> = {};
const userIds: Record<string, number> = {};

/** A limit of 50 000 ₽ per order, in kopecks. */
const LIMIT_KOPECKS = 5_000_000;
const INTEGRATION_KEY = 'approvals-test-integration-key-0123456789';
const deliveryDay = () => firstWorkingDayFrom(moscowDateAfter(Date.now(), 2));

/** A member of ООО «СпецСнаб» with this role (and limit), signed in. */
async function member(login: string, role: 'admin' | 'buyer' | 'accountant', orderLimitKopecks: number | null = null) {
  const [user] = await t.app.db
    .insert(users)
    .values({ login, passwordHash: await hashPassword(DEMO_PASSWORD), name: login, email: `${login}@example.ru` })
    .returning({ id: users.id });
  await t.app.db.insert(userPartners).values({ userId: user!.id, partnerId: specsnabId, role, orderLimitKopecks });
  userIds[login] = user!.id;
  session[login] = await signInAs(t.app, login);
}

function body(units: number) {
  return {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: 'Заказ закупщика',
    delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: deliveryDay(), cost: 0, bill_to: '' },
    position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, units, 1500)] }],
    position_presail: [],
  };
}

async function submit(login: string, units: number, key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/order/add',
    headers: { ...session[login], ...(key ? { 'idempotency-key': key } : {}) },
    payload: await atServerPrices(t.app, login, body(units)),
  });
  return response;
}

/** A purchaser's order over the limit, held: the approval's id. */
async function held(units = 50, key?: string): Promise<number> {
  const response = await submit('buyer-a', units, key);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json().response as { id: number; approval?: number; message: string };
  expect(answer.approval).toBeGreaterThan(0);
  return answer.approval!;
}

const approve = (login: string, id: number, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/order-approvals/${id}/approve`, headers: session[login], payload });
const reject = (login: string, id: number, reason: string) =>
  t.app.inject({ method: 'POST', url: `/api/order-approvals/${id}/reject`, headers: session[login], payload: { reason } });

async function approvalRow(id: number) {
  const [row] = await t.app.db.select().from(orderApprovals).where(eq(orderApprovals.id, id));
  return row!;
}

async function ordersOfSpecsnab() {
  const [row] = await t.app.db.select({ n: count() }).from(orders).where(eq(orders.partnerId, specsnabId));
  return row!.n;
}

const stock = async () => (await residues(t.app.db, [suit.offers[0]!.guid]))[suit.offers[0]!.guid];

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: INTEGRATION_KEY });
  const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
  specsnabId = specsnab!.id;
  suit = await insertProduct(t.app.db, { price: 2100, priceOpt: 1500, offers: [{ characteristic: '50', residue: 1000 }] });
  session.demo = await signInAs(t.app, 'demo');
  session.demo2 = await signInAs(t.app, 'demo2');
  await member('buyer-a', 'buyer', LIMIT_KOPECKS);
  await member('admin-b', 'admin');
  await member('accountant-c', 'accountant');
});

afterAll(async () => {
  await t?.close();
});

describe('an order over the purchaser’s limit', () => {
  it('is kept «На согласовании»: no order, no stock taken, the administrators are told', async () => {
    const ordersBefore = await ordersOfSpecsnab();
    const stockBefore = await stock();
    const response = await submit('buyer-a', 50, 'held-once');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().response;
    expect(answer.id).toBe(0);
    expect(answer.message).toMatch(/^Заказ отправлен на согласование администратору\. Сумма заказа .+ больше лимита закупщика на один заказ 50\u202f000\.00 ₽\.$/);
    expect(await ordersOfSpecsnab()).toBe(ordersBefore);
    expect(await stock()).toBe(stockBefore);
    const row = await approvalRow(answer.approval);
    expect(row).toMatchObject({ state: 'pending', userId: userIds['buyer-a'], partnerId: specsnabId, totalCount: 50, orderId: null });
    expect(row.totalKopecks).toBeGreaterThan(LIMIT_KOPECKS);

    // A retry with the same key answers the same approval, nothing more is held.
    const again = await submit('buyer-a', 50, 'held-once');
    expect(again.json().response.approval).toBe(answer.approval);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [held] = await t.app.db.select({ n: count() }).from(orderApprovals).where(eq(orderApprovals.idempotencyKey, 'held-once'));
    expect(held!.n).toBe(1);

    // Administrators (bar and mail), and nobody else, hear of it.
    const [event] = await t.app.db
      .select()
      .from(mailEvents)
      .where(and(eq(mailEvents.kind, 'approval.requested'), eq(mailEvents.subjectId, answer.approval)));
    expect(event).toBeDefined();
    await t.app.mail.runOnce();
    const told = await t.app.db.select({ userId: notifications.userId, message: notifications.message }).from(notifications).where(eq(notifications.event, 'approval_requested'));
    const toldIds = told.map((row) => row.userId);
    const demoId = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo')))[0]!.id;
    expect(toldIds).toEqual(expect.arrayContaining([demoId, userIds['admin-b']]));
    expect(toldIds).not.toContain(userIds['buyer-a']);
    expect(toldIds).not.toContain(userIds['accountant-c']);
    expect(told[0]!.message).toMatch(/отправил заказ на .+ на согласование\./);
    const mails = await t.app.db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.eventId, event!.id));
    expect(mails.map((mail) => mail.to)).toContain('admin-b@example.ru');
    expect(mails.map((mail) => mail.to)).not.toContain('buyer-a@example.ru');
    expect(mails[0]!.subject).toMatch(/^Заказ на .+ ждёт согласования$/);
  });

  it('under the limit is placed at once', async () => {
    const response = await submit('buyer-a', 2);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response.id).toBeGreaterThan(0);
    expect(response.json().response.approval).toBeUndefined();
  });

  it('shows in the history lists: the purchaser’s own, the administrators’ with the right to decide', async () => {
    const id = await held(51);
    const mine = (await t.app.inject({ url: '/api/order-approvals', headers: session['buyer-a'] })).json().response;
    expect(mine.find((item: { id: number }) => item.id === id)).toMatchObject({ state: 'pending', mine: true, can_decide: false, total_count: 51 });
    const admins = (await t.app.inject({ url: '/api/order-approvals', headers: session['admin-b'] })).json().response;
    expect(admins.find((item: { id: number }) => item.id === id)).toMatchObject({ state: 'pending', mine: false, can_decide: true, purchaser: 'buyer-a' });
    const other = (await t.app.inject({ url: '/api/order-approvals', headers: session.demo2 })).json().response;
    expect(other.some((item: { id: number }) => item.id === id)).toBe(false);
  });
});

describe('approving', () => {
  it('places the order as priced, in the purchaser’s name, and takes the stock only now', async () => {
    const id = await held(40);
    const stockBefore = await stock();
    const response = await approve('demo', id);
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json().response;
    expect(placed.message).toMatch(new RegExp(`^Заказ № ${placed.id} согласован и принят\\.`));
    expect(await stock()).toBe(stockBefore! - 40);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ userId: userIds['buyer-a'], partnerId: specsnabId, totalCount: 40 });
    expect(await approvalRow(id)).toMatchObject({ state: 'approved', orderId: placed.id, decidedBy: expect.any(Number) });
    // Approving again answers the same order.
    const again = await approve('admin-b', id);
    expect(again.json().response.id).toBe(placed.id);
    expect(await stock()).toBe(stockBefore! - 40);
  });

  it('hands the order to 1C only once it is approved', async () => {
    const uploadDir = await mkdtemp(path.join(tmpdir(), 'approvals-1c-'));
    try {
      const handedOut = async () => iconv.decode((await saleStep(t.app, { mode: 'query', uploadDir })).body as Buffer, 'windows-1251');
      // 1C takes what is waiting now, so the next query holds only what comes after.
      await handedOut();
      await saleStep(t.app, { mode: 'success', uploadDir });
      const id = await held(41);
      expect(await handedOut()).not.toContain('<Документ>');
      const response = await approve('demo', id);
      expect(response.statusCode, response.body).toBe(200);
      const placed = response.json().response as { id: number };
      const document = await handedOut();
      expect(document.match(/<Документ>/g)).toHaveLength(1);
      expect(document).toContain(`<Номер>${placed.id}</Номер>`);
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  });

  it('by two administrators at once places exactly one order', async () => {
    const id = await held(45);
    const ordersBefore = await ordersOfSpecsnab();
    const stockBefore = await stock();
    const [first, second] = await Promise.all([approve('demo', id), approve('admin-b', id)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().response.id).toBe(second.json().response.id);
    expect(await ordersOfSpecsnab()).toBe(ordersBefore + 1);
    expect(await stock()).toBe(stockBefore! - 45);
  });

  it('asks to confirm when prices moved, then places it at the confirmed prices', async () => {
    const id = await held(42);
    const { offers } = await import('../../../src/db/schema');
    await t.app.db.update(offers).set({ price: 1600 }).where(eq(offers.guid, suit.offers[0]!.guid));
    try {
      const refused = await approve('demo', id);
      expect(refused.statusCode, refused.body).toBe(409);
      const error = refused.json().error;
      expect(error.code).toBe('PRICES_CHANGED');
      expect((await approvalRow(id)).state).toBe('pending');
      const placed = await approve('demo', id, { order: error.order });
      expect(placed.statusCode, placed.body).toBe(200);
      expect((await approvalRow(id)).state).toBe('approved');
      // Another order than the one held is not approved under its name.
      const other = await held(43);
      const changed = { ...error.order, position: [{ ...error.order.position[0], characteristics: [{ ...error.order.position[0].characteristics[0], quantity: 1 }] }] };
      const wrong = await approve('demo', other, { order: changed });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toMatch(/отличается от отправленного на согласование/);
    } finally {
      await t.app.db.update(offers).set({ price: 1500 }).where(eq(offers.guid, suit.offers[0]!.guid));
    }
  });

  it('is refused to an accountant, a purchaser and another company’s administrator (403)', async () => {
    const id = await held(46);
    for (const login of ['accountant-c', 'buyer-a', 'demo2']) {
      const response = await approve(login, id);
      expect(response.statusCode, login).toBe(403);
      expect(response.json().error.message).toMatch(/[А-Яа-я]/);
      expect((await reject(login, id, 'нет')).statusCode, login).toBe(403);
    }
    expect((await approvalRow(id)).state).toBe('pending');
  });
});

describe('rejecting', () => {
  it('returns it to the purchaser with the reason (bar and mail), and it can no longer be approved', async () => {
    const id = await held(47);
    const empty = await reject('demo', id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Укажите причину отказа/);
    const response = await reject('demo', id, 'Бюджет квартала исчерпан');
    expect(response.statusCode, response.body).toBe(200);
    expect(await approvalRow(id)).toMatchObject({ state: 'rejected', reason: 'Бюджет квартала исчерпан', orderId: null });
    await t.app.mail.runOnce();
    const told = await t.app.db.select().from(notifications).where(eq(notifications.event, 'approval_rejected'));
    expect(told.map((row) => row.userId)).toEqual([userIds['buyer-a']]);
    expect(told[0]!.message).toMatch(/не согласован\. Причина: Бюджет квартала исчерпан$/);
    const mine = (await t.app.inject({ url: '/api/order-approvals', headers: session['buyer-a'] })).json().response;
    expect(mine.find((item: { id: number }) => item.id === id)).toMatchObject({ state: 'rejected', reason: 'Бюджет квартала исчерпан' });
    const ordersBefore = await ordersOfSpecsnab();
    const late = await approve('admin-b', id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/уже отклонён/);
    expect(await ordersOfSpecsnab()).toBe(ordersBefore);
  });

  it('sent again names the rejected order: exactly that one leaves the lists, the purchaser’s other rejected ones stay', async () => {
    const listed = async (login: string) => ((await t.app.inject({ url: '/api/order-approvals', headers: session[login] })).json().response as Array<{ id: number; state: string }>).map((item) => item.id);
    const resend = async (units: number, replaces: unknown, key?: string, login = 'buyer-a') =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: { ...session[login], ...(key ? { 'idempotency-key': key } : {}) },
        payload: { ...(await atServerPrices(t.app, login, body(units))), replaces_approval: replaces },
      });
    const first = await held(46);
    const second = await held(44);
    expect((await reject('demo', first, 'Слишком много')).statusCode).toBe(200);
    expect((await reject('demo', second, 'Не тот размер')).statusCode).toBe(200);

    // Sent again instead of the first, held again: the first is replaced; the second stays for both sides.
    const again = await resend(45, first, 'resend-first');
    expect(again.statusCode, again.body).toBe(200);
    const againId = again.json().response.approval as number;
    expect(againId).toBeGreaterThan(0);
    expect(await approvalRow(first)).toMatchObject({ state: 'replaced', reason: 'Слишком много' });
    for (const login of ['buyer-a', 'admin-b']) {
      const ids = await listed(login);
      expect(ids).toEqual(expect.arrayContaining([againId, second]));
      expect(ids).not.toContain(first);
    }
    // The held order keeps no link: approving it later replaces nothing more.
    expect((await approvalRow(againId)).payload).not.toHaveProperty('replaces_approval');
    // A retry whose answer was lost answers the same approval.
    const retried = await resend(45, first, 'resend-first');
    expect(retried.json().response.approval).toBe(againId);
    expect(retried.headers['idempotent-replayed']).toBe('true');

    // Sent instead of the second under the limit and placed at once: the second leaves too, with the order.
    const ordersBefore = await ordersOfSpecsnab();
    const placed = await resend(3, second);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().response.approval).toBeUndefined();
    expect(await ordersOfSpecsnab()).toBe(ordersBefore + 1);
    expect(await approvalRow(second)).toMatchObject({ state: 'replaced', reason: 'Не тот размер' });
    expect(await listed('buyer-a')).not.toContain(second);
    // A replaced order can be neither approved nor rejected any more.
    expect((await approve('admin-b', second)).statusCode).toBe(409);
    expect((await reject('admin-b', second, 'Поздно')).statusCode).toBe(409);

    // An order sent without naming one leaves every rejected order where it is.
    expect((await reject('demo', againId, 'Всё ещё много')).statusCode).toBe(200);
    expect((await submit('buyer-a', 2)).statusCode).toBe(200);
    expect(await listed('buyer-a')).toContain(againId);
    expect(await approvalRow(againId)).toMatchObject({ state: 'rejected' });
  });

  it('refuses to name an approval that is not the purchaser’s own rejected one in that company, in Russian', async () => {
    await member('buyer-d', 'buyer', LIMIT_KOPECKS);
    const pending = await held(43);
    const rejected = await held(42);
    expect((await reject('demo', rejected, 'Нет')).statusCode).toBe(200);
    const send = async (login: string, replaces: unknown, partner: string = DEMO_PARTNERS.SPECSNAB) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: session[login],
        payload: { ...(await atServerPrices(t.app, login, body(2))), partner_id: partner, replaces_approval: replaces },
      });
    const ordersBefore = await ordersOfSpecsnab();
    const cases: Array<[string, unknown, string, number, RegExp]> = [
      ['buyer-d', rejected, DEMO_PARTNERS.SPECSNAB, 403, /^Заказ на согласовании № \d+ отправлял другой сотрудник/],
      ['buyer-a', rejected, DEMO_PARTNERS.PETROV, 400, /^Заказ на согласовании № \d+ был для другой компании/],
      ['buyer-a', pending, DEMO_PARTNERS.SPECSNAB, 400, /ещё ждёт решения администратора/],
      ['buyer-a', 2_000_000_000, DEMO_PARTNERS.SPECSNAB, 400, /^Отклонённый заказ на согласовании № 2000000000 не найден/],
      ['buyer-a', 'первый', DEMO_PARTNERS.SPECSNAB, 400, /replaces_approval — номер отклонённого заказа на согласовании/],
    ];
    for (const [login, replaces, partner, status, message] of cases) {
      const refused = await send(login, replaces, partner);
      expect(refused.statusCode, `${login} ${String(replaces)}: ${refused.body}`).toBe(status);
      expect(refused.json().error.message).toMatch(message);
    }
    expect(await ordersOfSpecsnab()).toBe(ordersBefore);
    expect(await approvalRow(rejected)).toMatchObject({ state: 'rejected' });
    expect(await approvalRow(pending)).toMatchObject({ state: 'pending' });
  });
});

describe('rows of before the link (migration 0023)', () => {
  it('marks replaced the rejected orders the earlier rule hid — a later approval or order of that purchaser there — and only those', async () => {
    await member('buyer-m', 'buyer', LIMIT_KOPECKS);
    const hour = 3600_000;
    const now = Date.now();
    const row = (state: string, createdAgo: number, decidedAgo: number | null) => ({
      partnerId: specsnabId,
      userId: userIds['buyer-m']!,
      payload: {},
      totalKopecks: 6_000_000,
      count: 1,
      totalCount: 40,
      heldFor: 'Сумма заказа больше лимита.',
      requestHash: `backfill-${state}-${createdAgo}`,
      state,
      createdAt: new Date(now - createdAgo),
      decidedAt: decidedAgo === null ? null : new Date(now - decidedAgo),
    });
    const inserted = await t.app.db
      .insert(orderApprovals)
      .values([
        row('rejected', 5 * hour, 4 * hour), // held again afterwards (the pending one below)
        row('pending', 3 * hour, null),
        row('rejected', 2 * hour, 1 * hour), // an order placed afterwards (below)
        row('rejected', 2 * hour, -1 * hour), // nothing sent after its rejection
      ])
      .returning({ id: orderApprovals.id });
    expect((await submit('buyer-m', 2)).json().response.id).toBeGreaterThan(0);
    const migration = readFileSync(new URL('../../../src/db/migrations/0023_approval_replaced.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!;
    await t.app.db.execute(sql.raw(backfill));
    const states = await Promise.all(inserted.map(async ({ id }) => (await approvalRow(id)).state));
    expect(states).toEqual(['replaced', 'pending', 'replaced', 'rejected']);
  });
});

describe('over a contract’s credit', () => {
  it('holds a purchaser’s order when the company chose so, and not otherwise', async () => {
    await member('buyer-nolimit', 'buyer');
    const [contract] = await t.app.db.select().from(storages).where(and(eq(storages.partnerId, specsnabId), eq(storages.guid, suit.offers[0]!.orgGuid)));
    expect(contract).toBeDefined();
    await t.app.db.update(storages).set({ limit: 1000, debt: 0 }).where(eq(storages.id, contract!.id));
    try {
      const free = await submit('buyer-nolimit', 3);
      expect(free.json().response.id).toBeGreaterThan(0);
      await t.app.db.update(partners).set({ approvalOverCredit: true }).where(eq(partners.id, specsnabId));
      const response = await submit('buyer-nolimit', 3);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().response.message).toMatch(/превышает кредитный лимит по договору/);
      // An administrator's own order is never held.
      expect((await submit('admin-b', 3)).json().response.id).toBeGreaterThan(0);
    } finally {
      await t.app.db.update(partners).set({ approvalOverCredit: false }).where(eq(partners.id, specsnabId));
      await t.app.db.update(storages).set({ limit: contract!.limit, debt: contract!.debt }).where(eq(storages.id, contract!.id));
    }
  });
});

describe('an edit by a purchaser', () => {
  it('above the limit is refused with what to do', async () => {
    const small = await submit('buyer-a', 2, 'small-then-large');
    const n = small.json().response.id as number;
    await setResidue(t.app.db, suit.offers[0]!.guid, 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/order/${n}/edit`,
      headers: session['buyer-a'],
      payload: await atServerPrices(t.app, 'buyer-a', { ...body(60), edit: true }),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.message).toMatch(/больше вашего лимита на один заказ .+ уйдёт на согласование администратору/);
  });
});

describe('roles from the ERP', () => {
  it('the integration API makes a purchaser with a limit, whose large order is then held', async () => {
    const send = (roles: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/integration/users',
        headers: { 'x-api-key': INTEGRATION_KEY },
        payload: [{ login: 'erp-buyer', password: DEMO_PASSWORD, partners: [DEMO_PARTNERS.SPECSNAB], roles }],
      });
    const refused = await send([{ partner: DEMO_PARTNERS.PETROV, role: 'buyer', order_limit: 100 }]);
    expect(refused.json().response.applied).toBe(0);
    expect(JSON.stringify(refused.json().response)).toMatch(/к ней не привязан/);
    const applied = await send([{ partner: DEMO_PARTNERS.SPECSNAB, role: 'buyer', order_limit: 50000 }]);
    expect(applied.json().response.applied, applied.body).toBe(1);
    const [link] = await t.app.db
      .select({ role: userPartners.role, limit: userPartners.orderLimitKopecks })
      .from(userPartners)
      .innerJoin(users, eq(users.id, userPartners.userId))
      .where(eq(users.login, 'erp-buyer'));
    expect(link).toEqual({ role: 'buyer', limit: LIMIT_KOPECKS });
    session['erp-buyer'] = await signInAs(t.app, 'erp-buyer');
    const response = await submit('erp-buyer', 50);
    expect(response.json().response.approval).toBeGreaterThan(0);
  });
});
