import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FAILURES } from '../src/modules/auth/auth.service';
import { createTestApp, signInAs, signInRequest, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_TOOLS_URL: 'https://tools.example.ru/' });
});
afterAll(() => t.close());

describe('POST /api/auth', () => {
  it('answers a token for the right credentials, and the token opens protected routes', async () => {
    const response = await t.app.inject(signInRequest('demo'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.error).toBeNull();
    expect(body.response.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.response.src).toBeUndefined();

    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.response.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().response.login).toBe('demo');
  });

  it('gives one message for an unknown login and a wrong password', async () => {
    const unknown = await t.app.inject(signInRequest('nobody-here', 'whatever'));
    const wrong = await t.app.inject(signInRequest('demo2', 'wrong-password'));
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: { code: 'WRONG_CREDENTIALS', message: 'Неверный логин или пароль.' }, response: null });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses a blocked user with 403 BLOCKED', async () => {
    const response = await t.app.inject(signInRequest('blocked'));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('BLOCKED');
    expect(response.json().error.message).toMatch(/заблокирован/);
  });

  it('refuses a timestamp more than 5 minutes away from the server clock', async () => {
    const stale = await t.app.inject(signInRequest('demo', undefined, undefined, Date.now() - 6 * 60 * 1000));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toMatch(/5 минут/);
    const ahead = await t.app.inject(signInRequest('demo', undefined, undefined, Date.now() + 6 * 60 * 1000));
    expect(ahead.statusCode).toBe(400);
    const withinSkew = await t.app.inject(signInRequest('demo', undefined, undefined, Date.now() - 4 * 60 * 1000));
    expect(withinSkew.statusCode).toBe(200);
  });

  it('refuses a hash made with another salt', async () => {
    const response = await t.app.inject(signInRequest('demo', undefined, 'another-salt'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/подписан неверно/);
  });

  it('answers 400 for malformed requests', async () => {
    const noHeader = await t.app.inject({ ...signInRequest('demo'), headers: {} });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.message).toMatch(/Authorization: Basic/);

    const noBody = await t.app.inject({ ...signInRequest('demo'), payload: { timestamp: 'soon' } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.code).toBe('VALIDATION');

    const notJson = await t.app.inject({
      ...signInRequest('demo'),
      payload: '{not json',
      headers: { ...signInRequest('demo').headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().response).toBeNull();
  });

  it('answers src for staff users when INTERNAL_TOOLS_URL is set', async () => {
    const { users } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(users).set({ staff: true }).where(eq(users.login, 'demo2'));
    const response = await t.app.inject(signInRequest('demo2'));
    expect(response.json().response.src).toBe('https://tools.example.ru/');
    await t.app.db.update(users).set({ staff: false }).where(eq(users.login, 'demo2'));
  });

  it(`answers 429 after ${MAX_FAILURES} failed attempts for one login, even with the right password`, async () => {
    const attempt = (password: string) =>
      t.app.inject({ ...signInRequest('demo2', password), remoteAddress: `10.0.0.${Math.floor(Math.random() * 200) + 2}` });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt('demo1234');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_REQUESTS');
  });

  it(`answers 429 after ${MAX_FAILURES} failed attempts from one address, whatever the login`, async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await t.app.inject({ ...signInRequest(`guess-${i}`, 'x'), remoteAddress })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress })).statusCode).toBe(429);
    // Another address is not affected.
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress: '192.0.2.78' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 on protected routes without a token or with a bad one', async () => {
    for (const url of ['/api/partners', '/api/auth/me', '/api/managers?partnerId=x']) {
      const none = await t.app.inject({ url });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('UNAUTHORIZED');
      const bad = await t.app.inject({ url, headers: { authorization: 'Bearer not-a-real-token' } });
      expect(bad.statusCode).toBe(401);
    }
  });

  it('logout revokes the token', async () => {
    const headers = await signInAs(t.app, 'demo');
    expect((await t.app.inject({ url: '/api/partners', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/partners', headers })).statusCode).toBe(401);
  });

  it('expires sessions after SESSION_TTL', async () => {
    // The session's clock is the server's Date: a fake one moves exactly to the edge, whatever the machine's load.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const headers = await signInAs(t.app, 'demo');
      const signedInAt = Date.now();
      vi.setSystemTime(signedInAt + t.config.SESSION_TTL * 1000 - 1);
      expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
      vi.setSystemTime(signedInAt + t.config.SESSION_TTL * 1000 + 1);
      expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/', () => {
  it('answers the latest client version without a session', async () => {
    const response = await t.app.inject({ url: '/api/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: null, response: { last: '0.4.6' } });
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('API description', () => {
  it('serves the OpenAPI description at /api/docs without a session', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/api/auth');
  });
});
