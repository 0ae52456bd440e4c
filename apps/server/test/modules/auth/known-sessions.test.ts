/**
 * On the embedded database the sessions already checked are kept in memory (auth.service's KnownSessions): a
 * signed-in request then costs the engine no statement for its session. Every way a session ends or changes must
 * take effect on the very next request all the same — each is tried here right after the session was used (so it
 * was kept). On PostgreSQL nothing is kept; the same revocations hold there too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { priceTypes, sessions, storages, userPartners, users } from '../../../src/db/schema';
import { authenticate } from '../../../src/modules/auth';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../../../src/seed/people';
import { createTestApp, signInAs, statementsDuring, type TestApp } from '../../support/helper';

let t: TestApp;
const KEY = 'integration-key-for-known-sessions-0123456789';

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });
const tokenOf = (headers: Record<string, string>) => headers.authorization!.slice('Bearer '.length);
const userId = async (login: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;

/** Signs in and uses the session once, so that it is kept where sessions are kept. */
async function usedSession(login: string, password = DEMO_PASSWORD) {
  const headers = await signInAs(t.app, login, password);
  expect((await me(headers)).statusCode).toBe(200);
  return headers;
}

describe('sessions kept in memory on the embedded database', () => {
  it('a used session costs no statement on its next request (embedded); one on PostgreSQL', async () => {
    const headers = await usedSession('demo2');
    const statements = await statementsDuring(t.app, async () => {
      expect((await t.app.inject({ url: '/api/partners', headers })).statusCode).toBe(200);
    });
    const sessionStatements = statements.filter((s) => /from sessions s join users u/.test(s.text));
    expect(sessionStatements).toHaveLength(t.app.database.kind === 'pglite' ? 0 : 1);
  });

  it('sign-out refuses the very next request', async () => {
    const headers = await usedSession('demo2');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it("a company administrator's block refuses the blocked person's very next request, and unblocking lets a new sign-in in", async () => {
    const admin = await signInAs(t.app, 'demo');
    const buyer = await usedSession('buyer');
    const team = `/api/partners/${DEMO_PARTNERS.SPECSNAB}/team`;
    const buyerId = await userId('buyer');
    const blocked = await t.app.inject({ method: 'PATCH', url: `${team}/${buyerId}`, headers: admin, payload: { blocked: true } });
    expect(blocked.statusCode).toBe(200);
    expect((await me(buyer)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: `${team}/${buyerId}`, headers: admin, payload: { blocked: false } })).statusCode).toBe(200);
    expect((await me(await signInAs(t.app, 'buyer'))).statusCode).toBe(200);
  });

  it("the ERP's block of a person refuses their very next request", async () => {
    const headers = await usedSession('demo2');
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/integration/users', headers: { 'x-api-key': KEY }, payload });
    expect((await send([{ login: 'demo2', blocked: true }])).json().response.applied).toBe(1);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await send([{ login: 'demo2', blocked: false }])).json().response.applied).toBe(1);
  });

  it("a password change ends the person's other sessions on their very next request, and keeps the one that changed it", async () => {
    const other = await usedSession('accountant');
    const changer = await usedSession('accountant');
    const secret = 'Another-pass-2026!';
    const changed = await t.app.inject({ method: 'POST', url: '/api/user/password', headers: changer, payload: { current: DEMO_PASSWORD, password: secret } });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(changer)).statusCode).toBe(200);
    const back = await t.app.inject({ method: 'POST', url: '/api/user/password', headers: changer, payload: { current: secret, password: DEMO_PASSWORD } });
    expect(back.statusCode).toBe(200);
  });

  it('a session ended or its user blocked by any statement of this process is refused next (no route needed)', async () => {
    const ended = await usedSession('demo2');
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, (await authenticate(t.app.db, tokenOf(ended)))!.tokenHash));
    expect((await me(ended)).statusCode).toBe(401);

    const headers = await usedSession('demo2');
    await t.app.db.update(users).set({ blocked: true }).where(eq(users.login, 'demo2'));
    try {
      expect((await me(headers)).statusCode).toBe(401);
    } finally {
      await t.app.db.update(users).set({ blocked: false }).where(eq(users.login, 'demo2'));
    }
    expect((await me(headers)).statusCode).toBe(200);
  });

  it("the price types and companies a session carries follow a change of the user's contracts or a link blocked, on the next request", async () => {
    const headers = await usedSession('demo');
    const before = (await authenticate(t.app.db, tokenOf(headers)))!.priceTypes;
    const [link] = await t.app.db.select().from(userPartners).where(eq(userPartners.userId, await userId('demo'))).limit(1);
    const [contract] = await t.app.db.select().from(storages).where(eq(storages.partnerId, link!.partnerId)).limit(1);
    const other = (await t.app.db.select().from(priceTypes)).find((type) => !before.includes(type.id));
    expect(other).toBeDefined();
    await t.app.db.update(storages).set({ priceType: other!.id }).where(eq(storages.id, contract!.id));
    try {
      expect((await authenticate(t.app.db, tokenOf(headers)))!.priceTypes).toContain(other!.id);
    } finally {
      await t.app.db.update(storages).set({ priceType: contract!.priceType }).where(eq(storages.id, contract!.id));
    }
    expect((await authenticate(t.app.db, tokenOf(headers)))!.priceTypes).toEqual(before);
    await t.app.db.update(userPartners).set({ blocked: true }).where(eq(userPartners.partnerId, link!.partnerId));
    try {
      const withoutCompany = (await authenticate(t.app.db, tokenOf(headers)))!;
      expect(withoutCompany.priceTypes.length).toBeLessThan(before.length);
      expect(withoutCompany.companies.map((company) => company.partnerId)).not.toContain(link!.partnerId);
    } finally {
      await t.app.db.update(userPartners).set({ blocked: false }).where(eq(userPartners.partnerId, link!.partnerId));
    }
    expect((await authenticate(t.app.db, tokenOf(headers)))!.priceTypes).toEqual(before);
  });

  it('an expired session is refused although it was kept', async () => {
    const headers = await usedSession('demo2');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (t.config.SESSION_TTL + 1) * 1000 });
    expect((await me(headers)).statusCode).toBe(401);
  });
});
