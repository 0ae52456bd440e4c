/**
 * Orders benchmark (`npm run bench:orders`): 200 concurrent clients order the same 10 scarce items (100 units each)
 * through the real HTTP server, some requests retried with the same Idempotency-Key (as after a lost answer).
 * The server runs in a child process (PGlite in memory, or a scratch PostgreSQL database when DATABASE_URL is set);
 * the clients run here. The same clients first send the same bodies to a bare Fastify route in the child — the
 * ceiling of HTTP and the load generator on this machine. Then it checks, from the database, that exactly 1,000
 * units were taken from stock, none went below zero and no order was duplicated, prints the invoice PDF of a
 * 50-line order repeatedly, and writes the results into docs/performance.md (its section for the database used).
 *
 * BENCH_SERVERS=2 (PostgreSQL only) starts a second server process on the same database; clients alternate between
 * the processes and a retry goes to the other one (idempotency across processes), and the bare baseline runs in both
 * children the same way. Its own section of docs/performance.md, to set beside the one-process run.
 * DATABASE_POOL_SIZE and ORDERS_AT_ONCE set those settings of each server process (config.ts's defaults if unset).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ms, percentile, runBenchmark, startServerChild, writeSection } from './shared';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const ORDERS_PER_CLIENT = Number(process.env.BENCH_ORDERS_PER_CLIENT ?? 5);
const ITEMS = 10;
const UNITS_PER_ITEM = 100;
/** Share of orders whose request is sent twice with the same key. */
const RETRY_SHARE = 0.2;
const INVOICE_RUNS = Number(process.env.BENCH_INVOICE_RUNS ?? 60);
/** Rounds of the whole load (stock put back between them): a shared 2-core machine varies by ±20 % from run to run. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const INVOICE_LINES = 50;
/** Server processes on one database (more than one: PostgreSQL only, as PGlite belongs to one process). */
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
/**
 * Settings of each server process when given (DATABASE_POOL_SIZE, ORDERS_AT_ONCE), to compare values; the server's
 * defaults otherwise (its configuration does not read the environment in tests).
 */
const SETTINGS = Object.fromEntries(
  (['DATABASE_POOL_SIZE', 'ORDERS_AT_ONCE'] as const).flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
);

interface Item {
  uid: string;
  guid: string;
  orgGuid: string;
  /** The unit prices the server charges the demo company (an order at other prices is refused: PRICES_CHANGED). */
  prices: { price: number; fullprice: number; discount: number };
}
interface Ready {
  kind: 'pglite' | 'postgres';
  /** The scratch PostgreSQL database, for further server processes. */
  databaseUrl?: string;
  portal: string;
  bare: string;
  auth: Record<string, string>;
  partnerUid: string;
  scarce: Item[];
  invoiceItems: Item[];
}
interface Checks {
  stored: number;
  taken: number;
  presale: number;
  residues: number[];
}


/** The bare baseline: the same requests, parsed and answered without the database. */
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  let sequence = 0;
  const bare = Fastify();
  bare.post('/api/order/add', async (request) => {
    const body = request.body as { position: unknown[] };
    sequence += 1;
    return { response: { id: sequence, message: `Заказ № ${sequence} принят (${body.position.length}).` } };
  });
  return { bare, url: await bare.listen({ port: 0, host: '127.0.0.1' }) };
}

// ---- child: a further server process on the first one's database (BENCH_SERVERS), and its bare Fastify ----
async function serveMore(databaseUrl: string) {
  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/config');
  const app = await buildApp(testConfig({ LOG_LEVEL: 'silent', SEED_PRODUCTS: '0', DATABASE_URL: databaseUrl, ...SETTINGS }), { seed: false });
  const portal = await app.listen({ port: 0, host: '127.0.0.1' });
  const { bare, url } = await bareServer();
  process.on('message', async (message: { close?: true }) => {
    if (!message.close) return;
    await bare.close();
    await app.close();
    process.exit(0);
  });
  process.send?.({ ready: { portal, bare: url } });
}

