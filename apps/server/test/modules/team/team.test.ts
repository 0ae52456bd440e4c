/**
 * A company's team page on the server: the administrator sees the colleagues, invites one by e-mail (the mail read from
 * a real SMTP server; its link sets the password and signs in), changes roles and limits, blocks (ending the person's
 * sessions and sockets at once) and never leaves the company without an administrator. Other roles are refused.
 */
import { SOCKET_CLOSE } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, signInRequest, type TestApp } from '../../support/helper';
import { openSignedInSocket } from '../../support/realtime-client';
import { startSmtp, type TestSmtp } from '../../support/smtp';

let t: TestApp;
let smtp: TestSmtp;
let admin: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.ru' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signInAs(t.app, 'demo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
const baseUrl = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

const team = `/api/partners/${DEMO_PARTNERS.SPECSNAB}/team`;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
type Member = { id: number; login: string; role: string; orderLimit: number | null; status: string; lastSignInAt: string | null; you: boolean };
const membersOf = async (headers = admin) => (await call('GET', team, headers)).json().response.members as Member[];
const memberId = async (login: string) => (await membersOf()).find((member) => member.login === login)!.id;

describe('the team list', () => {
  it("shows the administrator the company's people with role, limit, status and last sign-in", async () => {
    await signInAs(t.app, 'buyer');
    const members = await membersOf();
    expect(members.map(({ login, role, orderLimit, status, you }) => ({ login, role, orderLimit, status, you }))).toEqual(
      expect.arrayContaining([
        { login: 'demo', role: 'admin', orderLimit: null, status: 'active', you: true },
        { login: 'buyer', role: 'buyer', orderLimit: 50_000, status: 'active', you: false },
        { login: 'accountant', role: 'accountant', orderLimit: null, status: 'active', you: false },
      ]),
    );
    expect(Date.parse(members.find((member) => member.login === 'buyer')!.lastSignInAt!)).toBeGreaterThan(Date.now() - 3600_000);
  });

  it('refuses a purchaser and an accountant with the Russian reason, and another company\'s user', async () => {
    for (const login of ['buyer', 'accountant']) {
      const refused = await call('GET', team, await signInAs(t.app, login));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/не позволяет управлять сотрудниками\. Обратитесь к администратору компании\.$/);
    }
    expect((await call('GET', team, await signInAs(t.app, 'demo2'))).statusCode).toBe(403);
  });
});

