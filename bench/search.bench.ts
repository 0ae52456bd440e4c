/**
 * Search benchmark (`npm run bench:search`): seeds BENCH_PRODUCTS (default 1,000,000) products into a fresh PGlite
 * database in a scratch directory, then drives GET /api/product/search with autocannon (10 connections) — article
 * prefixes (OPTION 0) and Cyrillic name words (OPTION 2), each rotating through a list — beside a bare Fastify route
 * in the same run. The server runs in a child process so the load generator does not share its event loop. Prints
 * req/s and p50/p95/p99 of each, and writes them into docs/performance.md (its «Product search» section).
 *
 * BENCH_DATA_DIR keeps the seeded database in that directory and reuses it on the next run (seeding 1,000,000
 * products takes minutes): for trying a change again and again. Without it the scratch directory is removed.
 *
 * BENCH_DATABASE_URL runs it on PostgreSQL instead: that database is seeded when empty (and reused when it holds
 * BENCH_PRODUCTS products), the uploaded files go to the scratch directory, there are no «PGlite on the main thread»
 * rows, and the results go to a section of their own after PGlite's. BENCH_NAME_CACHE=off turns the name-search cache off in the portal too, so every name search of the
 * run is a first-time one. First-time name searches («cache off» rows, and beside the article searches) rotate through
 * FIRST_TIME_QUERIES, more queries than the cached rows. BENCH_RECORD=off prints the table without writing
 * docs/performance.md: for checking the benchmark at a small size. For trying a change: BENCH_ROUNDS=1 measures one
 * round instead of two, BENCH_MAIN_THREAD=off leaves out the «PGlite on the main thread» servers; either leaves
 * docs/performance.md alone.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkChild, percentile, runBenchmark, seedAndExit, seedInChild, writeSection } from './shared';

// autocannon ships no types: the little of it used here.
interface AutocannonInstance extends PromiseLike<{ errors: number; timeouts: number }> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ method: string; path: string }>;
}) => AutocannonInstance;

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const NAME_CACHE = process.env.BENCH_NAME_CACHE !== 'off';
const ENGINE = DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2) === 1 ? [1] : [1, 2];
const MAIN_THREAD_ROWS = process.env.BENCH_MAIN_THREAD !== 'off';
/** The comparison rows: the same server and database with PGlite on the main thread, as before 2026-11-23. */
const MAIN_THREAD = 'PGlite on the main thread';
const ARTICLE_ROUTE = 'search by article prefix (OPTION 0)';
const NAME_ROUTE = 'search by name words (OPTION 2)';
const MIXED = 'beside first-time name searches (1 more connection, cache off)';

const ARTICLE_PREFIXES = ['КСТ1', 'БТК10', 'ПЕР2', 'КЗМ3', 'ЖЛТ45', 'КСК', 'ОЧК12', 'РСП0', 'СПГ-1', 'ХЛТ105', 'БЗМ2', 'КРТ9', 'ФТБ33', 'ПКБ7', 'РКВ-2', 'КСГ1'];
const NAME_QUERIES = [
  'костюм летний',
  'ботинки кожаные',
  'перчатки нитриловые',
  'мастер',
  'каска защитная',
  'жилет сигнальный',
  'утеплённые ботинки',
  'куртка «Север»',
  'сапоги ПВХ',
  'халат хлопок',
  'респиратор FFP2',
  'полукомбинезон синий',
  'очки закрытые',
  'рукавицы брезентовые',
  'костюм зимний тайга',
  'футболка поло',
];

/** First-time name searches: word beginnings and pairs of a product word with a series, colour or material. */
const PRODUCT_WORDS = ['костюм', 'ботинки', 'перчатки', 'куртка', 'халат', 'сапоги', 'каска', 'жилет', 'очки', 'рукавицы', 'респиратор', 'полукомбинезон', 'футболка'];
const QUALIFIERS = ['летний', 'зимний', 'мастер', 'профи', 'север', 'тайга', 'синий', 'хлопок', 'кожаные', 'утепленные', 'пвх', 'сигнальный', 'брезентовые'];
const FIRST_TIME_QUERIES = [
  ...NAME_QUERIES,
  ...PRODUCT_WORDS.flatMap((word) => [word.slice(0, 3), word.slice(0, 4), word.slice(0, 5)]),
  ...PRODUCT_WORDS.flatMap((word) => QUALIFIERS.map((qualifier) => `${word} ${qualifier}`)),
  ...QUALIFIERS.map((qualifier) => qualifier.slice(1, 5)),
];