// ---- child: the portal server on a fresh database, and a bare Fastify ----
async function serve() {
  if (process.argv[3]) return serveMore(process.argv[3]);
  const { ORGANISATION } = await import('@portal/domain');
  const { inArray, sql } = await import('drizzle-orm');
  const { offers, orderLines, orders } = await import('../apps/server/src/db/schema');
  const { DEMO_PARTNERS } = await import('../apps/server/src/seed/people');
  const { createTestApp, signInAs } = await import('../apps/server/test/support/helper');
  const { insertProduct } = await import('../apps/server/test/modules/orders/fixtures');

  const t = await createTestApp({ LOG_LEVEL: 'silent', SEED_PRODUCTS: '0', ...SETTINGS });
  const db = t.app.db;
  const { atServerPrices } = await import('../apps/server/test/support/order-prices');
  const asItem = (product: Awaited<ReturnType<typeof insertProduct>>, index = 0): Item => ({
    uid: product.uid,
    guid: product.offers[index]!.guid,
    orgGuid: product.offers[index]!.orgGuid,
    prices: { price: 0, fullprice: 0, discount: 0 },
  });
  /** The items at the server's prices for the demo company. */
  const priced = async (items: Item[]): Promise<Item[]> => {
    const order = await atServerPrices(t.app, 'demo', {
      partner_id: DEMO_PARTNERS.SPECSNAB,
      position: items.map((item) => ({ guid: item.uid, characteristics: [{ guid: item.guid, orgguid: item.orgGuid, quantity: 1 } as { guid: string; price?: number; fullprice?: number; discount?: number }] })),
    });
    const lines = new Map(order.position.flatMap((position) => position.characteristics).map((line) => [line.guid, line]));
    return items.map((item) => {
      const line = lines.get(item.guid)!;
      return { ...item, prices: { price: line.price!, fullprice: line.fullprice!, discount: line.discount! } };
    });
  };
  const scarce = [];
  for (let i = 0; i < ITEMS; i++) {
    const product = await insertProduct(db, {
      name: `Дефицитный товар ${i + 1}`,
      priceOpt: 500 + i * 10,
      offers: [{ characteristic: 'U', residue: UNITS_PER_ITEM, orgGuid: i % 2 ? ORGANISATION.ES : ORGANISATION.FRO }],
    });
    scarce.push(product);
  }
  const big = await insertProduct(db, {
    name: 'Товар для счёта',
    priceOpt: 1234.56,
    offers: Array.from({ length: INVOICE_LINES }, (_, i) => ({ characteristic: `Р${i + 1}`, residue: 1000 })),
  });
  const portal = await t.app.listen({ port: 0, host: '127.0.0.1' });

  const { bare, url: bareUrl } = await bareServer();

  const offerGuids = scarce.map((product) => product.offers[0]!.guid);
  process.on('message', async (message: { check?: string; restock?: true; close?: true }) => {
    if (message.restock) {
      await db.update(offers).set({ residue: UNITS_PER_ITEM }).where(inArray(offers.guid, offerGuids));
      process.send?.({ restocked: true });
    }
    if (message.check) {
      const round = sql`${orders.idempotencyKey} LIKE ${`${message.check}-%`}`;
      const [stored] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(round);
      const units = (presale: boolean) =>
        db
          .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
          .from(orderLines)
          .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
          .where(sql`${orderLines.presale} = ${presale} AND ${round}`);
      const [taken] = await units(false);
      const [presale] = await units(true);
      const residues = await db.select({ residue: offers.residue }).from(offers).where(inArray(offers.guid, offerGuids));
      const checks: Checks = { stored: stored!.n, taken: taken!.units, presale: presale!.units, residues: residues.map((r) => r.residue) };
      process.send?.({ checks });
    }
    if (message.close) {
      await bare.close();
      await t.close();
      process.exit(0);
    }
  });
  const ready: Ready = {
    kind: t.app.database.kind,
    ...(t.config.DATABASE_URL ? { databaseUrl: t.config.DATABASE_URL } : {}),
    portal,
    bare: bareUrl,
    auth: await signInAs(t.app, 'demo'),
    partnerUid: DEMO_PARTNERS.SPECSNAB,
    scarce: await priced(scarce.map((product) => asItem(product))),
    invoiceItems: await priced(big.offers.map((_, i) => asItem(big, i))),
  };
  process.send?.({ ready });
}

// ---- parent: the clients ----
interface LoadResult {
  seconds: number;
  requests: number;
  keys: number;
  latencies: number[];
  answers: Map<string, number[]>;
  failures: number;
}

