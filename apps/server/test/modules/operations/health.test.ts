/** Liveness, readiness (also while the database is unreachable or behind on migrations) and the metrics endpoint. */
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase, rawQuery } from '../../../src/db/client';
import { WRONG_KEYS_PER_WINDOW } from '../../../src/lib/failure-throttle';
import { createScratchDatabase, createTestApp, signInAs, type TestApp } from '../../support/helper';
import { insertProduct } from '../orders/fixtures';
import { orderPayload } from './fixtures';

const METRICS_TOKEN = 'metrics-token-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answer without a session and without internals', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('readiness fails while a migration of this build is missing from the database', async () => {
    const [last] = await rawQuery<{ id: number; hash: string; created_at: string }>(
      t.app.db,
      'select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    await rawQuery(t.app.db, 'delete from drizzle.__drizzle_migrations where id = $1', [last!.id]);
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      await rawQuery(t.app.db, 'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3::bigint)', [last!.id, last!.hash, last!.created_at]);
    }
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('readiness fails while the embedded database engine is gone; liveness still answers', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp(testConfig({ DATABASE_URL: '' }), { database, seed: false });
    try {
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      // A probe that carries a token (a copied curl line, a proxy adding one) gets the same answers: the session is not read.
      const authorization = 'Bearer some-stale-session-token';
      const readyWithToken = await app.inject({ url: '/api/ready', headers: { authorization } });
      expect(readyWithToken.statusCode).toBe(503);
      expect(readyWithToken.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/api/health', headers: { authorization } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  const postgresUrl = process.env.DATABASE_URL ?? process.env.CI_DATABASE_URL;
  it.skipIf(!postgresUrl)('readiness fails while PostgreSQL is unreachable and recovers when it is back (needs DATABASE_URL or CI_DATABASE_URL)', async () => {
    const scratch = await createScratchDatabase(postgresUrl!);
    const upstream = new URL(scratch.url);
    // A relay between the portal and PostgreSQL that the test can cut.
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(server).pipe(client);
    });
    relay.listen(0, '127.0.0.1');
    await once(relay, 'listening');
    const port = (relay.address() as net.AddressInfo).port;
    const viaRelay = new URL(scratch.url);
    viaRelay.host = `127.0.0.1:${port}`;
    const database = await openDatabase({ databaseUrl: viaRelay.toString(), dataDir: '' });
    const app = await buildApp(testConfig({ DATABASE_URL: viaRelay.toString() }), { database, seed: false });
    try {
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      relay.close();
      for (const socket of sockets) socket.destroy();
      const down = await app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      relay.listen(port, '127.0.0.1');
      await once(relay, 'listening');
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      relay.close();
      for (const socket of sockets) socket.destroy();
      await scratch.drop();
    }
  });
});

describe('metrics', () => {
  const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

  it('are off unless METRICS_TOKEN is configured', async () => {
    const app = await buildApp(testConfig({ METRICS_TOKEN: '' }), { database: t.app.database, seed: false });
    try {
      const response = await app.inject({ url: '/metrics', headers: bearer });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('portal_');
    } finally {
      await app.close();
    }
  });

  it('refuse a scraper without the token, or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer another-token-0123456789' }, { authorization: METRICS_TOKEN }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('portal_');
    }
  });

  it('throttle wrong tokens per address like the integration key: then even the right one is refused', async () => {
    const guesser = '203.0.113.9';
    for (let attempt = 0; attempt < WRONG_KEYS_PER_WINDOW; attempt++) {
      const response = await t.app.inject({ url: '/metrics', remoteAddress: guesser, headers: { authorization: `Bearer guess-${attempt}-0123456789` } });
      expect(response.statusCode).toBe(401);
    }
    const refused = await t.app.inject({ url: '/metrics', remoteAddress: guesser, headers: bearer });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Слишком много запросов метрик с неверным токеном/);
    expect(refused.body).not.toContain('portal_');
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '198.51.100.4', headers: bearer })).statusCode).toBe(200);
  });

  it('count requests and latencies per route pattern, orders placed and database connections', async () => {
    const demo = await signInAs(t.app, 'demo');
    const product = await insertProduct(t.app.db, { priceOpt: 1000, offers: [{ characteristic: 'M', residue: 10 }] });
    const order = { method: 'POST' as const, url: '/api/order/add', headers: { ...demo, 'idempotency-key': 'metrics-order-1' }, payload: await orderPayload(t.app, product, 1) };
    const placed = await t.app.inject(order);
    expect(placed.statusCode).toBe(200);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
    const id = placed.json().response.id as number;
    // The retry gets the same answer, says it is a replay, and is not counted as a second order.
    const retry = await t.app.inject(order);
    expect(retry.json().response.id).toBe(id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).statusCode).toBe(200);

    const response = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain('# TYPE portal_http_requests_total counter');
    expect(text).toContain('portal_http_requests_total{method="GET",route="/api/user/order/:id",status="200"} 3');
    expect(text).not.toContain(`/api/user/order/${id}"`);
    expect(text).toContain('portal_orders_placed_total 1');
    expect(text).toMatch(/^portal_db_pool_size \d+$/m);
    // The embedded engine's memory, its page cache included (PostgreSQL reports none: its memory is its server's).
    const engineMemory = /^portal_db_engine_memory_bytes (\d+)$/m.exec(text)?.[1];
    // The test database opens with PostgreSQL's default cache of 128 MB.
    if (t.app.database.kind === 'pglite') expect(Number(engineMemory)).toBeGreaterThan(128 * 2 ** 20);
    else expect(engineMemory).toBeUndefined();
    expect(text).toMatch(/^portal_db_pool_busy \d+$/m);
    expect(text).toMatch(/^portal_db_pool_waiting \d+$/m);

    // The histogram: cumulative buckets ending at +Inf, which equals the count.
    const series = '{method="GET",route="/api/user/order/:id"';
    const buckets = [...text.matchAll(/^portal_http_request_duration_seconds_bucket\{method="GET",route="\/api\/user\/order\/:id",le="([^"]+)"\} (\d+)$/gm)];
    expect(buckets.at(-1)![1]).toBe('+Inf');
    expect(Number(buckets.at(-1)![2])).toBe(3);
    const values = buckets.map((match) => Number(match[2]));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(text).toContain(`portal_http_request_duration_seconds_count${series}} 3`);
    expect(text).toMatch(new RegExp(`^portal_http_request_duration_seconds_sum\\{method="GET",route="/api/user/order/:id"\\} [0-9.e-]+$`, 'm'));
  });
});
