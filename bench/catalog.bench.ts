/**
 * Catalogue benchmark (`npm run bench:catalog`, issue 15 «Speed»): catalogue pages — GET /api/content/catalog/products
 * of rotating leaf groups (the smallest and the largest that have products) and GET /api/content/season-sale — with
 * rotating filter combinations (none, in stock, a size, two filters together, a price range), per sort (none, price,
 * -price, popular, name), public (list prices) and signed in as the demo dealer with PARTNER (the dealer's price and
 * «bought before»), beside a bare Fastify route in the same server child. Each row is measured twice: pages with their
 * filter counts (a new selection), and the second page of the same selections with counts=0 (a dealer turning pages:
 * the web keeps the counts it has). autocannon, 10 connections, BENCH_DURATION
 * seconds (default 20) per row. Prints req/s and p50/p95/p99 of each and writes docs/performance.md (its «catalog»
 * section).
 *
 * The database is the one `bench:search` seeds, seeded the same way: BENCH_PRODUCTS (default 1,000,000) products;
 * BENCH_DATA_DIR keeps it in that directory and reuses it (so `BENCH_DATA_DIR=/var/tmp/portal-bench-1m` runs on what
 * `bench:search` left there), refusing a directory that holds another product count. BENCH_DATABASE_URL runs it on
 * PostgreSQL instead. BENCH_RECORD=off prints the table without writing docs/performance.md: for checking the
 * benchmark at a small size. BENCH_ROWS=<text>[|<text>…] measures only the rows whose name holds one of
 * them (for example `sort=name|sort=price,`; row names hold commas) and leaves docs/performance.md alone: for trying
 * a change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { TCatalogPage } from '@portal/contracts';
import { forkChild, ms, percentile, runBenchmark, seedAndExit, seedInChild, writeSection } from './shared';

// autocannon ships no types: the little of it used here.
interface AutocannonInstance extends PromiseLike<{ errors: number; timeouts: number }> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: Array<{ method: string; path: string; onResponse?: (status: number, body: string) => void }>;
}) => AutocannonInstance;

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 10;
const ONLY_ROWS = process.env.BENCH_ROWS?.split('|').filter(Boolean);
const measured = (row: string) => !ONLY_ROWS || ONLY_ROWS.some((part) => row.includes(part));
/** Leaf groups taken from each end of the size order: a page of a small group and of the largest ones. */
const GROUPS_EACH_END = 3;
const SORTS = ['', 'price', '-price', 'popular', 'name'] as const;
const sortLabel = (sort: string) => (sort === '' ? 'no sort' : `sort=${sort}`);

type Role = 'seed' | 'serve';
interface Group {
  code: string;
  products: number;
}
interface Ready {
  portal: string;
  bare: string;
  auth: Record<string, string>;
  partnerUid: string;
  groups: Group[];
}

// ---- child: seeds the database and exits («seed»), or serves it: the portal and a bare Fastify on free ports ----
async function child(dataDir: string, role: Role) {
  const { default: Fastify } = await import('fastify');
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { configuredDatabase, openDatabase, rowsOf } = await import('../apps/server/src/db/client');
  const { DEMO_PARTNERS } = await import('../apps/server/src/seed/people');
  const { createStorage } = await import('../apps/server/src/lib/storage');
  const { signInAs } = await import('../apps/server/test/support/helper');

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_PRODUCTS: String(PRODUCTS), WEB_DIST: path.join(dataDir, 'no-web') });
  const database = await openDatabase({ ...configuredDatabase(config), databaseUrl: DATABASE_URL });
  const storage = createStorage(dataDir);
  const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
  if (role === 'seed') return seedAndExit(database, storage, PRODUCTS, dataDir);

  const app = await buildApp(config, { database, storage, seed: false });
  const portal = await app.listen({ port: 0, host: '127.0.0.1' });
  // The catalogue's index is built in the background from the start; measuring begins once it is there.
  const indexing = performance.now();
  await app.catalogIndex.current();
  process.send?.({ log: `catalogue index ready ${((performance.now() - indexing) / 1000).toFixed(1)} s after the server listened` });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  // Leaf groups (no sub-groups) by how many products they hold: the filter counts of a page cost with the group's size.
  const leaves = await query<Group>(
    `select p.group_code as code, count(*)::int as products from products p join catalog_groups g on g.code = p.group_code
     where not exists (select 1 from catalog_groups c where c.parent_code = g.code) group by 1 order by 2, 1`,
  );
  const groups = [...new Set([...leaves.slice(0, GROUPS_EACH_END), ...leaves.slice(-GROUPS_EACH_END)])];
  process.on('SIGTERM', async () => {
    await Promise.all([app.close(), bare.close()]);
    await database.close();
    process.exit(0);
  });
  // The demo dealer owns SPECSNAB: signed-in pages are priced in its price type and mark what it bought before.
  const ready: Ready = { portal, bare: bareUrl, auth: await signInAs(app, 'demo'), partnerUid: DEMO_PARTNERS.SPECSNAB, groups };
  process.send?.({ ready });
}