/** Client c sends to server c (round robin over `urls`); its retry goes to the next server. */
async function load(urls: string[], ready: Ready, round: string): Promise<LoadResult> {
  // A fixed pseudo-random sequence, restarted for each run, so both runs send the same bodies.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const body = () => ({
    partner_id: ready.partnerUid,
    delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
    position: ready.scarce
      .filter(() => random() < 0.6)
      .map((item) => ({
        guid: item.uid,
        characteristics: [{ guid: item.guid, orgguid: item.orgGuid, quantity: 1 + Math.floor(random() * 3), ...item.prices }],
      })),
  });

  const result: LoadResult = { seconds: 0, requests: 0, keys: 0, latencies: [], answers: new Map(), failures: 0 };
  const post = async (url: string, key: string, payload: string) => {
    const begin = performance.now();
    const response = await fetch(`${url}/api/order/add`, {
      method: 'POST',
      headers: { ...ready.auth, 'content-type': 'application/json', 'idempotency-key': key },
      body: payload,
    });
    const json = (await response.json()) as { response: { id: number } | null };
    result.latencies.push(performance.now() - begin);
    if (response.status !== 200 || !json.response) {
      result.failures += 1;
      return;
    }
    result.answers.set(key, [...(result.answers.get(key) ?? []), json.response.id]);
  };
  const client = async (c: number) => {
    for (let i = 0; i < ORDERS_PER_CLIENT; i++) {
      const key = `${round}-${c}-${i}`;
      let order = body();
      while (order.position.length === 0) order = body();
      const payload = JSON.stringify(order);
      const retried = random() < RETRY_SHARE;
      result.requests += retried ? 2 : 1;
      result.keys += 1;
      // A retry races the first attempt, as when a client times out and sends again (to another process, if any).
      const first = urls[c % urls.length]!;
      const again = urls[(c + 1) % urls.length]!;
      await Promise.all(retried ? [post(first, key, payload), post(again, key, payload)] : [post(first, key, payload)]);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (answer: Record<string, unknown>) => {
      if (key in answer) {
        child.off('message', listener);
        resolve(answer[key] as T);
      }
    };
    child.on('message', listener);
    child.send(message);
  });
}

