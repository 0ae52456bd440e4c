/**
 * The record of who did what (issue #39 point 5): each action is recorded with who, what, what changed and from which
 * address; a company's administrators read it with filters and export it as CSV or XLSX; nobody else reads it; old
 * records are deleted after AUDIT_KEEP_DAYS.
 */
import { DEMO_PASSWORD, DEMO_PARTNERS } from '../../../src/seed/people';
import { firstWorkingDayFrom, isAuditField, moscowDate, moscowDateAfter } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, partners, userPartners, users } from '../../../src/db/schema';
import { purgeOldRecords } from '../../../src/modules/audit';
import { hashPassword } from '../../../src/modules/auth/password';
import { createTestApp, signInAs, signInRequest, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { insertProduct, line, type FixtureProduct } from '../orders/fixtures';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let buyer: Record<string, string>;
let demoId: number;
let specsnabId: number;
let suit: FixtureProduct;
const FROM = '203.0.113.7';

interface Record_ {
  person: string;
  login: string;
  action: string;
  action_name: string;
  object: string;
  changes: Record<string, unknown>;
  ip: string;
}

const body = (units: number) => ({
  partner_id: DEMO_PARTNERS.SPECSNAB,
  comment: 'Журнал',
  delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), cost: 0, bill_to: '' },
  position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, units, 1500)] }],
  position_presail: [],
});

async function journal(query = '', headers = demo) {
  const response = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response as { records: Record_[]; total: number; page: number; pages: number; people: Array<{ id: number; name: string }> };
}

const ofAction = async (action: string) => (await journal(`?action=${action}`)).records;

