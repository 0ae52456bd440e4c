/**
 * The bell's unread count and the read marks: counted by the server, changed by opening a message or «Отметить все
 * прочитанными», pushed to every device of the user and to no one else; and the old rows' links backfilled.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, partners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { notifyPartner } from '../../../src/modules/notifications/notifications.service';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { heardAllPublished, openSignedInSocket, type TestSocket } from '../../support/realtime-client';

let t: TestApp;
let baseUrl: string;
let demo: { authorization: string };
let demo2: { authorization: string };
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.close();
  await Promise.all(sockets.map((socket) => socket.closed));
  await t.close();
});
beforeEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo });
  await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo2 });
});

const partnerId = async (uid: string) => (await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)))[0]!.id;
const unread = async (headers: { authorization: string }) => (await t.app.inject({ url: '/api/notifications/unread', headers })).json().response.unread;
const list = async (headers: { authorization: string }) => (await t.app.inject({ url: '/api/notifications', headers })).json().response;
const open = (id: number, headers: { authorization: string }) => t.app.inject({ method: 'POST', url: `/api/notifications/${id}/open`, headers });

/** Whose device each socket is. */
const userOf = new WeakMap<TestSocket, number>();

async function device(login: 'demo' | 'demo2', headers: { authorization: string }) {
  const socket = await openSignedInSocket(baseUrl, headers.authorization);
  sockets.push(socket);
  userOf.set(socket, (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id);
  return socket;
}

/** The last unread count the socket was told, after everything the server published before this call. */
async function lastUnread(socket: TestSocket) {
  await heardAllPublished(t.app.realtime, userOf.get(socket)!, socket);
  const counts = socket.frames.filter((frame) => frame.namespace === 'notifications' && frame.mutation === 'unread');
  return (counts.at(-1)?.payload as { unread: number } | undefined)?.unread;
}

describe('the bell counts unread notifications', () => {
  it('counts new ones, one less for each opened, none after «Отметить все прочитанными», on every device', async () => {
    const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
    const otherDevice = await device('demo', demo);
    expect(await unread(demo)).toBe(0);

    await notifyPartner(t.app, specsnab, { type: 'popup', event: 'check_status', message: 'Заказ № 1: Отгружен', link: '/orders/1' });
    // Each of СпецСнаб's people gets a message, in no set order: demo's own is the one their bar lists.
    const [first] = await list(demo);
    await notifyPartner(t.app, specsnab, { type: 'notification', event: 'documents_ready', message: 'Заказ № 1: УПД', link: '/orders/1' });
    await notifyPartner(t.app, specsnab, { type: 'notification', event: 'manager_message', message: 'Поступили костюмы' });
    expect(await unread(demo)).toBe(3);
    expect(await lastUnread(otherDevice)).toBe(3);
    expect((await list(demo)).map((message: { readAt: number | null }) => message.readAt)).toEqual([null, null, null]);

    const opened = await open(first!.id, demo);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().response).toEqual({ unread: 2 });
    const read = await otherDevice.next((frame) => frame.mutation === 'read');
    expect(read.payload).toMatchObject({ ids: [first!.id] });
    expect(await lastUnread(otherDevice)).toBe(2);
    const readAt = (await list(demo)).find((message: { id: number }) => message.id === first!.id).readAt;
    expect(readAt).toBe((read.payload as { readAt: number }).readAt);
    // The popup state is its own: opening does not say the popup was shown, and it stays in the bar.
    expect((await list(demo)).find((message: { id: number }) => message.id === first!.id)).toMatchObject({ readPopup: false });

    // Opening it again changes nothing and tells no device anything new.
    const readFrames = otherDevice.frames.filter((frame) => frame.mutation === 'read').length;
    expect((await open(first!.id, demo)).json().response).toEqual({ unread: 2 });
    expect(await lastUnread(otherDevice)).toBe(2);
    expect(otherDevice.frames.filter((frame) => frame.mutation === 'read')).toHaveLength(readFrames);

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: demo });
    expect(all.json().response).toEqual({ unread: 0 });
    await otherDevice.next((frame) => frame.mutation === 'read' && (frame.payload as { ids: unknown }).ids === null);
    expect(await lastUnread(otherDevice)).toBe(0);
    expect((await list(demo)).every((message: { readAt: number | null }) => typeof message.readAt === 'number')).toBe(true);
    // Read is not removed: the bar still lists them.
    expect(await list(demo)).toHaveLength(3);

    await notifyPartner(t.app, specsnab, { type: 'notification', event: 'manager_message', message: 'Ещё одно' });
    expect(await unread(demo)).toBe(1);
    expect(await lastUnread(otherDevice)).toBe(1);
  });

  it('counts one less when an unread one is removed, and none after clearing', async () => {
    const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
    const otherDevice = await device('demo', demo);
    const [first] = await notifyPartner(t.app, specsnab, { type: 'notification', event: 'manager_message', message: 'Первое' });
    await notifyPartner(t.app, specsnab, { type: 'notification', event: 'manager_message', message: 'Второе' });
    await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first!.id}`, headers: demo });
    expect(await unread(demo)).toBe(1);
    expect(await lastUnread(otherDevice)).toBe(1);
    await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo });
    expect(await unread(demo)).toBe(0);
    expect(await lastUnread(otherDevice)).toBe(0);
  });

  it("leaves another user's notifications and count untouched", async () => {
    const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
    const technoshield = await partnerId(DEMO_PARTNERS.TECHNOSHIELD);
    const demo2Device = await device('demo2', demo2);
    await notifyPartner(t.app, specsnab, { type: 'notification', event: 'manager_message', message: 'Для СпецСнаба' });
    await notifyPartner(t.app, technoshield, { type: 'notification', event: 'manager_message', message: 'Для Техношита' });
    expect(await unread(demo)).toBe(1);
    // СпецСнаб has several people (demo, buyer, accountant), each given a message in no set order: take demo's own.
    const [demosMessage] = await list(demo);
    expect(demosMessage).toMatchObject({ message: 'Для СпецСнаба' });
    expect(await unread(demo2)).toBe(1);

    // demo2 can neither open demo's message nor read it by «all».
    const refused = await open(demosMessage!.id, demo2);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toMatch(/Уведомление не найдено/);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: demo2 })).json().response).toEqual({ unread: 0 });
    expect(await unread(demo)).toBe(1);
    expect((await list(demo))[0]).toMatchObject({ id: demosMessage!.id, readAt: null });

    // demo opening theirs tells demo2's devices nothing (counted from when demo2's own «all» has reached them).
    await heardAllPublished(t.app.realtime, userOf.get(demo2Device)!, demo2Device);
    const before = demo2Device.frames.length;
    await open(demosMessage!.id, demo);
    expect(await lastUnread(demo2Device)).toBe(0);
    expect(demo2Device.frames.slice(before).filter((frame) => frame.mutation === 'read')).toEqual([]);
  });

  it('answers a bad id in Russian and needs a session', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/abc/open', headers: demo });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/номер уведомления/);
    expect((await t.app.inject({ url: '/api/notifications/unread' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });
});

describe('migration 0021: old notifications of an order open its page', () => {
  it('sets /orders/<number> from the data of order events, and leaves shipments, claims and messages alone', async () => {
    const [demoUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
    const old = (event: string, link: string | null, data: Record<string, unknown> | null) => ({
      userId: demoUser!.id,
      type: 'notification',
      message: `старое: ${event}`,
      event,
      link,
      data,
    });
    const rows = await t.app.db
      .insert(notifications)
      .values([
        old('check_status', '/orders', { order: 10042, check: 'g', status: 3 }),
        old('order_created', '/orders', { order: 10043 }),
        old('shipment_status', '/shipments', { bitrix_id: 5001, status: 'shipped' }),
        old('claim_status', '/claims', { bitrix_id: 7001, status: 'new' }),
        old('manager_message', null, null),
      ])
      .returning({ id: notifications.id });
    const migration = readFileSync(new URL('../../../src/db/migrations/0021_notifications_read.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!;
    await t.app.db.execute(sql.raw(backfill));
    const links = await t.app.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(sql`${notifications.id} in ${rows.map((row) => row.id)}`)
      .orderBy(notifications.id);
    expect(links.map((row) => row.link)).toEqual(['/orders/10042', '/orders/10043', '/shipments', '/claims', null]);
  });
});