// ---- parent: seeds through the child, drives the load, reports ----
interface Run {
  name: string;
  latencies: number[];
  seconds: number;
  errors: number;
}

async function drive(name: string, url: string, paths: string[], duration: number, headers: Record<string, string> = {}): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: paths.map((requestPath) => ({
      method: 'GET',
      path: requestPath,
      onResponse: (status, body) => {
        if (status !== 200 && firstError === undefined) firstError = `${status} on ${requestPath}: ${body.slice(0, 500)}`;
      },
    })),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== 200) errors++;
  });
  const result = await instance;
  if (firstError) console.error(`  ${name}: first error ${firstError}`);
  return { name, latencies, seconds: duration, errors: errors + result.errors + result.timeouts };
}

/** Several runs as one row: their answers pooled, req/s over their time together. */
const pooled = (name: string, runs: Run[]): Run => ({
  name,
  latencies: runs.flatMap((r) => r.latencies),
  seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

const figures = (run: Run) => ({
  rps: run.latencies.length / run.seconds,
  p50: percentile(run.latencies, 50),
  p95: percentile(run.latencies, 95),
  p99: percentile(run.latencies, 99),
});

function table(runs: Run[]): string {
  return [
    '| request | requests | req/s | p50 | p95 | p99 | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...runs.map((run) => {
      const { rps, p50, p95, p99 } = figures(run);
      return `| ${run.name} | ${run.latencies.length} | ${Math.round(rps)} | ${ms(p50)} | ${ms(p95)} | ${ms(p99)} | ${run.errors} |`;
    }),
  ].join('\n');
}

/** This file as a child process on the data directory, in a role. */
const startChild = (dataDir: string, role: Role) => forkChild<{ ready?: Ready }>(fileURLToPath(import.meta.url), [dataDir, role]);

/** One page, which must answer 200: what the filter combinations are built from. */
async function page(url: string, pagePath: string, headers: Record<string, string>): Promise<TCatalogPage> {
  const response = await fetch(new URL(pagePath, url), { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} on ${pagePath}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { response: TCatalogPage }).response;
}

/** The second page of a selection without its counts: what the web asks when a dealer turns a page. */
const turnedPage = (pagePath: string) => `${pagePath}&page=2&counts=0`;

/** The value most products have (a filter a dealer would pick), or undefined when none has any. */
const commonest = (values: Array<{ value: string; count: number }>) =>
  values.filter((v) => v.count > 0).sort((a, b) => b.count - a.count)[0]?.value;

/**
 * The filter combinations of one catalogue (a group or the sale), read from its unfiltered page so that each finds
 * products there: none, in stock, its commonest size, two filters together, the second quarter of its price range.
 */
async function combinations(url: string, scope: string, headers: Record<string, string>): Promise<Array<Record<string, string>>> {
  const { filters } = await page(url, scope, headers);
  if (!filters) throw new Error(`${scope} answered without its filter counts`);
  const size = commonest(filters.size);
  const season = commonest(filters.season);
  const combos: Array<Record<string, string>> = [{}, { stock: '1' }];
  if (size) combos.push({ size });
  combos.push(size && season ? { size, season } : { stock: '1', ...(season ? { season } : size ? { size } : {}) });
  const { min, max } = filters.price;
  if (min !== null && max !== null) {
    combos.push({ priceFrom: String(Math.floor(min + (max - min) / 4)), priceTo: String(Math.ceil(min + (max - min) / 2)) });
  }
  return combos;
}

