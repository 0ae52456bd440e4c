/**
 * Mail against a real SMTP server started here: each event mails each user whose settings ask for it, once, and
 * nobody else; a server that is down gets the message when it is back; the bar follows order.lk.
 */
import { firstWorkingDayFrom, formatPrice, moscowDateAfter } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, notifications, userPartners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { hashPassword } from '../../../src/modules/auth/password';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { insertProduct, line, type FixtureProduct } from '../orders/fixtures';

const KEY = 'mail-test-integration-key-0123456789';
let t: TestApp;
let smtp: TestSmtp;
let demo: Record<string, string>;
let suit: FixtureProduct;

const MANAGER = 'a.smirnova@example.ru';
/** A delivery day the server accepts: two days on, or the first working day after. */
const tomorrow = () => firstWorkingDayFrom(moscowDateAfter(Date.now(), 2));

/** A user of СпецСнаб with these settings (missing ones are on). */
async function colleague(login: string, email: string, settings: object, emailConfirmed = true) {
  const [user] = await t.app.db
    .insert(users)
    .values({ login, passwordHash: await hashPassword('colleague-pass-1'), email, emailConfirmed, notificationSettings: settings })
    .returning({ id: users.id });
  const specsnab = await t.app.db.execute<{ id: number }>(sql`select id from partners where uid = ${DEMO_PARTNERS.SPECSNAB}`);
  const partnerId = Number((specsnab as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
  await t.app.db.insert(userPartners).values({ userId: user!.id, partnerId });
  return user!.id;
}

async function placeOrder(quantity = 1): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/order/add',
    headers: demo,
    payload: await atServerPrices(t.app, 'demo', {
      partner_id: DEMO_PARTNERS.SPECSNAB,
      comment: 'Почтовый тест',
      delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: tomorrow(), cost: 0, bill_to: '' },
      position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, quantity, 1500)] }],
      position_presail: [],
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response.id as number;
}