describe('an invitation', () => {
  it('mails a link that sets the password and signs the colleague in, with the role given', async () => {
    const invited = await call('POST', `${team}/invite`, admin, { email: ' Olga.Buh@Example.ru ', name: 'Ольга', role: 'accountant' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().response.message).toMatch(/^Приглашение отправлено на olga.buh@example.ru/);
    expect(invited.json().response.team.members.find((member: Member) => member.login === 'olga.buh@example.ru')).toMatchObject({ role: 'accountant', status: 'invited', lastSignInAt: null });

    await t.app.mail.runOnce();
    const mail = smtp.to('olga.buh@example.ru').at(-1)!;
    expect(mail.subject).toMatch(/^Приглашение в портал дилера: Общество с ограниченной ответственностью «СпецСнаб»/);
    expect(mail.text).toMatch(/с ролью «Бухгалтер»/);
    const token = /\/invitation#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;

    const weak = await call('POST', '/api/auth/invitation/accept', {}, { token, password: 'qwerty123' });
    expect(weak.statusCode).toBe(400);
    const accepted = await call('POST', '/api/auth/invitation/accept', {}, { token, password: 'Пароль бухгалтера 2026' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = { authorization: `Bearer ${accepted.json().response.token as string}` };
    const companies = (await call('GET', '/api/partners', session)).json().response as Array<{ uid: string; role: string; actions: string[] }>;
    expect(companies.map(({ uid, role }) => ({ uid, role }))).toEqual([{ uid: DEMO_PARTNERS.SPECSNAB, role: 'accountant' }]);
    expect(companies[0]!.actions).not.toContain('orders.place');
    await signInAs(t.app, 'olga.buh@example.ru', 'Пароль бухгалтера 2026');

    const again = await call('POST', '/api/auth/invitation/accept', {}, { token, password: 'Другой пароль 2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/^Приглашение недействительно/);
    expect((await membersOf()).find((member) => member.login === 'olga.buh@example.ru')!.status).toBe('active');
  });

  it("puts the colleague's first password and first sign-in on the inviting company's record, with the address", async () => {
    const invited = await call('POST', `${team}/invite`, admin, { email: 'ivan.zakup@example.ru', name: 'Иван', role: 'buyer' });
    expect(invited.statusCode, invited.body).toBe(200);
    const person = await memberId('ivan.zakup@example.ru');
    await t.app.mail.runOnce();
    const token = /\/invitation#([A-Za-z0-9_-]+)/.exec(smtp.to('ivan.zakup@example.ru').at(-1)!.text ?? '')![1]!;
    const recordsOf = async (company: string) => {
      const page = await call('GET', `/api/companies/${company}/audit?person=${person}`, admin);
      expect(page.statusCode, page.body).toBe(200);
      return page.json().response.records as Array<{ login: string; action: string; action_name: string; object: string; changes: Record<string, unknown>; ip: string }>;
    };
    expect(await recordsOf(DEMO_PARTNERS.SPECSNAB)).toEqual([]);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, password: 'Пароль закупщика 2026' },
      remoteAddress: '198.51.100.23',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const records = await recordsOf(DEMO_PARTNERS.SPECSNAB);
    expect(records.map(({ login, action, action_name, object, changes, ip }) => ({ login, action, action_name, object, changes, ip }))).toEqual(
      expect.arrayContaining([
        { login: 'ivan.zakup@example.ru', action: 'password.changed', action_name: 'Пароль изменён', object: 'Пароль', changes: { password: 'задан по ссылке из приглашения' }, ip: '198.51.100.23' },
        { login: 'ivan.zakup@example.ru', action: 'auth.sign_in', action_name: 'Вход в портал', object: 'Вход в портал', changes: { signInBy: 'ссылка из приглашения' }, ip: '198.51.100.23' },
      ]),
    );
    expect(records).toHaveLength(2);
    // Russian names in the export too; a company the colleague is not in does not read it.
    const csv = await call('GET', `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit/export?format=csv&person=${person}`, admin);
    expect(csv.body).toContain(';Вход в портал;Вход в портал;Способ входа: ссылка из приглашения;198.51.100.23');
    expect(csv.body).toContain(';Пароль изменён;Пароль;Пароль: задан по ссылке из приглашения;198.51.100.23');
    const other = await call('GET', `/api/companies/${DEMO_PARTNERS.PETROV}/audit?person=${person}`, admin);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().response.records).toEqual([]);
  });

  it('refuses a colleague already in the team, a bad address and a limit for a role without one, in Russian', async () => {
    const twice = await call('POST', `${team}/invite`, admin, { email: 'buyer@example.ru', name: 'Сергей', role: 'buyer' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/уже в команде компании/);
    const bad = await call('POST', `${team}/invite`, admin, { email: 'not-an-address', name: 'X', role: 'buyer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/E-mail указан неверно/);
    const limit = await call('POST', `${team}/invite`, admin, { email: 'x@example.ru', name: 'X', role: 'accountant', orderLimit: 1000 });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.message).toMatch(/^Лимит заказа задаётся только закупщику/);
  });

  it('adds a person the portal already knows to the company, with a mail saying so', async () => {
    const added = await call('POST', `/api/partners/${DEMO_PARTNERS.PETROV}/team/invite`, admin, { email: 'buyer@example.ru', name: 'Сергей', role: 'buyer', orderLimit: 1234.5 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().response.team.members.find((member: Member) => member.login === 'buyer')).toMatchObject({ role: 'buyer', orderLimit: 1234.5 });
    await t.app.mail.runOnce();
    expect(smtp.to('buyer@example.ru').at(-1)!.subject).toMatch(/^Вы добавлены в компанию Индивидуальный предприниматель Петров/);
  });
});

describe('changes', () => {
  it("changes a purchaser's limit in roubles, kept to the kopeck, and drops it with another role", async () => {
    const buyer = await memberId('buyer');
    const changed = await call('PATCH', `${team}/${buyer}`, admin, { orderLimit: 75_000.25 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await membersOf()).find((member) => member.id === buyer)!.orderLimit).toBe(75_000.25);
    await call('PATCH', `${team}/${buyer}`, admin, { role: 'accountant' });
    expect((await membersOf()).find((member) => member.id === buyer)).toMatchObject({ role: 'accountant', orderLimit: null });
    await call('PATCH', `${team}/${buyer}`, admin, { role: 'buyer', orderLimit: 50_000 });
  });

  it('never leaves the company without an administrator', async () => {
    const demo = await memberId('demo');
    const demote = await call('PATCH', `${team}/${demo}`, admin, { role: 'buyer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toMatch(/^В компании должен остаться хотя бы один администратор/);
    expect((await call('DELETE', `${team}/${demo}`, admin)).statusCode).toBe(409);
    const self = await call('PATCH', `${team}/${demo}`, admin, { blocked: true });
    expect(self.statusCode).toBe(400);
    expect((await membersOf()).find((member) => member.id === demo)!.role).toBe('admin');
  });

  it('blocks a colleague: their sessions and sockets end at once, the company is gone for them, and unblocking returns it', async () => {
    const buyerSession = await signInAs(t.app, 'buyer');
    const socket = await openSignedInSocket(baseUrl(), buyerSession.authorization!);
    const buyer = await memberId('buyer');
    const blocked = await call('PATCH', `${team}/${buyer}`, admin, { blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().response.message).toMatch(/: доступ к компании заблокирован, входы в портал завершены\.$/);
    expect(await socket.closed).toMatchObject({ code: SOCKET_CLOSE.unauthorized });
    expect((await call('GET', '/api/auth/me', buyerSession)).statusCode).toBe(401);
    // Still a purchaser of ИП Петров (added above): they sign in again and see only that company.
    const again = await signInAs(t.app, 'buyer');
    const companies = (await call('GET', '/api/partners', again)).json().response as Array<{ uid: string }>;
    expect(companies.map((company) => company.uid)).toEqual([DEMO_PARTNERS.PETROV]);
    const order = await call('GET', '/api/orders', again);
    expect((order.json().response as Array<{ partner_guid: string }>).every((row) => row.partner_guid !== DEMO_PARTNERS.SPECSNAB)).toBe(true);

    // Removed from the other company too: blocked everywhere, the person no longer signs in.
    expect((await call('DELETE', `/api/partners/${DEMO_PARTNERS.PETROV}/team/${buyer}`, admin)).statusCode).toBe(200);
    const refused = await t.app.inject(signInRequest('buyer'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('BLOCKED');

    expect((await call('PATCH', `${team}/${buyer}`, admin, { blocked: false })).statusCode).toBe(200);
    await signInAs(t.app, 'buyer');
  });

  it('toggles holding orders over credit for approval; the companies answer says so', async () => {
    const on = await call('PUT', `${team}/settings`, admin, { approvalOverCredit: true });
    expect(on.statusCode, on.body).toBe(200);
    const companies = (await call('GET', '/api/partners', admin)).json().response as Array<{ uid: string; approvalOverCredit: boolean }>;
    expect(companies.find((company) => company.uid === DEMO_PARTNERS.SPECSNAB)!.approvalOverCredit).toBe(true);
    await call('PUT', `${team}/settings`, admin, { approvalOverCredit: false });
  });
});

describe('the record of team changes', () => {
  type Entry = { login: string; action: string; action_name: string; object: string; changes: Record<string, unknown>; ip: string };
  const recordOf = async (action: string) => {
    const page = await call('GET', `/api/companies/${DEMO_PARTNERS.SPECSNAB}/audit?action=${action}`, admin);
    expect(page.statusCode, page.body).toBe(200);
    return page.json().response.records as Entry[];
  };

  it('records a role change with who did it, from which address, and the role from → to', async () => {
    const buyer = await memberId('buyer');
    const changed = await t.app.inject({ method: 'PATCH', url: `${team}/${buyer}`, headers: admin, payload: { role: 'accountant' }, remoteAddress: '203.0.113.7' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [latest] = await recordOf('team.role_changed');
    expect(latest).toMatchObject({
      login: 'demo',
      action_name: 'Роль сотрудника изменена',
      object: 'Сотрудник buyer',
      changes: { role: { from: 'Закупщик', to: 'Бухгалтер' } },
      ip: '203.0.113.7',
    });
    // The purchaser's limit went with the role: recorded too.
    expect((await recordOf('team.limit_changed'))[0]).toMatchObject({ object: 'Сотрудник buyer', changes: { orderLimit: { from: '50\u202f000.00 ₽', to: 'без лимита' } } });
    await call('PATCH', `${team}/${buyer}`, admin, { role: 'buyer', orderLimit: 50_000 });
    expect((await recordOf('team.limit_changed'))[0]!.changes).toEqual({ orderLimit: { from: 'без лимита', to: '50\u202f000.00 ₽' } });
  });

  it('records an invitation, blocking, unblocking, removal and the approval setting; a refused change records nothing', async () => {
    const invited = await call('POST', `${team}/invite`, admin, { email: 'record.buyer@example.ru', name: 'Пётр', role: 'buyer', orderLimit: 1000 });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await recordOf('team.invited'))[0]).toMatchObject({
      object: 'Сотрудник record.buyer@example.ru',
      changes: { role: { from: '—', to: 'Закупщик' }, orderLimit: { from: '—', to: '1\u202f000.00 ₽' } },
    });
    const person = await memberId('record.buyer@example.ru');
    await call('PATCH', `${team}/${person}`, admin, { blocked: true });
    await call('PATCH', `${team}/${person}`, admin, { blocked: false });
    expect((await recordOf('team.blocked'))[0]).toMatchObject({ object: 'Сотрудник record.buyer@example.ru', changes: { blocked: { from: 'нет', to: 'да' } } });
    expect((await recordOf('team.unblocked'))[0]).toMatchObject({ object: 'Сотрудник record.buyer@example.ru', changes: { blocked: { from: 'да', to: 'нет' } } });
    expect((await call('DELETE', `${team}/${person}`, admin)).statusCode).toBe(200);
    expect((await recordOf('team.removed'))[0]).toMatchObject({ object: 'Сотрудник record.buyer@example.ru', changes: { role: { from: 'Закупщик', to: '—' } } });

    const settingsBefore = (await recordOf('team.approval_setting_changed')).length;
    await call('PUT', `${team}/settings`, admin, { approvalOverCredit: true });
    await call('PUT', `${team}/settings`, admin, { approvalOverCredit: false });
    const settings = await recordOf('team.approval_setting_changed');
    expect(settings).toHaveLength(settingsBefore + 2);
    expect(settings[0]!.changes).toEqual({ approvalOverCredit: { from: 'да', to: 'нет' } });

    const rolesBefore = (await recordOf('team.role_changed')).length;
    expect((await call('PATCH', `${team}/${await memberId('demo')}`, admin, { role: 'buyer' })).statusCode).toBe(409);
    expect(await recordOf('team.role_changed')).toHaveLength(rolesBefore);
  });
});
