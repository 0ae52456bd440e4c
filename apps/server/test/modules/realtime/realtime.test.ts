import { DEMO_PARTNERS } from '../../../src/seed/people';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { partners } from '../../../src/db/schema';
import { notifyPartner } from '../../../src/modules/notifications/notifications.service';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { openSignedInSocket, openSocket, tokenOf, type TestSocket } from '../../support/realtime-client';

let t: TestApp;
let baseUrl: string;
let demo: { authorization: string };
let demo2: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://dealers.example.ru' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

const partnerId = async (uid: string) =>
  (await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)))[0]!.id;

describe('realtime socket: signing in', () => {
  it('closes a socket that sends no token within the time allowed, and not a signed-in one', async () => {
    // The server's timers run on a fake clock (setTimeout only: sockets, the database and the event loop stay real),
    // so the time allowed is exact whatever the machine's load.
    const { authTimeoutMs } = t.app.realtime.settings;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const signedIn = await openSignedInSocket(baseUrl, demo.authorization);
      const silent = await openSocket(baseUrl);
      await vi.advanceTimersByTimeAsync(authTimeoutMs - 1);
      await roundTrip(signedIn);
      expect(silent.ws.readyState).toBe(silent.ws.OPEN);
      await vi.advanceTimersByTimeAsync(1);
      expect((await silent.closed).code).toBe(4401);
      // The signed-in socket's own timer (armed earlier) was due too: it was cleared by the token.
      await roundTrip(signedIn);
      signedIn.ws.close();
      await signedIn.closed;
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes a socket that sends a bad token, and never puts it in a room', async () => {
    const socket = await openSocket(baseUrl);
    socket.send({ token: 'not-a-real-token' });
    expect((await socket.closed).code).toBe(4401);
    expect(socket.frames.find((frame) => frame.action === 'ready')).toBeUndefined();
  });

  it("closes a socket whose token belongs to a signed-out session", async () => {
    // The token of a signed-out session is no longer valid either.
    const fresh = await signInAs(t.app, 'demo');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: fresh });
    const socket = await openSocket(baseUrl);
    socket.send({ token: tokenOf(fresh) });
    expect((await socket.closed).code).toBe(4401);
  });

  it('binds a socket with a valid token to its user and answers the heartbeat', async () => {
    const socket = await openSignedInSocket(baseUrl, demo.authorization);
    expect(socket.frames[0]).toEqual({ namespace: 'session', action: 'ready', payload: { login: 'demo' } });
    const user = await t.app.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.login, 'demo') });
    expect(t.app.realtime.socketsOf(user!.id)).toBe(1);
    socket.send({ action: 'ping' });
    await socket.next((frame) => frame.action === 'pong');
    socket.ws.close();
    await socket.closed;
    await expect.poll(() => t.app.realtime.socketsOf(user!.id)).toBe(0);
  });
});

describe('realtime socket: origin', () => {
  it('refuses a page of another site', async () => {
    await expect(openSocket(baseUrl, { origin: 'https://evil.example.com' })).rejects.toThrow('HTTP 403');
    // The portal's own host over another scheme is another origin: here the portal is plain HTTP.
    await expect(openSocket(baseUrl, { origin: baseUrl.replace(/^http:/, 'https:') })).rejects.toThrow('HTTP 403');
  });

  it('accepts the same host and the allowed origins', async () => {
    const sameHost = await openSocket(baseUrl, { origin: baseUrl });
    const allowed = await openSocket(baseUrl, { origin: 'https://dealers.example.ru' });
    sameHost.ws.close();
    allowed.ws.close();
    await Promise.all([sameHost.closed, allowed.closed]);
  });
});

