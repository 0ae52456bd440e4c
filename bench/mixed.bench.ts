/**
 * Mixed benchmark (`npm run bench:mixed`): a dealer network at once. BENCH_PRODUCTS products (default 1,000,000,
 * seeded as `bench:search` seeds them) on PGlite and, with BENCH_PG_URL, on PostgreSQL (a scratch database under that
 * server, dropped afterwards). BENCH_DEALERS simulated dealers (default 200) browse — catalogue pages, product pages,
 * article searches, order history pages (plain, and searched or filtered), name searches of which a share (BENCH_FIRST_TIME, default 0.3) are queries nobody typed before in
 * the run (the name-search cache cannot answer them) — each waiting a random think time (mean BENCH_THINK_MS, default
 * 500 ms) between requests, while BENCH_ORDERING dealers (default 20) place orders, pausing as the browsing dealers do
 * (BENCH_ORDER_THINK_MS, default the same mean). That is the dealer network, where the targets (no route above p95
 * 50 ms nor p99 100 ms) apply. Then the same again with the ordering dealers sending orders without a pause: the machine at its
 * limit, where every request queues behind the orders (reported beside it, as the stress it is). Prints p50/p95/p99
 * per route and orders/s for BENCH_DURATION seconds (default 30) each, and, in the same run, the same clients with the
 * same requests against a bare Fastify route in the server's child process (the ceiling of HTTP and the load
 * generator here). Beside each phase: the server's event-loop delay, collector pauses and processor time (what a tail is
 * made of), and the load average at the start and the end (a run on a busy machine measures the others' work too).
 * Writes docs/performance.md (its «Mixed load» section).
 *
 * BENCH_DATA_DIR keeps the seeded PGlite database in that directory and reuses it (seeding takes minutes at 1,000,000);
 * BENCH_PG_KEEP, a database name, does the same on PostgreSQL (that database under BENCH_PG_URL's server, created when
 * missing, never dropped). BENCH_ONLY=pglite or postgres runs one of the two. ORDERS_AT_ONCE, EMBEDDED_CACHE_MB and
 * DATABASE_POOL_SIZE set the server's settings of those names (config.ts; their defaults when unset), to compare values;
 * BENCH_PHASES=network measures the dealer network alone.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { forkChild, ms, percentile, runBenchmark, seedAndExit, seedInChild, writeSection } from './shared';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 200);
const ORDERING = Number(process.env.BENCH_ORDERING ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 500);
const ORDER_THINK_MS = Number(process.env.BENCH_ORDER_THINK_MS ?? THINK_MS);
const FIRST_TIME = Number(process.env.BENCH_FIRST_TIME ?? 0.3);
const WARM_UP = Math.min(5, DURATION);
/**
 * The dealer network (the target's), then the ordering dealers without a pause (the machine at its limit).
 * BENCH_PHASES=network runs the first alone: for comparing changes by the target's phase in half the time.
 */
const PHASES = [
  { orderThinkMs: ORDER_THINK_MS, stress: false },
  { orderThinkMs: 0, stress: true },
].filter((phase) => process.env.BENCH_PHASES !== 'network' || !phase.stress);
/** Products sampled for product pages, searches and orders. */
const SAMPLE = 2000;

const ROUTES = {
  catalogue: 'catalogue page (GET /api/content/catalog/products)',
  product: 'product page (GET /api/product/search?OPTION=9)',
  article: 'article search (OPTION=0)',
  name: 'name search, repeated queries (OPTION=2)',
  firstTime: 'name search, first-time queries (OPTION=2)',
  history: 'order history page (GET /api/orders/history)',
  historyFiltered: 'order history, searched and filtered',
  order: 'order (POST /api/order/add)',
} as const;
type Route = keyof typeof ROUTES;

type Kind = 'pglite' | 'postgres';
type Role = 'seed' | 'serve';