async function printInvoices(ready: Ready) {
  const created = await fetch(`${ready.portal}/api/order/add`, {
    method: 'POST',
    headers: { ...ready.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      partner_id: ready.partnerUid,
      position: [{ guid: ready.invoiceItems[0]!.uid, characteristics: ready.invoiceItems.map((item) => ({ guid: item.guid, orgguid: item.orgGuid, quantity: 2, ...item.prices })) }],
    }),
  });
  const id = ((await created.json()) as { response: { id: number } }).response.id;
  const times: number[] = [];
  let bytes = 0;
  let failed = false;
  for (let i = 0; i < INVOICE_RUNS + 5; i++) {
    const begin = performance.now();
    const response = await fetch(`${ready.portal}/api/order/print?id=${id}&name=invoice`, { headers: ready.auth });
    const pdf = Buffer.from(await response.arrayBuffer());
    if (i >= 5) times.push(performance.now() - begin); // the first prints warm up fonts and the JIT
    bytes = pdf.length;
    if (response.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') failed = true;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, failed };
}

async function main() {
  if (!Number.isInteger(SERVERS) || SERVERS < 1) throw new Error('BENCH_SERVERS must be a whole number of at least 1');
  if (SERVERS > 1 && !process.env.DATABASE_URL) {
    throw new Error('BENCH_SERVERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process');
  }
  // A child that fails before it is ready has exited already (that is what rejects the wait), so only the ready
  // ones need stopping.
  const thisFile = fileURLToPath(import.meta.url);
  const first = await startServerChild<Ready>(thisFile);
  const children = [first.child];
  try {
    const ready = first.ready;
    const portals = [ready.portal];
    const bares = [ready.bare];
    for (let i = 1; i < SERVERS; i++) {
      const more = await startServerChild<{ portal: string; bare: string }>(thisFile, [ready.databaseUrl!]);
      children.push(more.child);
      portals.push(more.ready.portal);
      bares.push(more.ready.bare);
    }
    const child = first.child;
    const database =
      ready.kind === 'pglite' ? 'PGlite (in memory, on its worker thread)' : SERVERS > 1 ? `PostgreSQL, ${SERVERS} server processes` : 'PostgreSQL';
    console.log(`orders benchmark on ${database} · ${CLIENTS} clients × ${ORDERS_PER_CLIENT} orders`);

    const expected = ITEMS * UNITS_PER_ITEM;
    const problems: string[] = [];
    const rounds: Array<{ baseline: LoadResult; run: LoadResult; checks: Checks; duplicatedAnswers: number }> = [];
    // A warm-up round, not counted: the first orders run before the JIT and the plan cache have settled.
    await load(bares, ready, 'warmbare');
    await ask(child, { restock: true }, 'restocked');
    await load(portals, ready, 'warm');
    for (let r = 1; r <= ROUNDS; r++) {
      const baseline = await load(bares, ready, `bare${r}`);
      await ask(child, { restock: true }, 'restocked');
      const run = await load(portals, ready, `bench${r}`);
      const checks = await ask<Checks>(child, { check: `bench${r}` }, 'checks');
      const ids = [...run.answers.values()];
      const duplicatedAnswers = ids.filter((list) => new Set(list).size > 1).length;
      const distinctOrders = new Set(ids.map((list) => list[0])).size;
      if (checks.taken !== expected) problems.push(`round ${r}: taken ${checks.taken} units instead of ${expected}`);
      if (checks.residues.some((residue) => residue !== 0)) problems.push(`round ${r}: some stock is left or negative`);
      if (checks.stored !== run.keys || distinctOrders !== run.keys || duplicatedAnswers > 0) problems.push(`round ${r}: duplicated orders`);
      if (run.failures > 0) problems.push(`round ${r}: ${run.failures} failed requests`);
      rounds.push({ baseline, run, checks, duplicatedAnswers });
      console.log(`round ${r}: ${Math.round(run.keys / run.seconds)} orders/s (bare Fastify ${Math.round(baseline.keys / baseline.seconds)})`);
    }
    const invoice = await printInvoices(ready);
    if (invoice.failed) problems.push('an invoice print failed');

    const row = (name: string, result: LoadResult) => {
      const { seconds, requests, keys, latencies } = result;
      return `| ${name} | ${keys.toLocaleString('en-US')} | ${requests.toLocaleString('en-US')} | ${seconds.toFixed(2)} s | ${Math.round(keys / seconds)} | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} |`;
    };
    const rows = rounds.flatMap(({ baseline, run }, i) => [
      row(`${i + 1}: bare Fastify POST (same bodies, no database${SERVERS > 1 ? `, ${SERVERS} processes` : ''})`, baseline),
      row(`${i + 1}: POST /api/order/add on ${database}`, run),
    ]);
    const rates = rounds.map(({ run }) => run.keys / run.seconds).sort((a, b) => a - b);
    const ordersPerSecond = rates[Math.floor(rates.length / 2)]!;
    const shares = rounds.map(({ run, baseline }) => run.keys / run.seconds / (baseline.keys / baseline.seconds)).sort((a, b) => a - b);
    const shareOfBare = shares[Math.floor(shares.length / 2)]!;
    const { checks, run, duplicatedAnswers } = rounds.at(-1)!;
    const lines = [
      `### ${database}`,
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
        `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end; ${CLIENTS} clients × ${ORDERS_PER_CLIENT} orders, ` +
        `${Math.round(RETRY_SHARE * 100)} % sent twice at once with one key; a warm-up round, then ${ROUNDS} rounds, stock put back to ${UNITS_PER_ITEM} per item before each; ` +
        'server in a child process, clients in the parent, both on this machine.',
      '',
      '| run | orders | requests | time | orders/s | latency p50 / p95 |',
      '|---|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `Median of ${ROUNDS} rounds: **${Math.round(ordersPerSecond)} orders/s**; orders/s as a share of the bare route's rate in the same round, ` +
        `median ${(shareOfBare * 100).toFixed(1)} % (target ≥ 25 %: ${shareOfBare >= 0.25 ? 'met' : '**missed**'}).`,
      '',
      `Checks, every round (the last shown): ${checks.taken.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} units taken, residues ${[...new Set(checks.residues)].join(', ')}, ` +
        `${checks.presale.toLocaleString('en-US')} units in pre-sale; ${checks.stored.toLocaleString('en-US')} orders stored for ${run.keys.toLocaleString('en-US')} keys, ` +
        `${duplicatedAnswers} keys answered with two numbers, ${run.failures} failed requests — ${problems.length === 0 ? 'passed' : `**FAILED: ${problems.join('; ')}**`}.`,
      '',
      `Invoice PDF of ${INVOICE_LINES} lines (${(invoice.bytes / 1024).toFixed(0)} KB), ${INVOICE_RUNS} prints after 5 warm-up: p50 ${ms(invoice.p50)}, p95 ${ms(invoice.p95)}.`,
      '',
      ready.kind === 'pglite'
        ? `Targets: ≥ 300 orders/s on PGlite (median of the rounds) — ${ordersPerSecond >= 300 ? 'met' : '**missed**'} (${Math.round(ordersPerSecond)}); invoice p95 ≤ 150 ms — ${invoice.p95 <= 150 ? 'met' : '**missed**'}.`
        : `Targets are set for PGlite; invoice p95 ≤ 150 ms — ${invoice.p95 <= 150 ? 'met' : '**missed**'}.`,
    ];
    console.log(`\n${lines.join('\n')}\n`);
    writeSection(`orders-${ready.kind}${SERVERS > 1 ? `-${SERVERS}-servers` : ''}`, lines);
    // The further processes first: the first one drops the scratch database when it closes.
    for (const server of [...children.slice(1), child]) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.send({ close: true });
        setTimeout(resolve, 10_000).unref();
      });
    }
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    for (const server of children) if (server.exitCode === null) server.kill('SIGTERM');
  }
}

runBenchmark(serve, main);