interface Run {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

type Role = 'seed' | 'worker-thread' | 'main-thread';

// ---- child: seeds the database and exits («seed»), or serves it: the portal and a bare Fastify on free ports ----
async function child(dataDir: string, role: Role) {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { configuredDatabase, openDatabase } = await import('../apps/server/src/db/client');
  const { createStorage } = await import('../apps/server/src/lib/storage');

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_PRODUCTS: String(PRODUCTS), WEB_DIST: path.join(dataDir, 'no-web') });
  const database = await openDatabase({
    ...configuredDatabase(config),
    databaseUrl: DATABASE_URL,
    pgliteOn: role === 'main-thread' ? 'main-thread' : 'worker-thread',
  });
  const storage = createStorage(dataDir);
  if (role === 'seed') return seedAndExit(database, storage, PRODUCTS, dataDir);

  const app = await buildApp(NAME_CACHE ? config : { ...config, SEARCH_CACHE_SECONDS: 0 }, { database, storage, seed: false });
  // The same server without the name-search cache, on the same database: what a first-time query costs. It answers
  // name searches from the portal's catalogue index (two builds of a 1,000,000-product index at once on one engine
  // ran its worker out of memory).
  // Its operator socket goes to a folder of its own: both apps get ready at once, and one socket path would clash.
  const uncachedDir = path.join(dataDir, 'uncached-server');
  mkdirSync(uncachedDir, { recursive: true });
  const uncachedApp = await buildApp(
    { ...config, SEARCH_CACHE_SECONDS: 0, DATA_DIR: uncachedDir },
    { database, storage, seed: false, catalogIndex: app.catalogIndex },
  );
  // Both load their plugins before the index's build starts (when the first is ready): with PGlite on the main
  // thread, the build's statements would hold the other's plugins past their start-up timeout.
  await Promise.all([app.ready(), uncachedApp.ready()]);
  const portal = await app.listen({ port: 0, host: '127.0.0.1' });
  const uncached = await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
  // The portal builds the catalogue's index from the start: measuring begins once it is there, so the build's reads
  // do not fall into the search figures, and name searches are answered from it as in production.
  await app.catalogIndex.current();
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  // Stopped by the parent: close the database, so that the next server (or the next run) finds it whole.
  process.on('SIGTERM', async () => {
    await Promise.all([app.close(), uncachedApp.close(), bare.close()]);
    await database.close();
    process.exit(0);
  });
  process.send?.({ ready: { portal, uncached, bare: bareUrl } });
}

// ---- parent: seeds through the child, drives the load, reports ----
async function drive(name: string, url: string, paths: string[], duration: number, connections = CONNECTIONS): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration,
    requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

function table(runs: Run[]): string {
  const lines = [
    '| route | requests | req/s | p50 | p95 | p99 | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${r.name} | ${r.requests} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.errors} |`),
  ];
  return lines.join('\n');
}