interface Sample {
  groups: string[];
  productIds: number[];
  articlePrefixes: string[];
  nameWords: string[];
  /** The words of each sampled product's name: two of one name make a query that finds it. */
  names: string[][];
  /** Offers the demo company can order, with the unit prices the server charges it (other prices: PRICES_CHANGED). */
  orderable: Array<{ uid: string; guid: string; orgGuid: string; prices: { price: number; fullprice: number; discount: number } }>;
}
/** The server's main thread during a phase: event-loop delay (ms), collector pauses, processor time, memory. */
interface ServerStats {
  loopP99: number;
  loopMax: number;
  gcCount: number;
  gcMs: number;
  gcOver10: number;
  gcMax: number;
  cpuMs: number;
  rssMb: number;
}
interface Ready {
  portal: string;
  bare: string;
  auth: Record<string, string>;
  partnerUid: string;
  sample: Sample;
}

/** On PostgreSQL, where the seeded pictures and other files of the scratch database live. */
const filesOf = (databaseUrl: string) => path.join(os.tmpdir(), `portal-bench-mixed-${new URL(databaseUrl).pathname.slice(1)}`);

// ---- child: seeds the database and exits («seed»), or serves it: the portal and a bare Fastify on free ports ----
async function child(kind: Kind, target: string, role: Role) {
  const { default: Fastify } = await import('fastify');
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { configuredDatabase, openDatabase, rowsOf } = await import('../apps/server/src/db/client');
  const { DEMO_PARTNERS } = await import('../apps/server/src/seed/people');
  const { createStorage } = await import('../apps/server/src/lib/storage');
  const { signInAs } = await import('../apps/server/test/support/helper');

  const files = kind === 'pglite' ? target : filesOf(target);
  const config = loadConfig({
    ...(kind === 'postgres' ? { DATABASE_URL: target } : {}),
    DATA_DIR: files,
    LOG_LEVEL: 'silent',
    SEED_PRODUCTS: String(PRODUCTS),
    WEB_DIST: path.join(files, 'no-web'),
    ...(process.env.ORDERS_AT_ONCE ? { ORDERS_AT_ONCE: process.env.ORDERS_AT_ONCE } : {}),
    ...(process.env.EMBEDDED_CACHE_MB ? { EMBEDDED_CACHE_MB: process.env.EMBEDDED_CACHE_MB } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    ...(process.env.STATISTICS_CHECK_SECONDS ? { STATISTICS_CHECK_SECONDS: process.env.STATISTICS_CHECK_SECONDS } : {}),
  });
  const database = await openDatabase(configuredDatabase(config));
  const storage = createStorage(files);
  const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

  if (role === 'seed') return seedAndExit(database, storage, PRODUCTS, target);

  const app = await buildApp(config, { database, storage, seed: false });
  const portal = await app.listen({ port: 0, host: '127.0.0.1' });
  // The catalogue's index is built from the start: measuring begins once it is there, as on a server that has run a while.
  await app.catalogIndex.current();
  // The baseline: any request answered at once, without the database.
  const bare = Fastify();
  bare.get('/*', async () => ({ error: null, response: { hello: 'world' } }));
  bare.post('/*', async () => ({ error: null, response: { id: 1, message: 'Заказ № 1 принят.' } }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const menu = (await app.inject({ url: '/api/content/catalog/menu' })).json().response as Array<{ code: string; items: unknown[] }>;
  const codes: string[] = [];
  const walk = (groups: Array<{ code: string; items: unknown[] }>) => {
    for (const group of groups) {
      codes.push(group.code);
      walk(group.items as typeof groups);
    }
  };
  walk(menu);
  const products = await query<{ id: number; uid: string; article: string; name: string }>(
    `select id, uid, article, name from products order by random() limit ${SAMPLE}`,
  );
  const offersToOrder = await query<{ uid: string; guid: string; orgGuid: string }>(
    `select p.uid, o.guid, o.org_guid as "orgGuid" from offers o join products p on p.id = o.product_id
     where p.id in (${products.map((p) => p.id).join(',') || '0'})
       and o.org_guid in (select s.guid from storages s join partners pa on pa.id = s.partner_id where pa.uid = '${DEMO_PARTNERS.SPECSNAB}')`,
  );
  const { atServerPrices } = await import('../apps/server/test/support/order-prices');
  // Quoted a few hundred lines at a time: an order takes at most 1,000 positions (a small catalogue samples more).
  const quotedLines = [];
  for (let from = 0; from < offersToOrder.length; from += 500) {
    const quoted = await atServerPrices(app, 'demo', {
      partner_id: DEMO_PARTNERS.SPECSNAB,
      position: offersToOrder
        .slice(from, from + 500)
        .map((offer) => ({ guid: offer.uid, characteristics: [{ guid: offer.guid, orgguid: offer.orgGuid, quantity: 1 } as { guid: string; price?: number; fullprice?: number; discount?: number }] })),
    });
    quotedLines.push(...quoted.position.flatMap((position) => position.characteristics));
  }
  const prices = new Map(quotedLines.map((line) => [line.guid, { price: line.price!, fullprice: line.fullprice!, discount: line.discount! }]));
  const orderable = offersToOrder.map((offer) => ({ ...offer, prices: prices.get(offer.guid)! }));
  const wordsOf = (name: string) => name.toLowerCase().split(/[^a-zа-яё0-9]+/i).filter((word) => word.length >= 3);
  const words = new Set(products.flatMap((p) => wordsOf(p.name).filter((word) => word.length >= 4)));
  const sample: Sample = {
    groups: codes,
    productIds: products.map((p) => p.id),
    articlePrefixes: [...new Set(products.map((p) => p.article.slice(0, 4 + (p.id % 3))))],
    nameWords: [...words],
    names: products.map((p) => wordsOf(p.name)).filter((list) => list.length >= 2),
    orderable,
  };
  // What the main thread spent waiting, per phase (the parent resets before and reads after each): the event loop's
  // delay (a request's wait behind whatever ran before it) and the collector's pauses — the tail's causes to tell apart.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const pauses: number[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });
  let cpuFrom = process.cpuUsage();
  process.on('message', (message: string) => {
    if (message === 'phase:start') {
      loopDelay.reset();
      loopDelay.enable();
      pauses.length = 0;
      cpuFrom = process.cpuUsage();
    } else if (message === 'phase:end') {
      loopDelay.disable();
      const cpu = process.cpuUsage(cpuFrom);
      const server: ServerStats = {
        loopP99: loopDelay.percentile(99) / 1e6,
        loopMax: loopDelay.max / 1e6,
        gcCount: pauses.length,
        gcMs: pauses.reduce((a, b) => a + b, 0),
        gcOver10: pauses.filter((pause) => pause > 10).length,
        gcMax: Math.max(0, ...pauses),
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssMb: process.memoryUsage.rss() / 2 ** 20,
      };
      process.send?.({ server });
    }
  });
  process.on('SIGTERM', async () => {
    await Promise.all([app.close(), bare.close()]);
    await database.close();
    process.exit(0);
  });
  const ready: Ready = { portal, bare: bareUrl, auth: await signInAs(app, 'demo'), partnerUid: DEMO_PARTNERS.SPECSNAB, sample };
  process.send?.({ ready });
}

// ---- parent: the dealers ----
interface Measured {
  latencies: Map<Route, number[]>;
  errors: Map<Route, number>;
  seconds: number;
}

async function drive(url: string, ready: Ready, seconds: number, orderThinkMs: number): Promise<Measured> {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const think = (mean: number) => (mean > 0 ? new Promise((resolve) => setTimeout(resolve, -Math.log(1 - random()) * mean)) : Promise.resolve());
  const { sample } = ready;
  const typed = new Set<string>();
  const repeated = sample.nameWords.slice(0, 30);
  /** A word of a product's name and the start of another of its words, as nobody typed before in this run. */
  const firstTimeQuery = () => {
    let text = '';
    for (let attempt = 0; attempt < 20 && (text === '' || typed.has(text)); attempt++) {
      const name = pick(sample.names);
      const first = pick(name);
      const second = pick(name.filter((word) => word !== first).concat(first));
      text = `${first} ${second.slice(0, 3 + Math.floor(random() * Math.max(1, second.length - 2)))}`;
    }
    typed.add(text);
    return text;
  };
  /** A history page as a dealer narrows it: a status, this month or the last, an article or a word, a page further. */
  const historyFilter = () => {
    const month = new Date(Date.now() - Math.floor(random() * 2) * 31 * 86_400_000).toISOString().slice(0, 7);
    const choices = [
      `status=${Math.floor(random() * 7)}`,
      `month=${month}`,
      `q=${encodeURIComponent(pick(sample.articlePrefixes))}`,
      `q=${encodeURIComponent(pick(sample.nameWords))}&month=${month}`,
      `before=${1 + Math.floor(random() * 100_000)}`,
    ];
    return pick(choices);
  };
  const measured: Measured = { latencies: new Map(), errors: new Map(), seconds };
  const record = (route: Route, began: number, ok: boolean) => {
    const latencies = measured.latencies.get(route) ?? [];
    latencies.push(performance.now() - began);
    measured.latencies.set(route, latencies);
    if (!ok) measured.errors.set(route, (measured.errors.get(route) ?? 0) + 1);
  };
  const headers = { ...ready.auth, 'content-type': 'application/json' };
  const get = async (route: Route, requestPath: string) => {
    const began = performance.now();
    const response = await fetch(`${url}${requestPath}`, { headers: ready.auth });
    await response.arrayBuffer();
    record(route, began, response.status === 200);
  };
  const ends = performance.now() + seconds * 1000;
  // Each dealer begins as if in the middle of the run: one think time first. Without it all 220 clients sent their first
  // request in the same millisecond of every window, a burst no dealer network makes, and those 1.6 % of the requests
  // were the p99 (the bare route's own p99 was 48–56 ms from it). The think time is exponential, so a dealer's wait
  // for its next request at any moment is one more such think: this start is the steady state, not a softer load.
  const browse = async () => {
    await think(THINK_MS);
    while (performance.now() < ends) {
      const roll = random();
      if (roll < 0.3) await get('catalogue', `/api/content/catalog/products?group=${encodeURIComponent(pick(sample.groups))}&page=${1 + Math.floor(random() * 3)}`);
      else if (roll < 0.55) await get('product', `/api/product/search?OPTION=9&QUERY=${pick(sample.productIds)}`);
      else if (roll < 0.7) await get('article', `/api/product/search?OPTION=0&QUERY=${encodeURIComponent(pick(sample.articlePrefixes))}`);
      else if (roll < 0.73) await get('history', '/api/orders/history');
      else if (roll < 0.75) await get('historyFiltered', `/api/orders/history?${historyFilter()}`);
      else if (random() < FIRST_TIME) await get('firstTime', `/api/product/search?OPTION=2&QUERY=${encodeURIComponent(firstTimeQuery())}`);
      else await get('name', `/api/product/search?OPTION=2&QUERY=${encodeURIComponent(pick(repeated))}`);
      await think(THINK_MS);
    }
  };
  let orderNumber = 0;
  const order = async () => {
    await think(orderThinkMs);
    while (performance.now() < ends) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(sample.orderable));
      const byProduct = new Map<string, typeof lines>();
      for (const line of lines) byProduct.set(line.uid, [...(byProduct.get(line.uid) ?? []).filter((l) => l.guid !== line.guid), line]);
      const body = JSON.stringify({
        partner_id: ready.partnerUid,
        delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
        position: [...byProduct].map(([uid, offers]) => ({
          guid: uid,
          characteristics: offers.map((offer) => ({ guid: offer.guid, orgguid: offer.orgGuid, quantity: 1 + Math.floor(random() * 3), ...offer.prices })),
        })),
      });
      const began = performance.now();
      const response = await fetch(`${url}/api/order/add`, { method: 'POST', headers: { ...headers, 'idempotency-key': `mixed-${process.pid}-${++orderNumber}-${Date.now()}` }, body });
      await response.arrayBuffer();
      record('order', began, response.status === 200);
      await think(orderThinkMs);
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: DEALERS }, browse), ...Array.from({ length: sample.orderable.length > 0 ? ORDERING : 0 }, order)]);
  measured.seconds = (performance.now() - started) / 1000;
  return measured;
}