const subjects = (address: string) => smtp.to(address).map((m) => m.subject);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, INTEGRATION_API_KEY: KEY, PUBLIC_URL: 'https://portal.example.ru' });
  demo = await signInAs(t.app, 'demo');
  suit = await insertProduct(t.app.db, { offers: [{ characteristic: '48', residue: 1000 }] });
  await colleague('mail-off', 'off@example.ru', { order: { email: { created: false, changed: false, states: false }, lk: { created: false } } });
  await colleague('unconfirmed', 'new-address@example.ru', {}, false);
  await colleague('states-only', 'states@example.ru', { order: { email: { created: false, changed: false, states: true } } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('order created', () => {
  it('mails the users who asked and the manager once, with the order as its page shows it', async () => {
    const id = await placeOrder(2);
    const report = await t.app.mail.runOnce();
    // demo and the seeded colleagues of СпецСнаб (purchaser and accountant: every role sees orders), and the manager.
    expect(report.sent).toBe(4);
    expect(subjects('demo@example.ru')).toEqual([`Заказ № ${id} принят`]);
    expect(subjects('buyer@example.ru')).toEqual([`Заказ № ${id} принят`]);
    expect(subjects('accountant@example.ru')).toEqual([`Заказ № ${id} принят`]);
    expect(subjects(MANAGER)).toEqual([`Заказ № ${id} принят`]);
    for (const nobody of ['off@example.ru', 'new-address@example.ru', 'states@example.ru', 'demo2@example.ru']) {
      expect(subjects(nobody)).toEqual([]);
    }

    const [mail] = smtp.to('demo@example.ru');
    const detail = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    expect(mail!.text).toContain('Портал дилера · ООО «СпецСнаб»');
    expect(mail!.text).toContain(suit.article);
    expect(mail!.text).toContain(`Итого со скидкой: ${formatPrice(detail.total_discount)}`);
    expect(mail!.text).toContain('Доставка: Самовывоз');
    expect(mail!.text).toContain(`https://portal.example.ru/orders/${id}`);
    expect(mail!.text).toContain('«Заказ создан»');
    expect(mail!.text).toContain('Настройки уведомлений: https://portal.example.ru/profile');
    expect(mail!.html).toContain(`<strong>Итого со скидкой: ${formatPrice(detail.total_discount)}</strong>`);
    expect(smtp.to(MANAGER)[0]!.text).toContain('вы менеджер этой компании');

    // Another round sends nothing again.
    expect((await t.app.mail.runOnce()).sent).toBe(0);
    expect(subjects('demo@example.ru')).toHaveLength(1);
  });

  it('puts «Заказ создан» in the bar of users whose order.lk.created is on, and no one else', async () => {
    const id = await placeOrder();
    await t.app.mail.runOnce();
    const rows = await t.app.db
      .select({ login: users.login, link: notifications.link, readAt: notifications.readAt })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(sql`${notifications.data} ->> 'order' = ${String(id)}`);
    expect(rows.map((row) => row.login).sort()).toEqual(['accountant', 'buyer', 'demo', 'states-only', 'unconfirmed']);
    // Each opens the order's own page and is unread.
    expect(rows.map((row) => [row.link, row.readAt])).toEqual(rows.map(() => [`/orders/${id}`, null]));
  });
});

describe('events from the ERP', () => {
  it('mails a status change and a bill to users with order.email.states on', async () => {
    const id = await placeOrder();
    await t.app.mail.runOnce();
    const detail = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
    const guid = detail.checks[0].guid as string;
    const post = (kind: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/integration/${kind}`, headers: { 'x-api-key': KEY }, payload: payload as object });
    expect((await post('checks', [{ order: id, guid, status: 3 }])).json().response.applied).toBe(1);
    expect((await post('documents', [{ order: id, guid, doc_status: { StatusSchet: true, StatusSF: false, StatusUPD: false, StatusUPK: false } }])).json().response.applied).toBe(1);
    await t.app.mail.runOnce();
    for (const address of ['demo@example.ru', 'states@example.ru']) {
      const about = smtp.to(address).filter((m) => m.subject?.startsWith(`Заказ № ${id}:`));
      expect(about.map((m) => m.subject)).toEqual([expect.stringMatching(/^Заказ № \d+: /), `Заказ № ${id}: счёт готов`]);
    }
    expect(smtp.to('off@example.ru')).toEqual([]);
    expect(smtp.to(MANAGER).filter((m) => m.subject?.includes('счёт'))).toEqual([]);
  });
});

describe('order edited, claim received and its status', () => {
  it('mails an edit to users with order.email.changed on, not to the manager', async () => {
    const id = await placeOrder();
    await t.app.mail.runOnce();
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/order/${id}/edit`,
      headers: demo,
      payload: await atServerPrices(t.app, 'demo', {
        partner_id: DEMO_PARTNERS.SPECSNAB,
        comment: 'Почтовый тест, правка',
        delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: tomorrow(), cost: 0, bill_to: '' },
        position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, 3, 1500)] }],
        position_presail: [],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.mail.runOnce();
    const subject = `Заказ № ${id} изменён`;
    expect(subjects('demo@example.ru').filter((s) => s === subject)).toHaveLength(1);
    expect(smtp.to('demo@example.ru').find((m) => m.subject === subject)!.text).toContain('— 3 шт.');
    for (const nobody of ['off@example.ru', 'states@example.ru', MANAGER, 'new-address@example.ru']) {
      expect(subjects(nobody).filter((s) => s === subject)).toEqual([]);
    }
  });

  it('mails a claim received and its status change from the ERP to users with order.email.states on', async () => {
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/user/claims/add',
      headers: { ...demo, 'content-type': 'multipart/form-data; boundary=X' },
      payload: [
        ['partner_guid', DEMO_PARTNERS.SPECSNAB],
        ['message', 'Разошёлся шов на рукаве.'],
      ]
        .map(([name, value]) => `--X\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + '--X--\r\n',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const claimId = filed.json().response.id as number;
    await t.app.mail.runOnce();
    const guid = (await t.app.db.execute<{ guid: string }>(sql`select guid from claims where id = ${claimId}`)) as unknown as { rows: Array<{ guid: string }> };
    const erp = await t.app.inject({
      method: 'POST',
      url: '/api/integration/claims',
      headers: { 'x-api-key': KEY },
      payload: [{ guid: guid.rows[0]!.guid, bitrix_id: 9901, status: 'review', comment: 'Передана в ОТК' }],
    });
    expect(erp.json().response.applied).toBe(1);
    await t.app.mail.runOnce();
    for (const address of ['demo@example.ru', 'states@example.ru']) {
      expect(subjects(address).filter((s) => s?.startsWith('Рекламация'))).toEqual([`Рекламация № ${claimId} получена`, expect.stringMatching(/^Рекламация № 9901: /)]);
    }
    expect(smtp.to('states@example.ru').find((m) => m.subject?.startsWith('Рекламация № 9901'))!.text).toContain('Комментарий: Передана в ОТК');
    expect(subjects('off@example.ru')).toEqual([]);
  });
});

describe('delivery', () => {
  it('keeps a message while the SMTP server is down and delivers it once when it is back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await smtp.stop();
    const id = await placeOrder();
    // The clock stands still from here; a second on, the new messages are due.
    vi.setSystemTime(Date.now() + 1000);
    const down = await t.app.mail.runOnce();
    expect(down.retried).toBe(4);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, MANAGER)).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();

    await smtp.start();
    // Not before its back-off is over …
    expect((await t.app.mail.runOnce()).sent).toBe(0);
    vi.setSystemTime(Date.now() + 31_000);
    // … then delivered, once.
    expect((await t.app.mail.runOnce()).sent).toBe(4);
    expect(subjects(MANAGER).filter((s) => s === `Заказ № ${id} принят`)).toHaveLength(1);
    expect((await t.app.mail.runOnce()).sent).toBe(0);
  });

  it('marks a message failed with the reason after its last try', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await smtp.stop();
    try {
      await placeOrder();
      for (let attempt = 0; attempt < 8; attempt++) {
        vi.setSystemTime(Date.now() + 3600_000);
        await t.app.mail.runOnce();
      }
      const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, MANAGER)).orderBy(sql`${mailOutbox.id} desc`).limit(1);
      expect(row).toMatchObject({ status: 'failed', attempts: 8 });
      expect(row!.lastError).toMatch(/^Не отправлено \(попыток: 8\): .*ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
  });

  it('deletes settled messages older than MAIL_KEEP_DAYS, and keeps newer ones and those still to send', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // An hour and more since the sender last looked for old messages.
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const old = new Date(Date.now() - (t.app.config.MAIL_KEEP_DAYS + 1) * 86_400_000);
    const message = (dedupeKey: string, status: string, createdAt: Date) =>
      ({ dedupeKey, toAddress: 'archive@example.ru', subject: 'Старое письмо', html: '<p>x</p>', text: 'x', status, createdAt, nextAttemptAt: new Date(Date.now() + 86_400_000) });
    await t.app.db.insert(mailOutbox).values([
      message('purge-old-sent', 'sent', old),
      message('purge-old-failed', 'failed', old),
      message('purge-old-pending', 'pending', old),
      message('purge-new-sent', 'sent', new Date()),
    ]);
    const report = await t.app.mail.runOnce();
    expect(report.purged).toBe(2);
    const left = await t.app.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(sql`${mailOutbox.dedupeKey} like 'purge-%'`);
    expect(left.map((row) => row.key).sort()).toEqual(['purge-new-sent', 'purge-old-pending']);
    // Within the hour the sender does not look again.
    expect((await t.app.mail.runOnce()).purged).toBe(0);
  });

  it('does not send again a message whose sender died mid-send, and records why', async () => {
    await t.app.db.insert(mailOutbox).values({
      dedupeKey: 'interrupted-test',
      toAddress: 'interrupted@example.ru',
      subject: 'Прерванное письмо',
      html: '<p>x</p>',
      text: 'x',
      status: 'sending',
      attempts: 1,
      leaseUntil: new Date(Date.now() - 1000),
    });
    const report = await t.app.mail.runOnce();
    expect(report.failed).toBe(1);
    expect(smtp.to('interrupted@example.ru')).toEqual([]);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'interrupted-test'));
    expect(row!.status).toBe('failed');
    expect(row!.lastError).toContain('не отправляется повторно');
  });
});