async function main() {
  const kept = process.env.BENCH_DATA_DIR;
  const scratch = kept ? path.resolve(kept) : mkdtempSync(path.join(os.tmpdir(), 'portal-bench-catalog-'));
  console.log(`catalogue benchmark: ${PRODUCTS.toLocaleString('en-US')} products in ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (files in ${scratch})`);
  try {
    const seedSeconds = await seedInChild(fileURLToPath(import.meta.url), [scratch, 'seed']);

    const server = startChild(scratch, 'serve');
    const ready = (await server.answer).ready!;
    const runs: Run[] = [];
    const bySort: Record<'public' | 'signedIn' | 'publicTurned' | 'signedInTurned', Run[]> = {
      public: [],
      signedIn: [],
      publicTurned: [],
      signedInTurned: [],
    };
    try {
      const scopes = [
        ...ready.groups.map((group) => ({ route: '/api/content/catalog/products', params: { group: group.code } })),
        { route: '/api/content/season-sale', params: {} },
      ];
      const audiences = [
        { key: 'public', label: 'public', headers: {}, extra: {} },
        { key: 'signedIn', label: 'signed in, PARTNER', headers: ready.auth, extra: { PARTNER: ready.partnerUid } },
      ] as const;
      const pathOf = (route: string, params: Record<string, string>) => `${route}?${new URLSearchParams(params).toString()}`;
      // The paths of each audience and sort: every catalogue with every filter combination (signed-in price ranges
      // are read from the signed-in page: they are in the dealer's prices).
      const paths = new Map<string, string[]>();
      for (const audience of audiences) {
        for (const { route, params } of scopes) {
          for (const combo of await combinations(ready.portal, pathOf(route, { ...params, ...audience.extra }), audience.headers)) {
            for (const sort of SORTS) {
              const key = `${audience.key} ${sort}`;
              paths.set(key, [...(paths.get(key) ?? []), pathOf(route, { ...params, ...audience.extra, ...combo, ...(sort ? { sort } : {}) })]);
            }
          }
        }
      }
      // Every path once before measuring: a bad one fails here with its answer, and PGlite's buffers and the
      // index's price orders warm up. As many at a time as the measured rows send, so ~350 pages take seconds.
      const checks = audiences.flatMap((audience) =>
        SORTS.flatMap((sort) =>
          paths.get(`${audience.key} ${sort}`)!.flatMap((pagePath) => [pagePath, turnedPage(pagePath)].map((one) => ({ pagePath: one, headers: audience.headers }))),
        ),
      );
      const checked = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < checks.length) {
            const { pagePath, headers } = checks[next++]!;
            await page(ready.portal, pagePath, headers);
          }
        }),
      );
      console.log(`  every path answered once: ${checks.length} pages in ${((performance.now() - checked) / 1000).toFixed(1)} s`);
      console.log(`  ${paths.get('public ')!.length} pages per row: groups ${ready.groups.map((g) => `${g.code} (${g.products})`).join(', ')} and the season sale`);

      runs.push(await drive('bare Fastify GET /bare', ready.bare, ['/bare'], DURATION));
      for (const sort of SORTS) {
        for (const audience of audiences) {
          const selections = paths.get(`${audience.key} ${sort}`)!;
          const name = `${audience.label}, ${sortLabel(sort)}`;
          if (measured(name)) {
            const run = await drive(name, ready.portal, selections, DURATION, audience.headers);
            bySort[audience.key].push(run);
            runs.push(run);
          }
          if (measured(`${name}, page 2 without counts`)) {
            const turned = await drive(`${name}, page 2 without counts`, ready.portal, selections.map(turnedPage), DURATION, audience.headers);
            bySort[`${audience.key}Turned`].push(turned);
            runs.push(turned);
          }
        }
      }
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    const totals = ONLY_ROWS
      ? []
      : [
          pooled('public, all sorts', bySort.public),
          pooled('signed in, PARTNER, all sorts', bySort.signedIn),
          pooled('public, all sorts, page 2 without counts', bySort.publicTurned),
          pooled('signed in, PARTNER, all sorts, page 2 without counts', bySort.signedInTurned),
        ];
    console.log(`\n${table([...runs, ...totals])}\n`);
    if (ONLY_ROWS) console.log('not recorded (BENCH_ROWS picks some rows only)');
    else writeReport(runs, totals, ready.groups, seedSeconds);
  } finally {
    if (!kept) rmSync(scratch, { recursive: true, force: true });
  }
}

function writeReport(runs: Run[], totals: Run[], groups: Group[], seedSeconds: number | undefined) {
  // Judged on the worst row: every kind of page must meet the target, not their average.
  const worstOf = (rows: Run[]) => rows.reduce((a, b) => (figures(b).p95 > figures(a).p95 ? b : a));
  const pages = runs.slice(1);
  const withCounts = worstOf(pages.filter((run) => !run.name.endsWith('without counts')));
  const pageOnly = worstOf(pages.filter((run) => run.name.endsWith('without counts')));
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const judged =
    `Targets: a page with its filter counts p95 ≤ 100 ms — ${verdict(figures(withCounts).p95 <= 100)} (worst row: ${withCounts.name}, ${ms(figures(withCounts).p95)}); ` +
    `a page alone p95 ≤ 50 ms — ${verdict(figures(pageOnly).p95 <= 50)} (worst row: ${pageOnly.name}, ${ms(figures(pageOnly).p95)}).`;
  console.log(judged);
  writeSection('catalog', [
    '## Catalogue pages with filter counts (`npm run bench:catalog`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}; ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} with ${PRODUCTS.toLocaleString('en-US')} products ` +
      `(${seedSeconds === undefined ? 'seeded by an earlier run and reused' : `seeded in SQL in ${seedSeconds.toFixed(0)} s, then VACUUM ANALYZE`}). ` +
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per row, load generator and server on the same machine (server in a child process).`,
    `Each row rotates through GET /api/content/catalog/products of the leaf groups ${groups.map((g) => `${g.code} (${g.products.toLocaleString('en-US')} products)`).join(', ')}`,
    'and GET /api/content/season-sale, each with no filter, stock=1, its commonest size, two filters together (size and season, else in stock',
    'with one of them) and the second quarter of its price range, under one sort. «Public» pages are in list prices; «signed in» ones carry the demo dealer\'s Bearer token',
    'and PARTNER (the dealer\'s price, «bought before»). Rows «page 2 without counts» ask the second page of the same selections with counts=0,',
    'as the web does when a dealer turns a page. The «all sorts» rows pool the rows above them.',
    '',
    table([...runs, ...totals]),
    '',
    judged,
  ]);
}

runBenchmark(() => child(process.argv[3]!, process.argv[4] as Role), main);