beforeAll(async () => {
  t = await createTestApp();
  const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
  specsnabId = specsnab!.id;
  demoId = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo')))[0]!.id;
  suit = await insertProduct(t.app.db, { price: 2100, priceOpt: 1500, offers: [{ characteristic: '52', residue: 500 }] });
  const [user] = await t.app.db
    .insert(users)
    .values({ login: 'journal-buyer', passwordHash: await hashPassword(DEMO_PASSWORD), name: 'Пётр', lastname: 'Закупов' })
    .returning({ id: users.id });
  await t.app.db.insert(userPartners).values({ userId: user!.id, partnerId: specsnabId, role: 'buyer', orderLimitKopecks: 100_000 });
  const signIn = async (login: string) => {
    const response = await t.app.inject({ ...signInRequest(login), remoteAddress: FROM });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json().response.token}` };
  };
  demo = await signIn('demo');
  buyer = await signIn('journal-buyer');
  demo2 = await signInAs(t.app, 'demo2');
});

afterAll(async () => {
  await t?.close();
});

describe('what is recorded', () => {
  it('a sign-in: who and from which address, in every company of the person', async () => {
    const records = await ofAction('auth.sign_in');
    expect(records.find((record) => record.login === 'demo')).toMatchObject({ action_name: 'Вход в портал', ip: FROM, person: expect.any(String) });
    expect(records.some((record) => record.login === 'journal-buyer')).toBe(true);
  });

  it('an order placed and edited, a bill requested', async () => {
    const placed = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, remoteAddress: FROM, payload: await atServerPrices(t.app, 'demo', body(2)) });
    expect(placed.statusCode, placed.body).toBe(200);
    const n = placed.json().response.id as number;
    expect((await ofAction('order.placed')).find((record) => record.object === `Заказ № ${n}`)).toMatchObject({ login: 'demo', ip: FROM, changes: { units: 2 } });

    const edited = await t.app.inject({ method: 'POST', url: `/api/order/${n}/edit`, headers: demo, remoteAddress: FROM, payload: await atServerPrices(t.app, 'demo', { ...body(3), edit: true }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ofAction('order.edited')).find((record) => record.object === `Заказ № ${n}`)).toMatchObject({ login: 'demo', ip: FROM, changes: { units: 3 } });

    const detail = (await t.app.inject({ url: `/api/user/order/${n}`, headers: demo })).json().response;
    const bill = await t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, remoteAddress: FROM, payload: { guid: detail.checks[0].guid } });
    expect(bill.statusCode, bill.body).toBe(200);
    const billed = (await ofAction('bill.requested')).find((record) => record.object.startsWith(`Заказ № ${n}, счёт`));
    expect(billed).toMatchObject({ login: 'demo', ip: FROM, action_name: 'Запрошен счёт' });
    // A refused second request is no action: nothing more is recorded.
    await t.app.inject({ method: 'POST', url: `/api/user/request/check/${n}`, headers: demo, payload: { guid: detail.checks[0].guid } });
    expect((await ofAction('bill.requested')).filter((record) => record.object.startsWith(`Заказ № ${n}, счёт`))).toHaveLength(1);
  });

  it('an order held for approval, approved; another rejected with the reason', async () => {
    const send = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/order/add', headers: buyer, remoteAddress: FROM, payload: await atServerPrices(t.app, 'journal-buyer', body(5)) })).json().response;
    const first = await send();
    const second = await send();
    expect((await ofAction('order.held')).filter((record) => record.login === 'journal-buyer').length).toBeGreaterThanOrEqual(2);
    const approved = await t.app.inject({ method: 'POST', url: `/api/order-approvals/${first.approval}/approve`, headers: demo, remoteAddress: FROM, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    const n = approved.json().response.id;
    expect((await ofAction('order.approved')).find((record) => record.object === `Заказ № ${n}`)).toMatchObject({ login: 'demo', ip: FROM });
    // The order itself is placed in the purchaser's name.
    expect((await ofAction('order.placed')).find((record) => record.object === `Заказ № ${n}`)).toMatchObject({ login: 'journal-buyer' });
    const rejected = await t.app.inject({ method: 'POST', url: `/api/order-approvals/${second.approval}/reject`, headers: demo, payload: { reason: 'Не в этом месяце' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await ofAction('order.rejected')).find((record) => record.object === `Заказ на согласовании № ${second.approval}`)).toMatchObject({ changes: { reason: 'Не в этом месяце' } });
  });

  it('addresses added, changed and deleted; notification settings', async () => {
    const add = await t.app.inject({ method: 'POST', url: '/api/user/delivery/add', headers: demo, remoteAddress: FROM, payload: { label: 'Казань, ул. Баумана, 1' } });
    expect(add.statusCode, add.body).toBe(200);
    const index = (add.json().response.data as Array<{ index: number; label: string }>).find((address) => address.label === 'Казань, ул. Баумана, 1')!.index;
    await t.app.inject({ method: 'POST', url: '/api/user/delivery/update', headers: demo, payload: { index, label: 'Казань, ул. Баумана, 2' } });
    await t.app.inject({ method: 'POST', url: '/api/user/delivery/delete', headers: demo, payload: { index } });
    expect((await ofAction('address.created')).find((record) => record.object === 'Адрес доставки «Казань, ул. Баумана, 1»')).toMatchObject({ ip: FROM });
    expect((await ofAction('address.updated'))[0]).toMatchObject({ changes: { label: { from: 'Казань, ул. Баумана, 1', to: 'Казань, ул. Баумана, 2' } } });
    expect((await ofAction('address.deleted'))[0]!.object).toBe('Адрес доставки «Казань, ул. Баумана, 2»');

    const settings = { order: { email: { changed: false, created: true, states: false }, lk: { changed: true, created: true, states: true } } };
    const saved = await t.app.inject({ method: 'POST', url: '/api/user/settings/notifications/update', headers: demo, payload: settings });
    expect(saved.statusCode).toBe(200);
    // Only the switches that moved, each by its own field.
    expect((await ofAction('settings.changed'))[0]).toMatchObject({
      object: 'Уведомления',
      changes: { 'notify.email.changed': { from: true, to: false }, 'notify.email.states': { from: true, to: false } },
    });
    expect(Object.keys((await ofAction('settings.changed'))[0]!.changes)).toHaveLength(2);
  });

  it('a profile change and a password change: who, from where, what changed — never the password — in each of the person’s companies', async () => {
    const form = new FormData();
    form.append('phone', '+7 (900) 123-45-67');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/personal/update',
      headers: { ...demo, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
      remoteAddress: FROM,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // demo acts for two companies: the change is in the record of each.
    for (const company of [DEMO_PARTNERS.SPECSNAB, DEMO_PARTNERS.PETROV]) {
      const response = await t.app.inject({ url: `/api/companies/${company}/audit?action=profile.changed`, headers: demo });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().response.records[0]).toMatchObject({ login: 'demo', action_name: 'Профиль изменён', ip: FROM, changes: { phone: { to: '+7 (900) 123-45-67' } } });
    }

    const secret = 'Новый пароль закупщика 2026';
    const changed = await t.app.inject({ method: 'POST', url: '/api/user/password', headers: buyer, remoteAddress: FROM, payload: { current: DEMO_PASSWORD, password: secret } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [record] = await ofAction('password.changed');
    expect(record).toMatchObject({ login: 'journal-buyer', action_name: 'Пароль изменён', ip: FROM, changes: { password: 'изменён в профиле' } });
    const stored = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'password.changed'));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toMatch(/\$argon2/);
  });
});

describe('reading the record', () => {
  it('filters by person, action and period, and pages', async () => {
    const all = await journal();
    expect(all.total).toBeGreaterThan(5);
    expect(all.people.map((person) => person.id)).toContain(demoId);
    const demos = await journal(`?person=${demoId}`);
    expect(demos.records.length).toBeGreaterThan(0);
    expect(demos.records.every((record) => record.login === 'demo')).toBe(true);
    expect(demos.total).toBeLessThan(all.total);
    const today = moscowDate(Date.now());
    expect((await journal(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await journal('?from=2020-01-01&to=2020-01-31')).total).toBe(0);
    const backwards = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit?from=2026-02-01&to=2026-01-01`, headers: demo });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toMatch(/Начало периода позже его конца/);
    const unknown = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit?action=order.stolen`, headers: demo });
    expect(unknown.statusCode).toBe(400);
    // Paging: 50 a page, the newest first.
    await t.app.db.insert(auditRecords).values(
      Array.from({ length: 60 }, (_, i) => ({ partnerId: specsnabId, userId: demoId, action: 'team.changed', object: `Запись ${i}`, createdAt: new Date(Date.now() - (i + 1) * 1000) })),
    );
    const first = await journal('?action=team.changed');
    const second = await journal('?action=team.changed&page=2');
    expect(first.records).toHaveLength(50);
    expect(second.records).toHaveLength(10);
    expect(first.pages).toBe(2);
    expect(first.records[0]!.object).toBe('Запись 0');
    expect(second.records.at(-1)!.object).toBe('Запись 59');
  });

  it('names every field any writer stored in Russian, on the page and in the export (the orders’ trigger too)', async () => {
    const stored = await t.app.db.select({ action: auditRecords.action, changes: auditRecords.changes }).from(auditRecords);
    const fields = new Set(stored.flatMap((row) => Object.keys(row.changes as Record<string, unknown>)));
    expect([...fields]).toEqual(expect.arrayContaining(['total', 'units', 'reason', 'approval', 'check', 'label', 'phone', 'password']));
    expect([...fields].filter((field) => !isAuditField(field))).toEqual([]);
    const csv = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=csv&action=order.held`, headers: demo });
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/;"Сумма, ₽: [\d.]+; Количество, шт\.: \d+; Причина: /);
    const xlsx = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=xlsx&action=order.approved`, headers: demo });
    expect(strFromU8(unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml']!)).toContain('Номер заказа на согласовании: ');
  });

  it('exports CSV and XLSX with the same filters', async () => {
    const csv = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=csv&action=order.placed`, headers: demo });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Дата и время (МСК);Сотрудник;Логин;Действие;Объект;Изменения;IP-адрес');
    expect(lines.length).toBe(1 + (await journal('?action=order.placed')).total);
    expect(lines.slice(1).every((row) => row.includes(';Заказ оформлен;Заказ № '))).toBe(true);
    expect(lines.some((row) => row.endsWith(`;${FROM}`))).toBe(true);

    const xlsx = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=xlsx&action=bill.requested`, headers: demo });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx/);
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('Запрошен счёт');
    expect(sheet).toContain(FROM);
    expect(sheet).not.toContain('Заказ оформлен');
  });

  it('is refused to another company’s user and to a purchaser (403)', async () => {
    for (const headers of [demo2, buyer]) {
      const page = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit`, headers });
      expect(page.statusCode).toBe(403);
      expect(page.json().error.message).toMatch(/[А-Яа-я]/);
      const file = await t.app.inject({ url: `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=csv`, headers });
      expect(file.statusCode).toBe(403);
    }
  });

  it('keeps records AUDIT_KEEP_DAYS, then deletes them', async () => {
    const old = new Date(Date.now() - 366 * 86_400_000);
    await t.app.db.insert(auditRecords).values({ partnerId: specsnabId, userId: demoId, action: 'team.changed', object: 'Старая запись', createdAt: old });
    const before = (await journal()).total;
    expect(await purgeOldRecords(t.app)).toBeGreaterThanOrEqual(1);
    const after = await journal();
    expect(after.records.some((record) => record.object === 'Старая запись')).toBe(false);
    expect(after.total).toBe(before - 1);
  });
});
