/**
 * A session that ends closes its sockets at once — sign-out (that session's only), a new password and a block (all
 * of the user's) — and a socket that floods the server with messages is closed. Real ws clients; every step waits
 * for the event it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMIT } from '../../../src/modules/realtime/realtime.routes';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { openSignedInSocket, type TestSocket } from '../../support/realtime-client';

const KEY = 'integration-key-for-realtime-sessions';
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const integration = (kind: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/integration/${kind}`, headers: { 'x-api-key': KEY }, payload: payload as object });

/** The socket still answers: a ping sent now gets its own pong. */
async function stillAnswers(socket: TestSocket) {
  const pongsBefore = socket.frames.filter((frame) => frame.action === 'pong').length;
  socket.send({ action: 'ping' });
  await socket.next(() => socket.frames.filter((frame) => frame.action === 'pong').length > pongsBefore);
}

describe('ending a session closes its sockets at once', () => {
  it('sign-out closes the sockets of that session, and only those', async () => {
    const office = await signInAs(t.app, 'demo');
    const laptop = await signInAs(t.app, 'demo');
    const officeSocket = await openSignedInSocket(baseUrl, office.authorization);
    const secondOfficeTab = await openSignedInSocket(baseUrl, office.authorization);
    const laptopSocket = await openSignedInSocket(baseUrl, laptop.authorization);
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: office })).statusCode).toBe(200);
      expect(await officeSocket.closed).toEqual({ code: 4401, reason: 'signed out' });
      expect(await secondOfficeTab.closed).toEqual({ code: 4401, reason: 'signed out' });
      await stillAnswers(laptopSocket);
    } finally {
      laptopSocket.ws.close();
    }
  });

  it('a new password closes every socket of the user', async () => {
    await integration('users', [{ login: 'rt-user', password: 'first-pass-1', name: 'Пётр' }]);
    const socket = await openSignedInSocket(baseUrl, (await signInAs(t.app, 'rt-user', 'first-pass-1')).authorization);
    expect((await integration('users', [{ login: 'rt-user', password: 'second-pass-2' }])).json().response.applied).toBe(1);
    expect((await socket.closed).code).toBe(4401);
  });

  it('a block closes every socket of the user', async () => {
    const socket = await openSignedInSocket(baseUrl, (await signInAs(t.app, 'rt-user', 'second-pass-2')).authorization);
    expect((await integration('users', [{ login: 'rt-user', blocked: true }])).json().response.applied).toBe(1);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'blocked' });
  });
});

describe('message rate limit', () => {
  it(`closes a socket that sends more than ${MESSAGE_LIMIT} messages in its window, answering none beyond the limit`, async () => {
    const socket = await openSignedInSocket(baseUrl, (await signInAs(t.app, 'demo2')).authorization);
    for (let i = 0; i < MESSAGE_LIMIT * 20; i++) socket.send({ action: 'ping' });
    expect(await socket.closed).toEqual({ code: 1008, reason: 'too many messages' });
    expect(socket.frames.filter((frame) => frame.action === 'pong').length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    // Other sockets are untouched.
    const other = await openSignedInSocket(baseUrl, (await signInAs(t.app, 'demo2')).authorization);
    try {
      await stillAnswers(other);
    } finally {
      other.ws.close();
    }
  });
});
