import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCounter } from '../../../src/modules/auth/auth.repository';
import { counterKey, SIGN_IN_LIMITS } from '../../../src/modules/auth/auth.service';
import { createTestApp, signInAs, signInRequest, statementsDuring, type TestApp } from '../../support/helper';

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
    const { users } = await import('../../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.app.db.update(users).set({ staff: true }).where(eq(users.login, 'demo2'));
    const response = await t.app.inject(signInRequest('demo2'));
    expect(response.json().response.src).toBe('https://tools.example.ru/');
    await t.app.db.update(users).set({ staff: false }).where(eq(users.login, 'demo2'));
  });

  it('checks at most the limit of 200 parallel wrong guesses from one address; the rest get 429 unchecked', async () => {
    const remoteAddress = '198.51.100.10';
    const wave = await Promise.all(
      Array.from({ length: 200 }, () => t.app.inject({ ...signInRequest('demo2', 'wrong'), remoteAddress })),
    );
    const statuses = wave.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.loginAtAddress.attempts);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - SIGN_IN_LIMITS.loginAtAddress.attempts);
    const refused = wave.find((response) => response.statusCode === 429)!.json();
    expect(refused.error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.error.message).toMatch(/Подождите 15 минут/);
    // The right password from that address is refused too: a guess cannot be confirmed by a success.
    expect((await t.app.inject({ ...signInRequest('demo2'), remoteAddress })).statusCode).toBe(429);
  });

  it('lets the right password in from another address while one address is blocked', async () => {
    const blockedAddress = '198.51.100.20';
    for (let i = 0; i < SIGN_IN_LIMITS.loginAtAddress.attempts; i++) {
      expect((await t.app.inject({ ...signInRequest('demo', 'wrong'), remoteAddress: blockedAddress })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ ...signInRequest('demo', 'wrong'), remoteAddress: blockedAddress })).statusCode).toBe(429);
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress: '198.51.100.21' })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, nor let them erase the failures', async () => {
    const remoteAddress = '198.51.100.30';
    for (let i = 0; i < SIGN_IN_LIMITS.loginAtAddress.attempts - 1; i++) {
      expect((await t.app.inject({ ...signInRequest('demo', 'wrong'), remoteAddress })).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ ...signInRequest('demo', 'wrong'), remoteAddress })).statusCode).toBe(401);
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress })).statusCode).toBe(429);
  });

  it('limits one address across logins, with room for an office', async () => {
    const remoteAddress = '198.51.100.40';
    for (let i = 0; i < SIGN_IN_LIMITS.address.attempts; i++) {
      expect((await t.app.inject({ ...signInRequest(`guess-${i % 20}`, 'x'), remoteAddress })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress })).statusCode).toBe(429);
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress: '198.51.100.41' })).statusCode).toBe(200);
  });

  it('stops a login at its hourly ceiling from new addresses, but not at an address it signed in from', async () => {
    const office = '198.51.100.50';
    expect((await t.app.inject({ ...signInRequest('demo', 'demo1234'), remoteAddress: office })).statusCode).toBe(200);
    // The ceiling reached by guesses from many addresses (counted as the statement above does).
    await setCounter(t.app.db, {
      key: counterKey('login', 'demo', ''),
      attempts: SIGN_IN_LIMITS.login.attempts,
      resetsAt: new Date(Date.now() + SIGN_IN_LIMITS.login.windowMs),
    });
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress: '198.51.100.51' })).statusCode).toBe(429);
    expect((await t.app.inject({ ...signInRequest('demo'), remoteAddress: office })).statusCode).toBe(200);
    await setCounter(t.app.db, { key: counterKey('login', 'demo', ''), attempts: 0, resetsAt: new Date() });
  });

  it('refuses a login with control characters with 400, not 500', async () => {
    const response = await t.app.inject(signInRequest('de\u0000mo', 'x'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Логин содержит недопустимые символы/);
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

  it('looks up the sessions of requests that arrive together in one statement, each answered for its own token', async () => {
    const demo = await signInAs(t.app, 'demo');
    const demo2 = await signInAs(t.app, 'demo2');
    const ended = await signInAs(t.app, 'demo2');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ended })).statusCode).toBe(200);
    let answers: Awaited<ReturnType<typeof t.app.inject>>[] = [];
    const statements = await statementsDuring(t.app, async () => {
      answers = await Promise.all(
        [demo, demo2, ended, demo, { authorization: 'Bearer not-a-real-token' }].map((headers) => t.app.inject({ url: '/api/auth/me', headers })),
      );
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200, 401]);
    expect(answers.slice(0, 2).map((answer) => answer.json().response.login)).toEqual(['demo', 'demo2']);
    expect(statements.filter(({ text }) => /from sessions s join users/.test(text))).toHaveLength(1);
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
