/** «Забыли пароль?», the reset link, the change in the profile and the e-mail link, with the mail read from a real SMTP server. */
import { SOCKET_CLOSE } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRecords, userPartners, users } from '../../../src/db/schema';
import { FORGOT_ANSWER } from '../../../src/modules/auth/account.service';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { openSignedInSocket } from '../../support/realtime-client';
import { startSmtp, type TestSmtp } from '../../support/smtp';

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.ru' });
  // Listening, so a realtime socket can be open while the password is reset.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const baseUrl = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });

async function resetLink(address: string): Promise<string> {
  await t.app.mail.runOnce();
  const mail = smtp.to(address).at(-1)!;
  const token = /\/reset-password#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('forgotten password', () => {
  it('answers the same for a known and an unknown login, and mails only the known one', async () => {
    const before = smtp.messages.length;
    const unknown = await post('/api/auth/password/forgot', { login: 'nobody-here' });
    const known = await post('/api/auth/password/forgot', { login: 'demo2' });
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().response.message).toBe(FORGOT_ANSWER);
    await t.app.mail.runOnce();
    expect(smtp.messages.length - before).toBe(1);
    expect(smtp.to('demo2@example.ru').at(-1)!.subject).toBe('Восстановление пароля');
  });

  it('sets a new password once from the link, ending every session; a used or weak one is refused in Russian', async () => {
    const session = await signInAs(t.app, 'demo2');
    const socket = await openSignedInSocket(baseUrl(), session.authorization!);
    await post('/api/auth/password/forgot', { login: 'demo2@example.ru' });
    const token = await resetLink('demo2@example.ru');

    const weak = await post('/api/auth/password/reset', { token, password: 'qwerty123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toMatch(/самых распространённых/);
    const short = await post('/api/auth/password/reset', { token, password: 'Кот7' });
    expect(short.json().error.message).toMatch(/не меньше 8 символов/);

    const done = await post('/api/auth/password/reset', { token, password: 'Новый пароль дилера 2026' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    // The socket signed in with the old session is closed by the reset, not left to hear the account's events.
    expect(await socket.closed).toMatchObject({ code: SOCKET_CLOSE.unauthorized });
    await signInAs(t.app, 'demo2', 'Новый пароль дилера 2026');

    const again = await post('/api/auth/password/reset', { token, password: 'Ещё один пароль 2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/^Ссылка недействительна: она уже использована/);
    const [row] = await t.app.db.select().from(users).where(eq(users.login, 'demo2'));
    // On the record of each of the person's companies: how it was set and from where, never the password.
    const recorded = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.userId, row!.id), eq(auditRecords.action, 'password.changed')));
    const companies = await t.app.db.select().from(userPartners).where(eq(userPartners.userId, row!.id));
    expect(companies.length).toBeGreaterThan(0);
    expect(recorded.map((record) => record.partnerId).sort()).toEqual(companies.map((link) => link.partnerId).sort());
    for (const record of recorded) expect(record).toMatchObject({ changes: { password: 'задан по ссылке из письма' }, ip: '127.0.0.1' });
    expect(JSON.stringify(recorded)).not.toContain('Новый пароль дилера 2026');
    // Only the token's hash is stored; the sent message's text, which carried the link, is gone.
    expect(JSON.stringify(await t.app.db.query.userTokens.findMany())).not.toContain(token);
    expect(JSON.stringify(await t.app.db.query.mailOutbox.findMany())).not.toContain(token);
    expect(row).toBeTruthy();
  });

  it('refuses a link older than 30 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await post('/api/auth/password/forgot', { login: 'demo' });
    const token = await resetLink('demo@example.ru');
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await post('/api/auth/password/reset', { token, password: 'Поздний пароль 2026' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/срок \(30 минут\) истёк/);
  });

  it('limits requests per address with a Russian 429', async () => {
    let last;
    for (let i = 0; i < 12; i++) last = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { login: `x${i}` }, remoteAddress: '10.9.9.9' });
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error.message).toMatch(/^Слишком много запросов восстановления пароля/);
  });
});

describe('profile', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const here = await signInAs(t.app, 'demo');
    const elsewhere = await signInAs(t.app, 'demo');
    const wrong = await post('/api/user/password', { current: 'not-it', password: 'Другой пароль 2026' }, here);
    expect(wrong.json().error.message).toMatch(/^Текущий пароль указан неверно/);
    const common = await post('/api/user/password', { current: 'demo1234', password: 'password1' }, here);
    expect(common.json().error.message).toMatch(/самых распространённых/);
    const done = await post('/api/user/password', { current: 'demo1234', password: 'Другой пароль 2026' }, here);
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: here })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: elsewhere })).statusCode).toBe(401);
  });

  it('mails nothing to a new address until its link is followed', async () => {
    const session = await signInAs(t.app, 'blocked').catch(() => undefined);
    expect(session).toBeUndefined();
    const demo = await signInAs(t.app, 'demo', 'Другой пароль 2026');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/personal/update',
      headers: { ...demo, 'content-type': 'multipart/form-data; boundary=X' },
      payload: '--X\r\nContent-Disposition: form-data; name="email"\r\n\r\nnew-demo@example.ru\r\n--X--\r\n',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().response.personal.email_confirmed).toBe(false);
    await t.app.mail.runOnce();
    const mail = smtp.to('new-demo@example.ru');
    expect(mail.map((m) => m.subject)).toEqual(['Подтвердите e-mail']);
    // A reset asked meanwhile is not mailed to an unconfirmed address.
    await post('/api/auth/password/forgot', { login: 'demo' });
    await t.app.mail.runOnce();
    expect(smtp.to('new-demo@example.ru')).toHaveLength(1);

    const token = /\/confirm-email#([A-Za-z0-9_-]+)/.exec(mail[0]!.text ?? '')![1]!;
    const confirmed = await post('/api/user/email/confirm', { token });
    expect(confirmed.json().response.message).toBe('Адрес new-demo@example.ru подтверждён: уведомления будут приходить на него.');
    expect((await post('/api/user/email/confirm', { token })).statusCode).toBe(400);
  });

  it("acts on the signed-in user's own account only", async () => {
    // demo2's password is the one the reset above set; demo's change leaves it, and demo2's sessions, alone.
    const other = await signInAs(t.app, 'demo2', 'Новый пароль дилера 2026');
    const demo = await signInAs(t.app, 'demo', 'Другой пароль 2026');
    const changed = await post('/api/user/password', { current: 'Другой пароль 2026', password: 'Пароль только демо 2026' }, demo);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: other })).json().response.login).toBe('demo2');
    await signInAs(t.app, 'demo2', 'Новый пароль дилера 2026');
    // demo2's current password does not change demo's.
    const foreign = await post('/api/user/password', { current: 'Пароль только демо 2026', password: 'Чужой пароль 2026' }, other);
    expect(foreign.json().error.message).toMatch(/^Текущий пароль указан неверно/);
    await signInAs(t.app, 'demo', 'Пароль только демо 2026');
  });
});