function rows(label: string, measured: Measured): string[] {
  return (Object.keys(ROUTES) as Route[]).flatMap((route) => {
    const latencies = measured.latencies.get(route) ?? [];
    if (latencies.length === 0) return [];
    const rate = latencies.length / measured.seconds;
    return [
      `| ${label} | ${ROUTES[route]} | ${latencies.length.toLocaleString('en-US')} | ${rate.toFixed(route === 'order' ? 1 : 0)} | ` +
        `${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(percentile(latencies, 99))} | ${measured.errors.get(route) ?? 0} |`,
    ];
  });
}

/** This file as a child process on the database, in a role. */
const startChild = (kind: Kind, target: string, role: Role) =>
  forkChild<{ ready?: Ready }>(fileURLToPath(import.meta.url), [kind, target, role]);

/** The server child's main-thread figures since the phase began (its answer to `phase:end`). */
function serverStats(child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    const listen = (message: { server?: ServerStats }) => {
      if (!message.server) return;
      child.off('message', listen);
      resolve(message.server);
    };
    child.on('message', listen);
    child.send('phase:end');
  });
}

/** The load average over the last minute: the machine's other work, which a run here shares the processor with. */
const loadNow = () => os.loadavg()[0]!.toFixed(1);

/** Seeds (in a process of its own), serves, drives the bare route and then the portal with the same clients. */
async function measure(kind: Kind, target: string): Promise<{ lines: string[]; threads: string[]; problems: string[] }> {
  const seedSeconds = await seedInChild(fileURLToPath(import.meta.url), [kind, target, 'seed']);
  const server = startChild(kind, target, 'serve');
  try {
    const { ready } = await server.answer;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(`${label}: ${PRODUCTS.toLocaleString('en-US')} products${seedSeconds === undefined ? ' (reused)' : ` (seeded in ${seedSeconds.toFixed(0)} s)`}`);
    await drive(ready!.portal, ready!, WARM_UP, ORDER_THINK_MS);
    const lines: string[] = [];
    const threads: string[] = [];
    let errors = 0;
    for (const phase of PHASES) {
      const name = phase.stress ? `${label}, orders without a pause` : label;
      const baseline = await drive(ready!.bare, ready!, DURATION, phase.orderThinkMs);
      server.process.send('phase:start');
      const run = await drive(ready!.portal, ready!, DURATION, phase.orderThinkMs);
      const stats = await serverStats(server.process);
      const baselineAll = [...baseline.latencies.values()].flat();
      const orders = run.latencies.get('order')?.length ?? 0;
      const worst = Math.max(...[...run.latencies.values()].map((latencies) => percentile(latencies, 95)));
      const worstTail = Math.max(...[...run.latencies.values()].map((latencies) => percentile(latencies, 99)));
      const phaseErrors = [...run.errors.values()].reduce((a, b) => a + b, 0);
      errors += phaseErrors;
      console.log(`${name}: ${(orders / run.seconds).toFixed(1)} orders/s, worst route p95 ${ms(worst)}, p99 ${ms(worstTail)}, ${phaseErrors} errors`);
      const thread =
        `- ${name}: the server's main thread — event-loop delay p99 ${ms(stats.loopP99)} (longest ${ms(stats.loopMax)}); ` +
        `${stats.gcCount} collector pauses, ${ms(stats.gcMs)} in all, ${stats.gcOver10} over 10 ms (longest ${ms(stats.gcMax)}); ` +
        `processor ${(stats.cpuMs / 1000 / run.seconds).toFixed(2)} s a second; ${stats.rssMb.toFixed(0)} MB resident at the end`;
      console.log(thread);
      threads.push(thread);
      const verdict = phase.stress ? 'the target is set for the dealer network above' : `target ≤ 50 ms: ${worst <= 50 ? 'met' : '**missed**'}`;
      const tailVerdict = phase.stress ? '' : ` (target ≤ 100 ms: ${worstTail <= 100 ? 'met' : '**missed**'})`;
      lines.push(
        ...rows(name, run),
        `| ${name}: bare route, same clients and requests | all | ${baselineAll.length.toLocaleString('en-US')} | ${Math.round(baselineAll.length / baseline.seconds)} | ` +
          `${ms(percentile(baselineAll, 50))} | ${ms(percentile(baselineAll, 95))} | ${ms(percentile(baselineAll, 99))} | 0 |`,
        `| ${name} | **orders/s** | ${orders} | **${(orders / run.seconds).toFixed(1)}** | | worst route p95 ${ms(worst)} (${verdict}) | worst route p99 ${ms(worstTail)}${tailVerdict} | |`,
      );
    }
    return { lines, threads, problems: errors > 0 ? [`${label}: ${errors} failed requests`] : [] };
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

/** BENCH_PG_KEEP: the database `name` under the server of `baseUrl`, created when missing; seeded once, then reused. */
async function keptPostgresDatabase(baseUrl: string, name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_PG_KEEP is a database name: lowercase letters, digits and _');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: undefined };
}

async function main() {
  const kept = process.env.BENCH_DATA_DIR;
  const scratch = kept ? path.resolve(kept) : mkdtempSync(path.join(os.tmpdir(), 'portal-bench-mixed-'));
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('BENCH_ONLY is pglite or postgres');
  const pgUrl = only === 'pglite' ? undefined : process.env.BENCH_PG_URL;
  if (only === 'postgres' && !pgUrl) throw new Error('BENCH_ONLY=postgres needs BENCH_PG_URL');
  console.log(
    `mixed benchmark: ${PRODUCTS.toLocaleString('en-US')} products, ${DEALERS} dealers browsing (think ${THINK_MS} ms), ` +
      `${ORDERING} ordering (think ${ORDER_THINK_MS} ms), ${DURATION} s; PGlite${pgUrl ? ' and PostgreSQL' : ' (BENCH_PG_URL adds PostgreSQL)'}`,
  );
  const loadAtStart = loadNow();
  console.log(`load average ${loadAtStart} at the start`);
  const tables: string[] = [];
  const threads: string[] = [];
  const problems: string[] = [];
  if (only !== 'postgres') {
    try {
      const pglite = await measure('pglite', scratch);
      tables.push(...pglite.lines);
      threads.push(...pglite.threads);
      problems.push(...pglite.problems);
    } finally {
      if (!kept) rmSync(scratch, { recursive: true, force: true });
    }
  }
  if (pgUrl) {
    const { createScratchDatabase } = await import('../apps/server/test/support/helper');
    const keptDatabase = process.env.BENCH_PG_KEEP;
    const database = keptDatabase ? await keptPostgresDatabase(pgUrl, keptDatabase) : await createScratchDatabase(pgUrl);
    try {
      const postgres = await measure('postgres', database.url);
      tables.push(...postgres.lines);
      threads.push(...postgres.threads);
      problems.push(...postgres.problems);
    } finally {
      if (database.drop) {
        await database.drop();
        rmSync(filesOf(database.url), { recursive: true, force: true });
      }
    }
  }
  const lines = [
    '## Mixed load (`npm run bench:mixed`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}, load average ${loadAtStart} at the start and ${loadNow()} at the end (the machine's other work: ` +
      `a run at a load well above the cores' number measures the others' work too); ${PRODUCTS.toLocaleString('en-US')} products. ` +
      `${DEALERS} dealers browse — 30 % catalogue pages, 25 % product pages, 15 % article searches, 3 % order history pages and ` +
      `2 % history pages searched or filtered, 25 % name searches of which ` +
      `${Math.round(FIRST_TIME * 100)} % are queries nobody typed before in the run — with a random think time of mean ${THINK_MS} ms; ` +
      `${ORDERING} dealers place orders of 1–5 lines (think time of mean ${ORDER_THINK_MS} ms), all signed in: the dealer network, where the ` +
      `target applies. Then the same with the ordering dealers sending orders without a pause (rows «orders without a pause»): the machine at ` +
      `its limit. ${WARM_UP} s of warm-up, then for each: ${DURATION} s against a bare Fastify route in the server's child process (the same ` +
      `clients and requests) and ${DURATION} s against the portal.`,
    '',
    '| database | route | requests | req/s | p50 | p95 | p99 | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...tables,
    '',
    ...threads,
    ...(problems.length > 0 ? ['', `**FAILED: ${problems.join('; ')}**`] : []),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  writeSection('mixed', lines);
  if (problems.length > 0) process.exitCode = 1;
}

runBenchmark(() => child(process.argv[3] as Kind, process.argv[4]!, process.argv[5] as Role), main);