describe('realtime socket: heartbeat', () => {
  it('drops a socket silent for three heartbeats and keeps one that pings', async () => {
    // On a fake clock (see above): each ping is answered before the clock moves on, so only silence counts.
    const { heartbeatMs } = t.app.realtime.settings;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const silent = await openSignedInSocket(baseUrl, demo.authorization);
      const alive = await openSignedInSocket(baseUrl, demo.authorization);
      // Three heartbeats less 3 ms: the silent socket is still open, the other pinged each time.
      for (let beat = 0; beat < 3; beat++) {
        await vi.advanceTimersByTimeAsync(heartbeatMs - 1);
        await roundTrip(alive);
      }
      expect(silent.ws.readyState).toBe(silent.ws.OPEN);
      await vi.advanceTimersByTimeAsync(3);
      expect((await silent.closed).code).toBe(4408);
      // The pinging one outlives the silent one's three heartbeats, and two more.
      await vi.advanceTimersByTimeAsync(heartbeatMs - 1);
      await roundTrip(alive);
      await vi.advanceTimersByTimeAsync(heartbeatMs - 1);
      await roundTrip(alive);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      alive.ws.close();
      await alive.closed;
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A ping answered: the server has handled everything this socket sent before it. */
async function roundTrip(socket: TestSocket) {
  const answered = socket.frames.filter((frame) => frame.action === 'pong').length;
  socket.send({ action: 'ping' });
  await socket.next((frame) => frame.action === 'pong' && socket.frames.filter((f) => f.action === 'pong').length > answered);
}

describe('realtime delivery', () => {
  it("delivers a company's event to its users only: demo2 gets nothing of demo's", async () => {
    const demoSocket = await openSignedInSocket(baseUrl, demo.authorization);
    const demo2Socket = await openSignedInSocket(baseUrl, demo2.authorization);
    await notifyPartner(t.app, await partnerId(DEMO_PARTNERS.SPECSNAB), {
      type: 'popup',
      event: 'manager_message',
      message: 'Проверка доставки',
      refresh: { namespace: 'orders', ids: [10001] },
    });
    const added = await demoSocket.next((frame) => frame.mutation === 'add');
    expect(added).toMatchObject({ namespace: 'notifications', payload: { message: 'Проверка доставки', type: 'popup', readPopup: false } });
    await demoSocket.next((frame) => frame.namespace === 'orders' && frame.action === 'refresh');
    // demo2 hears its own events (a ping answered proves the socket works) but none of demo's.
    demo2Socket.send({ action: 'ping' });
    await demo2Socket.next((frame) => frame.action === 'pong');
    expect(demo2Socket.frames.filter((frame) => frame.namespace === 'notifications' || frame.namespace === 'orders')).toEqual([]);
    demoSocket.ws.close();
    demo2Socket.ws.close();
    await Promise.all([demoSocket.closed, demo2Socket.closed]);
  });
});

describe('notifications kept on the server', () => {
  it('lists, marks read as popup, removes one and clears all, echoing each change to the other devices', async () => {
    const petrov = await partnerId(DEMO_PARTNERS.PETROV);
    await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo });
    const [first] = await notifyPartner(t.app, petrov, { type: 'popup', event: 'bill_ready', message: 'Счёт готов' });
    await notifyPartner(t.app, petrov, { type: 'notification', event: 'documents_ready', message: 'Документы готовы' });

    const list = (await t.app.inject({ url: '/api/notifications', headers: demo })).json().response;
    expect(list.map((m: { message: string }) => m.message)).toEqual(['Документы готовы', 'Счёт готов']);
    expect(list[1]).toMatchObject({ type: 'popup', readPopup: false, event: 'bill_ready' });
    expect(typeof list[1].time).toBe('number');

    const otherDevice = await openSignedInSocket(baseUrl, demo.authorization);
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${first!.id}/read`, headers: demo });
    expect(read.statusCode).toBe(200);
    await otherDevice.next((frame) => frame.mutation === 'markRead');
    const afterRead = (await t.app.inject({ url: '/api/notifications', headers: demo })).json().response;
    expect(afterRead.find((m: { id: number }) => m.id === first!.id).readPopup).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${first!.id}`, headers: demo });
    expect(removed.statusCode).toBe(200);
    await otherDevice.next((frame) => frame.mutation === 'remove');
    expect((await t.app.inject({ url: '/api/notifications', headers: demo })).json().response).toHaveLength(1);

    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo });
    expect(cleared.json().response.removed).toBe(1);
    await otherDevice.next((frame) => frame.mutation === 'clear');
    expect((await t.app.inject({ url: '/api/notifications', headers: demo })).json().response).toEqual([]);
    otherDevice.ws.close();
    await otherDevice.closed;
  });

  it("refuses demo2 demo's notifications: not listed, not readable, not removable", async () => {
    const [message] = await notifyPartner(t.app, await partnerId(DEMO_PARTNERS.SPECSNAB), {
      type: 'notification',
      event: 'manager_message',
      message: 'Только для СпецСнаба',
    });
    const theirs = (await t.app.inject({ url: '/api/notifications', headers: demo2 })).json().response;
    expect(theirs.find((m: { message: string }) => m.message === 'Только для СпецСнаба')).toBeUndefined();
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${message!.id}/read`, headers: demo2 });
    expect(read.statusCode).toBe(404);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${message!.id}`, headers: demo2 });
    expect(remove.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: demo2 });
    const mine = (await t.app.inject({ url: '/api/notifications', headers: demo })).json().response;
    expect(mine.find((m: { id: number }) => m.id === message!.id)).toMatchObject({ readPopup: false });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