function writeReport(runs: Run[], seedSeconds: number | undefined) {
  // Targets are judged on the portal as it runs (PGlite on its worker thread), on the worse of its two rounds.
  const shipped = (route: string) => runs.filter((r) => /^\d: /.test(r.name) && r.name.slice(3) === route);
  const worst = (route: string) => ({
    p95: Math.max(...shipped(route).map((r) => r.p95)),
    rps: Math.min(...shipped(route).map((r) => r.rps)),
  });
  const [article, name] = [worst(ARTICLE_ROUTE), worst(NAME_ROUTE)];
  // Issue 14: a first-time name search (cache off) and the article searches beside such searches.
  const firstTime = runs.find((r) => r.name === `1: ${NAME_ROUTE}, cache off`);
  const beside = worst(`${ARTICLE_ROUTE} ${MIXED}`);
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  // PostgreSQL's run has a section of its own, after PGlite's: one run does not replace the other.
  writeSection(DATABASE_URL ? 'search-postgres' : 'search', [
    DATABASE_URL ? '### Product search on PostgreSQL (`BENCH_DATABASE_URL=… npm run bench:search`)' : '## Product search (`npm run bench:search`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}; ${DATABASE_URL ? 'PostgreSQL' : 'PGlite in a scratch directory'} with ${PRODUCTS.toLocaleString('en-US')} products ` +
      `(${seedSeconds === undefined ? 'seeded by an earlier run and reused' : `seeded in SQL in ${seedSeconds.toFixed(0)} s, then VACUUM ANALYZE`}, in a process of its own). ` +
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per route, load generator and server on the same machine; load average ` +
      `${os.loadavg()[0]!.toFixed(2)} at the end (server in a`,
    DATABASE_URL
      ? 'child process). Public requests (list prices). A fresh server process on the database for each of two rounds.'
      : 'child process). Public requests (list prices). Each server is a fresh process: the portal as it runs, with PGlite on its',
    ...(DATABASE_URL ? [] : [`worker thread, then the same database with PGlite on the main thread (rows marked «${MAIN_THREAD}»); twice in turn.`]),
    '',
    table(runs),
    '',
    `Targets, on the worse round of the portal as it runs: article search p95 ≤ 10 ms — ${verdict(article.p95 <= 10)} ` +
      `(${article.p95.toFixed(2)} ms); name search p95 ≤ 50 ms — ${verdict(name.p95 <= 50)} (${name.p95.toFixed(2)} ms); ` +
      `≥ 1,000 req/s — ${verdict(Math.min(article.rps, name.rps) >= 1000)} (${Math.round(Math.min(article.rps, name.rps))}).`,
    ...(firstTime
      ? [
          `First-time name search (cache off) p95 ≤ 30 ms and ≥ 300 req/s — ${verdict(firstTime.p95 <= 30 && firstTime.rps >= 300)} ` +
            `(${firstTime.p95.toFixed(2)} ms, ${Math.round(firstTime.rps)} req/s); article search beside first-time name searches ` +
            `p95 ≤ 15 ms — ${verdict(beside.p95 <= 15)} (${beside.p95.toFixed(2)} ms).`,
        ]
      : []),
    '',
    `Article prefixes rotated: ${ARTICLE_PREFIXES.join(', ')}. Name queries rotated: ${NAME_QUERIES.map((q) => `«${q}»`).join(', ')}` +
      `${NAME_CACHE ? '' : ' (name-search cache off in the portal too)'}. First-time name searches rotate through ${FIRST_TIME_QUERIES.length} queries ` +
      '(those, word beginnings and pairs of a product word with a series, colour or material), less those that find nothing.',
    '',
    ...(DATABASE_URL ? ['How search works, and what the rows mean: see the PGlite section above.'] : [
      'How search works: an article prefix is a range of the `text_pattern_ops` index on `article_key`',
      "(key ≤ article_key < key with its last character advanced), ordered by that index's own operator",
      '(`ORDER BY article_key USING ~<~`) so `LIMIT 20` stops the index scan after 20 rows, prepared once with one generic plan:',
      'one statement (matches and the best product with offers and pictures as JSON). Name words are looked up in the catalogue',
      "index's words of all names and their products (in memory, `modules/catalog/name-words.ts`; the database's word index",
      '`name_words`/`product_name_words` of migration 0008 answers until the index is built), then two statements read the found',
      "products' brief rows and the best product's details. Nothing orders by similarity; `search-plans.test.ts` asserts the",
      'plans. Name search keeps its ranked list of matches per normalised query for `SEARCH_CACHE_SECONDS` (60 s; stock and',
      'prices are still read live): the rotating queries of the run hit it after their first round, so the «cache off» row is',
      'the cost of a first-time query. The «beside first-time name searches» rows drive the article searches while one more',
      'client sends such queries: what a first-time search does to everybody else. With PGlite on its worker thread',
      '(apps/server/src/db/pglite-thread.ts) the main thread goes on with HTTP, validation and JSON while a statement runs;',
      'the engine itself still runs one statement at a time.',
    ]),
  ]);
}

interface Server {
  portal: string;
  uncached: string;
  bare: string;
  stop(): Promise<void>;
}

/** A fresh server process on the seeded directory, with PGlite on the thread asked for. */
async function startServer(dataDir: string, pgliteOn: 'worker-thread' | 'main-thread'): Promise<Server> {
  const server = forkChild<{ ready?: Omit<Server, 'stop'> }>(fileURLToPath(import.meta.url), [dataDir, pgliteOn]);
  const { ready } = await server.answer;
  return {
    ...ready!,
    stop: async () => {
      server.process.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** The search paths of the queries that answer 200 (one request each, in turn). */
async function answered(url: string, queries: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const query of queries) {
    const searchPath = `/api/product/search?OPTION=2&QUERY=${encodeURIComponent(query)}`;
    const response = await fetch(new URL(searchPath, url));
    await response.arrayBuffer();
    if (response.status === 200) paths.push(searchPath);
  }
  console.log(`  first-time name searches: ${paths.length} of ${queries.length} queries find products`);
  return paths;
}

async function main() {
  const kept = process.env.BENCH_DATA_DIR;
  const scratch = kept ? path.resolve(kept) : mkdtempSync(path.join(os.tmpdir(), 'portal-bench-search-'));
  console.log(`search benchmark: ${PRODUCTS.toLocaleString('en-US')} products in ${ENGINE} (files in ${scratch})`);
  const articlePaths = ARTICLE_PREFIXES.map((q) => `/api/product/search?OPTION=0&QUERY=${encodeURIComponent(q)}`);
  const namePaths = NAME_QUERIES.map((q) => `/api/product/search?OPTION=2&QUERY=${encodeURIComponent(q)}`);
  let firstTimePaths: string[] = [];
  try {
    const seedSeconds = await seedInChild(fileURLToPath(import.meta.url), [scratch, 'seed']);
    const runs: Run[] = [];
    // The portal as it runs (PGlite on its worker thread) and the same database with PGlite on the main thread, each in
    // a fresh process, twice in turn: the machine drifts by ±20 % over minutes, and alternating shows it.
    for (const round of ROUNDS) {
      // PostgreSQL has no engine thread to choose: one server per round.
      for (const pgliteOn of DATABASE_URL || !MAIN_THREAD_ROWS ? (['worker-thread'] as const) : (['worker-thread', 'main-thread'] as const)) {
        const server = await startServer(scratch, pgliteOn);
        const label = (route: string) => `${round}: ${route}${pgliteOn === 'main-thread' ? `, ${MAIN_THREAD}` : ''}`;
        try {
          // Warm-up: the first queries load index pages into PGlite's buffers.
          await drive('warm-up', server.portal, [...articlePaths, ...namePaths], 3);
          // The first-time queries that find something in this catalogue: a «not found» (404) would count as an error.
          if (firstTimePaths.length === 0) firstTimePaths = await answered(server.uncached, FIRST_TIME_QUERIES);
          if (round === 1 && pgliteOn === 'worker-thread') runs.push(await drive('bare Fastify GET /bare', server.bare, ['/bare'], DURATION));
          runs.push(
            await drive(label(ARTICLE_ROUTE), server.portal, articlePaths, DURATION),
            await drive(label(NAME_ROUTE), server.portal, namePaths, DURATION),
          );
          if (round === 1 && pgliteOn === 'worker-thread') runs.push(await drive(label(`${NAME_ROUTE}, cache off`), server.uncached, firstTimePaths, DURATION));
          // Mixed load: the article searches again while one more client sends first-time name searches (cache off,
          // 150–400 ms of engine time each) — what a slow statement does to everybody else's requests.
          const [mixed, firstTime] = await Promise.all([
            drive(label(`${ARTICLE_ROUTE} ${MIXED}`), server.portal, articlePaths, DURATION),
            drive(label('the first-time name searches beside them (1 connection, cache off)'), server.uncached, firstTimePaths, DURATION, 1),
          ]);
          runs.push(mixed, firstTime);
        } finally {
          await server.stop();
        }
      }
    }
    console.log(`\n${table(runs)}\n`);
    if (ROUNDS.length === 2 && MAIN_THREAD_ROWS) writeReport(runs, seedSeconds);
    else console.log('not recorded (BENCH_ROUNDS or BENCH_MAIN_THREAD leave some rows out)');
  } finally {
    if (!kept) rmSync(scratch, { recursive: true, force: true });
  }
}

runBenchmark(() => child(process.argv[3]!, process.argv[4] as Role), main);
