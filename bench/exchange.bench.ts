/**
 * 1C exchange benchmark (`npm run bench:exchange`, issue 40): a generated CommerceML catalogue of BENCH_OFFERS offers
 * (default 100,000 and 1,000,000, comma-separated; five sizes per good) loaded through the exchange as 1C loads it —
 * checkauth, init, import.xml and offers.xml in file_limit chunks, import until success — then the same offers.xml
 * sent again (nothing changes), and an «only changes» package of a tenth of the offers with new stock; beside the
 * JSON integration API loading the same goods and offers in batches of 5,000 into a database of its own (up to
 * BENCH_JSON_MAX_OFFERS offers, default 100,000: an hour at a million). Measures
 * time (and of it the apply, the package's one transaction), the process's resident memory before and at its peak
 * (the server and its embedded database share the process), and the latencies of catalogue pages asked for at a steady
 * pace while each file loads. One process, in-process requests
 * (app.inject): the same event loop and database the real server has. Writes docs/performance.md («exchange», or
 * «exchange-postgres»);
 * BENCH_RECORD=off prints only. BENCH_DATABASE_URL runs on PostgreSQL (each run gets a fresh database).
 *
 * Knobs for working on one step: BENCH_SIDES=exchange (or json) runs one side only (BENCH_PART=exchange runs it in
 * this process, without the server's Node options); BENCH_STEPS=goods,baseline,offers,again,changes,stock
 * picks the exchange's steps (default all six: «baseline» is the pages with no package, «stock» the same stock package
 * with pages from memory and then from the database during its apply); BENCH_SEEDED_DIR=<folder> (embedded database only) keeps a copy of
 * the data folder as it is after import.xml: when the folder exists the goods step is skipped and a copy of it is
 * opened, else it is saved there after the goods step. Each step also reports where the memory went (the main
 * thread's heap, its buffers, the embedded engine's WebAssembly memory) and how long the main thread's event loop was
 * held (its delay, while the file is read and while it is applied), with the young and old generations' peaks and the
 * engine's resident pages. BENCH_FULL_GC_EVERY_MS=<ms> forces a full collection that often during each step: a
 * diagnosis of what the old generation holds, not a figure to record; BENCH_PROMOTED_PROFILE=<file> prints where the
 * objects that outlived the young generation were allocated (a diagnosis too: sampling slows the step).
 * A server opened on a copy of the data folder builds its catalogue index in the background (~170 MB at 1,000,000
 * offers): a step run first measures that build as well. A package waits for the index's rebuilds (the previous
 * package's) before it reads its file; the «again» step is followed by the same file read beside a rebuild, as before. To measure a package on a running server, as 1C meets it,
 * put «baseline» first (BENCH_STEPS=baseline,offers): it waits for the index.
 */
import { fork } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import { Session } from 'node:inspector';
import { getHeapSpaceStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createScratchDatabase } from '../apps/server/test/support/helper';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { percentile, runBenchmark, writeSection } from './shared';

const SIZES = (process.env.BENCH_OFFERS ?? '100000,1000000').split(',').map(Number).filter((n) => n > 0);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const SIZES_PER_GOOD = 5;
const LOGIN = 'bench-exchange';
const PASSWORD = 'bench-exchange-password';
const KEY = 'bench-integration-key-0123456789';
const AUTH = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
const BATCH = 5000;
const STEPS = new Set((process.env.BENCH_STEPS ?? 'goods,baseline,offers,again,changes,stock').split(',').map((step) => step.trim()));
const SEEDED_DIR = process.env.BENCH_SEEDED_DIR || undefined;
const JSON_MAX_OFFERS = Number(process.env.BENCH_JSON_MAX_OFFERS ?? 100_000);
const PROMOTED_PROFILE = process.env.BENCH_PROMOTED_PROFILE || undefined;

interface Portal {
  app: FastifyInstance;
  database: Database;
  dir: string;
  close(options?: { keepDir?: boolean }): Promise<void>;
}

async function openPortal(seededFrom?: string): Promise<Portal> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exchange-'));
  if (seededFrom) cpSync(seededFrom, dir, { recursive: true });
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: scratch?.url ?? '',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SEED_PRODUCTS: '0',
    EXCHANGE_LOGIN: LOGIN,
    EXCHANGE_PASSWORD: PASSWORD,
    INTEGRATION_API_KEY: KEY,
    MAIL_SEND_INTERVAL_SECONDS: '0',
    // Short import steps: the benchmark sees within a second when the package's reading ends and its apply begins.
    EXCHANGE_STEP_SECONDS: '1',
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dir, poolSize: config.DATABASE_POOL_SIZE, cacheMb: config.EMBEDDED_CACHE_MB });
  const app = await buildApp(config, { database, seed: false });
  await app.ready();
  return {
    app,
    database,
    dir,
    close: async (options) => {
      await app.close();
      await database.close();
      await scratch?.drop();
      if (!options?.keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const goodId = (g: number) => `bench-good-${g}`;
const offerId = (g: number, s: number) => `${goodId(g)}#size-${s}`;
const sizeName = (s: number) => `${44 + 4 * s}-${46 + 4 * s}/170-176`;
const dealerPrice = (g: number, s: number) => 1000 + (g % 500) + s * 50;
const stockOf = (g: number, s: number, round: number) => (g * 7 + s * 3 + round) % 40;

/** Writes a file line by line through a small buffer: the generated package never sits whole in memory. */
function writeLines(file: string, lines: Iterable<string>) {
  const fd = openSync(file, 'w');
  let buffer = '';
  for (const line of lines) {
    buffer += `${line}\n`;
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  }
  writeSync(fd, buffer);
  closeSync(fd);
}

function* goodsXml(goods: number) {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T10:00:00">';
  yield '<Классификатор><Ид>bench</Ид><Наименование>Классификатор</Наименование><Группы>';
  for (let group = 0; group < 20; group++) yield `<Группа><Ид>bench-group-${group}</Ид><Наименование>Группа ${group}</Наименование></Группа>`;
  yield '</Группы><Свойства><Свойство><Ид>season</Ид><Наименование>Сезон</Наименование></Свойство></Свойства></Классификатор>';
  yield '<Каталог СодержитТолькоИзменения="false"><Ид>bench</Ид><ИдКлассификатора>bench</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>';
  for (let g = 0; g < goods; g++) {
    yield `<Товар><Ид>${goodId(g)}</Ид><Артикул>BX-${g}</Артикул><Наименование>Костюм рабочий «Бенч» ${g}</Наименование><Группы><Ид>bench-group-${g % 20}</Ид></Группы><Описание>Описание ${g}</Описание><ЗначенияСвойств><ЗначенияСвойства><Ид>season</Ид><Значение>${g % 2 ? 'Зима' : 'Лето'}</Значение></ЗначенияСвойства></ЗначенияСвойств></Товар>`;
  }
  yield '</Товары></Каталог></КоммерческаяИнформация>';
}

function* offersXml(goods: number, round: number, onlyChanges: boolean, every = 1) {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T10:00:00">';
  yield `<ПакетПредложений СодержитТолькоИзменения="${onlyChanges}"><Ид>bench#</Ид><Наименование>Пакет</Наименование><ИдКаталога>bench</ИдКаталога>`;
  yield '<ТипыЦен><ТипЦены><Ид>dealer</Ид><Наименование>Оптовая</Наименование></ТипЦены></ТипыЦен>';
  yield '<Склады><Склад><Ид>main</Ид><Наименование>Основной</Наименование></Склад></Склады><Предложения>';
  for (let g = 0; g < goods; g += every) {
    for (let s = 0; s < SIZES_PER_GOOD; s++) {
      const prices = onlyChanges ? '' : `<Цены><Цена><ИдТипаЦены>dealer</ИдТипаЦены><ЦенаЗаЕдиницу>${dealerPrice(g, s)}</ЦенаЗаЕдиницу></Цена></Цены>`;
      yield `<Предложение><Ид>${offerId(g, s)}</Ид><Наименование>Костюм (${sizeName(s)})</Наименование><ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${sizeName(s)}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>${prices}<Остатки><Остаток><Склад><Ид>main</Ид><Количество>${stockOf(g, s, round)}</Количество></Склад></Остаток></Остатки></Предложение>`;
    }
  }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>';
}

async function call(app: FastifyInstance, query: Record<string, string>, cookie: string, body?: Buffer) {
  const response = await app.inject({
    method: body ? 'POST' : 'GET',
    url: `/api/1c/exchange?${new URLSearchParams(query)}`,
    headers: { cookie, ...(body && { 'content-type': 'application/octet-stream' }) },
    ...(body && { payload: body }),
  });
  return iconv.decode(response.rawPayload, 'win1251').split('\n');
}

/**
 * The whole exchange of one file: chunks of file_limit, then import until success; answers the seconds of the import
 * and of its apply (from the first `progress` that says the changes are being applied, to within a step).
 */
async function exchangeFile(
  app: FastifyInstance,
  file: string,
  name: string,
  phase: { applyStarted?: number; onApply?: () => void } = {},
): Promise<{ seconds: number; applySeconds: number; answer: string }> {
  const auth = await app.inject({ method: 'GET', url: '/api/1c/exchange?type=catalog&mode=checkauth', headers: { authorization: AUTH } });
  const [, cookieName, cookieValue] = iconv.decode(auth.rawPayload, 'win1251').split('\n');
  const cookie = `${cookieName}=${cookieValue}`;
  const init = await call(app, { type: 'catalog', mode: 'init' }, cookie);
  const limit = Number(init.find((line) => line.startsWith('file_limit='))!.split('=')[1]);
  const fd = openSync(file, 'r');
  const size = statSync(file).size;
  for (let offset = 0; offset < size; offset += limit) {
    const chunk = Buffer.alloc(Math.min(limit, size - offset));
    readSync(fd, chunk, 0, chunk.length, offset);
    const answer = await call(app, { type: 'catalog', mode: 'file', filename: name }, cookie, chunk);
    if (answer[0] !== 'success') throw new Error(`file: ${answer.join(' ')}`);
  }
  closeSync(fd);
  const started = performance.now();
  let applyStarted: number | undefined;
  for (;;) {
    const answer = await call(app, { type: 'catalog', mode: 'import', filename: name }, cookie);
    if (answer[0] === 'progress') {
      if (applyStarted === undefined && answer[1]?.includes('применяются')) {
        applyStarted = performance.now();
        phase.applyStarted = applyStarted;
        phase.onApply?.();
      }
      continue;
    }
    if (answer[0] !== 'success') throw new Error(`import ${name}: ${answer.join(' ')}`);
    const ended = performance.now();
    return { seconds: (ended - started) / 1000, applySeconds: (ended - (applyStarted ?? ended)) / 1000, answer: answer[1] ?? '' };
  }
}

/** Where the process's memory is, in MB: resident, the main thread's heap, its buffers, the engine's WebAssembly memory. */
interface MemoryParts {
  rss: number;
  heap: number;
  buffers: number;
  engine: number;
  /** The engine's worker thread's JavaScript heap, committed. */
  thread: number;
}

async function memoryParts(database?: Database): Promise<MemoryParts> {
  const usage = process.memoryUsage();
  const engine = (await database?.engineMemory?.()) ?? 0;
  const thread = (await database?.engineThreadHeap?.()) ?? 0;
  return { rss: usage.rss / 2 ** 20, heap: usage.heapUsed / 2 ** 20, buffers: usage.arrayBuffers / 2 ** 20, engine: engine / 2 ** 20, thread: thread / 2 ** 20 };
}

/**
 * The engine's resident memory, in MB: the pages of its WebAssembly memory the engine has touched. Its size (the
 * «engine» figure) is reserved at start, page cache included, but a page costs the process only once written, so the
 * page cache filling up shows in the resident memory, not in the engine's size. V8 maps a WebAssembly memory's pages
 * followed by a guard region of gigabytes (no access); nothing else of the process is followed by one that large.
 */
function engineResidentMb(): number {
  if (process.platform !== 'linux') return 0;
  // Read into one buffer kept for the run and scanned as bytes: the file is ~1 MB, and read as a string each second
  // it made ~1 MB of garbage a second on the very heap measured here (a string that size goes straight to the old
  // generation), which showed as the old generation's growth while a package was read.
  const fd = openSync('/proc/self/smaps', 'r');
  let length = 0;
  try {
    for (let read = -1; read !== 0; length += read) {
      if (length === smapsBuffer.length) smapsBuffer = Buffer.alloc(smapsBuffer.length * 2);
      read = readSync(fd, smapsBuffer, length, smapsBuffer.length - length, null);
    }
  } finally {
    closeSync(fd);
  }
  let total = 0;
  let previousKb = 0;
  for (let start = 0; start < length; ) {
    const end = smapsBuffer.indexOf(0x0a, start) === -1 ? length : smapsBuffer.indexOf(0x0a, start);
    const first = smapsBuffer[start]!;
    const isRange = (first >= 0x30 && first <= 0x39) || (first >= 0x61 && first <= 0x66);
    if (isRange) {
      // «from-to perms …»: the line's start only, a short string that dies young.
      const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(smapsBuffer.toString('latin1', start, Math.min(end, start + 48)));
      if (range) {
        const size = Number.parseInt(range[2]!, 16) - Number.parseInt(range[1]!, 16);
        if (range[3] === '---p' && size >= 4 * 2 ** 30) total += previousKb / 1024;
        previousKb = 0;
      }
    } else if (smapsBuffer.compare(RSS_FIELD, 0, RSS_FIELD.length, start, start + RSS_FIELD.length) === 0) {
      previousKb = Number.parseInt(smapsBuffer.toString('latin1', start + 4, end).trim(), 10);
    }
    start = end + 1;
  }
  return total;
}
let smapsBuffer = Buffer.alloc(4 * 2 ** 20);
const RSS_FIELD = Buffer.from('Rss:', 'latin1');

/** The main thread's young generation (its committed pages) and old generation (used), in MB. */
function heapSpaces() {
  const spaces = getHeapSpaceStatistics();
  const young = spaces.filter((space) => space.space_name.startsWith('new')).reduce((sum, space) => sum + space.physical_space_size, 0);
  const old = spaces.filter((space) => !space.space_name.startsWith('new')).reduce((sum, space) => sum + space.space_used_size, 0);
  return { young: young / 2 ** 20, old: old / 2 ** 20 };
}

const partsCell = (before: MemoryParts, after: MemoryParts, peakHeap: { reading: number; applying: number }, peakRssReading: number) =>
  `resident peak while read ${fixed(peakRssReading, 0)}; heap ${fixed(before.heap, 0)} → ${fixed(after.heap, 0)} (peak while read ${fixed(peakHeap.reading, 0)}, from the apply on ${fixed(peakHeap.applying, 0)}), buffers ${fixed(before.buffers, 0)} → ${fixed(after.buffers, 0)}, ` +
  `engine ${fixed(before.engine, 0)} → ${fixed(after.engine, 0)} MB, engine thread's heap ${fixed(before.thread, 0)} → ${fixed(after.thread, 0)} MB`;

/**
 * Resident memory at the start and its peak, sampled every 50 ms while `work` runs; the main thread's heap peak, the
 * parts before and after (the engine's memory is asked for only at the ends: a question to its thread waits for the
 * statement it runs).
 */
async function measured<T>(
  work: () => Promise<T>,
  database?: Database,
  phase: { applyStarted?: number } = {},
): Promise<{ result: T; seconds: number; startMb: number; peakMb: number; parts: string }> {
  global.gc?.();
  const before = await memoryParts(database);
  const base = process.memoryUsage().rss;
  let peak = base;
  const peakHeap = { reading: before.heap, applying: 0 };
  let peakRssReading = before.rss;
  const residentBefore = engineResidentMb();
  const spacesBefore = heapSpaces();
  const peakSpaces = { young: spacesBefore.young, old: spacesBefore.old, engineResident: residentBefore };
  let ticks = 0;
  // BENCH_FULL_GC_EVERY_MS (a diagnosis, never the recorded figures): a full collection that often, so what the old
  // generation keeps beyond it is live data, and what it sheds is garbage V8 had not yet chosen to collect.
  const fullGcEvery = Number(process.env.BENCH_FULL_GC_EVERY_MS ?? 0);
  const collector = fullGcEvery > 0 && global.gc ? setInterval(() => global.gc?.(), fullGcEvery) : undefined;
  const profile = PROMOTED_PROFILE ? await promotedProfile() : undefined;
  const sampler = setInterval(() => {
    const spaces = heapSpaces();
    peakSpaces.young = Math.max(peakSpaces.young, spaces.young);
    peakSpaces.old = Math.max(peakSpaces.old, spaces.old);
    // /proc/self/smaps is long: read once a second.
    if (++ticks % 20 === 0) peakSpaces.engineResident = Math.max(peakSpaces.engineResident, engineResidentMb());
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    const at = phase.applyStarted === undefined ? 'reading' : 'applying';
    peakHeap[at] = Math.max(peakHeap[at], usage.heapUsed / 2 ** 20);
    if (at === 'reading') peakRssReading = Math.max(peakRssReading, usage.rss / 2 ** 20);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    await profile?.stop();
    const after = await memoryParts(database);
    const residentAfter = engineResidentMb();
    const spaces =
      `; young generation ${fixed(spacesBefore.young, 0)} → peak ${fixed(peakSpaces.young, 0)}, old generation ${fixed(spacesBefore.old, 0)} → peak ${fixed(peakSpaces.old, 0)} MB` +
      `; engine resident ${fixed(residentBefore, 0)} → ${fixed(residentAfter, 0)} (peak ${fixed(Math.max(peakSpaces.engineResident, residentAfter), 0)}) MB`;
    return { result, seconds, startMb: base / 2 ** 20, peakMb: peak / 2 ** 20, parts: partsCell(before, after, peakHeap, peakRssReading) + spaces };
  } finally {
    clearInterval(sampler);
    clearInterval(collector);
  }
}

/**
 * BENCH_PROMOTED_PROFILE=<file> (a diagnosis): V8's sampling heap profile of a step, of the objects that survived the
 * young generation's scavenges (live at the end, or promoted to the old generation and collected there), the objects
 * that died young left out: what makes the old generation grow. Printed as the functions that allocated most of it,
 * and saved whole to <file>-<n>.heapprofile (DevTools opens it).
 */
let profiles = 0;
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}
async function promotedProfile(): Promise<{ stop(): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  await post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
  return {
    async stop() {
      const { profile } = await post<{ profile: { head: ProfileNode } }>('HeapProfiler.stopSampling');
      session.disconnect();
      const file = `${PROMOTED_PROFILE}-${++profiles}.heapprofile`;
      writeFileSync(file, JSON.stringify(profile));
      const bySite = new Map<string, number>();
      const byStack = new Map<string, number>();
      const walk = (node: ProfileNode, stack: string[]) => {
        const site = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
        const here = [...stack, site];
        if (node.selfSize > 0) {
          bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
          const key = here.slice(-6).join(' < ');
          byStack.set(key, (byStack.get(key) ?? 0) + node.selfSize);
        }
        for (const child of node.children) walk(child, here);
      };
      walk(profile.head, []);
      const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${fixed(v / 2 ** 20)} MB  ${k}`);
      console.log([`survived the scavenges (${file}), by allocation site:`, ...top(bySite, 25), 'by stack (innermost last):', ...top(byStack, 15)].join('\n'));
    },
  };
}

/** An event-loop delay histogram as p99 and max in ms. */
const loopCell = (loop: IntervalHistogram) => (loop.count === 0 ? 'none' : `p99 ${fixed(loop.percentile(99) / 1e6)} ms, max ${fixed(loop.max / 1e6)} ms`);

/** A catalogue page is asked for this often while a package loads, whether or not the previous ones were answered. */
const PAGE_EVERY_MS = 50;

/**
 * The demo dealer (signed in, the company in use ИП Петров with its contracts' discount) whose catalogue pages and
 * product searches are among those asked (`pagesDuring`): set once the portal is open.
 */
let dealer: { headers: Record<string, string>; partner: string } | null = null;

async function signInDealer(app: FastifyInstance) {
  const { seedPeople, DEMO_PARTNERS } = await import('../apps/server/src/seed/people');
  const { signInAs } = await import('../apps/server/test/support/helper');
  await seedPeople(app.db);
  dealer = { headers: await signInAs(app, 'demo'), partner: DEMO_PARTNERS.PETROV };
}

/** What a page asked is: a public catalogue page, the dealer's page with PARTNER, or the dealer's product search. */
type PageKind = 'public' | 'signed-in' | 'search';

/** The page `n` of a steady run: of four, two public, one the dealer's page, one the dealer's search of 20 articles. */
function pageAsked(n: number): { kind: PageKind; url: string; headers?: Record<string, string> } {
  const group = `bench-group-${n % 20}`;
  if (!dealer || n % 2 === 0) return { kind: 'public', url: `/api/content/catalog/products?group=${group}` };
  if (n % 4 === 1) return { kind: 'signed-in', url: `/api/content/catalog/products?group=${group}&PARTNER=${dealer.partner}`, headers: dealer.headers };
  return { kind: 'search', url: `/api/product/search?OPTION=0&QUERY=BX-${(n >> 2) % 20}&PARTNER=${dealer.partner}`, headers: dealer.headers };
}

/**
 * Catalogue pages asked for at a steady pace while `work` runs (open loop: a page stuck behind the database does not
 * hold back the next ones, so every page that would have been asked for during a stall counts its wait): latencies.
 */
async function pagesDuring(app: FastifyInstance, work: Promise<unknown>): Promise<Array<{ started: number; ended: number; kind: PageKind }>> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => {});
  const latencies: Array<Promise<{ started: number; ended: number; kind: PageKind }>> = [];
  let page = 0;
  while (!done) {
    const started = performance.now();
    const asked = pageAsked(page++);
    latencies.push(
      app.inject({ method: 'GET', url: asked.url, ...(asked.headers ? { headers: asked.headers } : {}) }).then((response) => {
        // 404 while import.xml loads: the groups exist once its package is applied (and the articles searched).
        if (response.statusCode !== 200 && response.statusCode !== 404) throw new Error(`catalogue page: ${response.statusCode} ${response.body.slice(0, 200)}`);
        return { started, ended: performance.now(), kind: asked.kind };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, PAGE_EVERY_MS));
  }
  return Promise.all(latencies);
}

/**
 * All pages' p95, p99 and max; then the p95 and max of those answered before the apply was reported begun: the pages
 * served while the file was uploaded, parsed and staged, which is what the parsing on the main thread costs them.
 */
const pagesCell = (pages: Array<{ started: number; ended: number; kind?: PageKind }>, applyStarted = Infinity) => {
  const all = pages.map((page) => page.ended - page.started);
  const reading = pages.filter((page) => page.ended < applyStarted).map((page) => page.ended - page.started);
  // Asked once the apply was reported begun: the cards read before its transaction, the transaction, the removal of
  // the staged rows and the catalogue index's rebuild after it.
  const applying = pages.filter((page) => page.started >= applyStarted).map((page) => page.ended - page.started);
  const part = (name: string, values: number[]) =>
    values.length === 0 ? `${name}: none` : `${name}: p95 ${fixed(percentile(values, 95))} ms, max ${fixed(Math.max(...values))} ms (${values.length})`;
  // Of those asked during the apply (of all, for the baseline), the dealer's pages and searches apart.
  const kindDuring = (kind: PageKind) =>
    pages.filter((page) => page.kind === kind && (applyStarted === Infinity || page.started >= applyStarted)).map((page) => page.ended - page.started);
  const dealers = dealer
    ? `; ${part('of them public pages', kindDuring('public'))}; ${part('the dealer\'s pages', kindDuring('signed-in'))}; ${part('the dealer\'s searches', kindDuring('search'))}`
    : '';
  return (
    `p95 ${fixed(percentile(all, 95))} ms, p99 ${fixed(percentile(all, 99))} ms, max ${fixed(Math.max(...all))} ms (${all.length}); ` +
    `${part('answered before the apply', reading)}; ${part('asked during the apply', applying)}${dealers}`
  );
};

/** Pages with no package loading, for as long: the baseline of the same run. */
const IDLE_SECONDS = 15;

/**
 * The catalogue's cards as a package's apply first reads them (CatalogIndex.whileApplying): how long the read takes
 * and how much the heap grows by holding them.
 */
async function cardsWeight(app: FastifyInstance): Promise<string> {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cards = await app.catalogIndex.readCardsNow();
  const seconds = (performance.now() - started) / 1000;
  global.gc?.();
  const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  const products = (await app.catalogIndex.current()).snapshot.products.size;
  const weight = `${products.toLocaleString('en-US')} products: read in ${fixed(seconds)} s, heap +${fixed(grown)} MB (typed columns ${fixed((cards?.columnBytes ?? 0) / 2 ** 20)} MB)`;
  return weight;
}

async function jsonApi(app: FastifyInstance, goods: number): Promise<void> {
  const post = async (kind: string, items: unknown[]) => {
    const response = await app.inject({ method: 'POST', url: `/api/integration/${kind}`, headers: { 'x-api-key': KEY }, payload: items });
    const report = response.json().response as { refused: number };
    if (response.statusCode !== 200 || report.refused > 0) throw new Error(`integration ${kind}: ${response.body.slice(0, 500)}`);
  };
  for (let g0 = 0; g0 < goods; g0 += BATCH) {
    const items = [];
    for (let g = g0; g < Math.min(goods, g0 + BATCH); g++) {
      items.push({
        uid: goodId(g),
        article: `BX-${g}`,
        name: `Костюм рабочий «Бенч» ${g}`,
        price: dealerPrice(g, 0),
        price_opt: dealerPrice(g, 0),
        detail_text: `Описание ${g}`,
        group_code: `bench-group-${g % 20}`,
        characteristics: [{ NAME: 'Сезон', VALUE: g % 2 ? 'Зима' : 'Лето' }],
      });
    }
    await post('products', items);
  }
  let items: unknown[] = [];
  for (let g = 0; g < goods; g++) {
    for (let s = 0; s < SIZES_PER_GOOD; s++) {
      items.push({ product_uid: goodId(g), guid: offerId(g, s), characteristic: sizeName(s), residue: stockOf(g, s, 0), price: dealerPrice(g, s), org_guid: '8d5e3c1a-2b4f-4c6d-9e8f-a1b2c3d4e5f6' });
      if (items.length === BATCH) {
        await post('offers', items);
        items = [];
      }
    }
  }
  if (items.length) await post('offers', items);
}

const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The rows of one part (the exchange's steps, or the JSON API) for `offers`, measured in a process of its own. */
async function part(which: 'exchange' | 'json', offers: number): Promise<string[]> {
  const goods = Math.ceil(offers / SIZES_PER_GOOD);
  const label = `${offers.toLocaleString('en-US')} (${goods.toLocaleString('en-US')})`;
  const rows: string[] = [];
  const memory = (run: { startMb: number; peakMb: number }) => `${fixed(run.startMb, 0)} → ${fixed(run.peakMb, 0)} MB`;
  const seeded = SEEDED_DIR && !DATABASE_URL && existsSync(SEEDED_DIR) ? SEEDED_DIR : undefined;
  let portal = await openPortal(which === 'exchange' ? seeded : undefined);
  if (which === 'exchange') await signInDealer(portal.app);
  const files = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exchange-files-'));
  try {
    if (which === 'json') {
      const run = await measured(() => jsonApi(portal.app, goods));
      rows.push(row([label, 'JSON integration API: the same goods and offers, batches of 5,000', `${fixed(run.seconds)} s`, fixed((offers + goods) / run.seconds, 0), memory(run), '', run.parts, '']));
      return rows;
    }
    const importFile = path.join(files, 'bench-import.xml');
    const offersFile = path.join(files, 'bench-offers.xml');
    const changesFile = path.join(files, 'bench-changes.xml');
    if (STEPS.has('goods') && !seeded) writeLines(importFile, goodsXml(goods));
    if (STEPS.has('offers') || STEPS.has('again')) writeLines(offersFile, offersXml(goods, 0, false));
    if (STEPS.has('changes')) writeLines(changesFile, offersXml(goods, 1, true, 10));
    if (existsSync(offersFile)) console.log(`${label}: offers.xml ${fixed(statSync(offersFile).size / 2 ** 20)} MB`);

    const time = (run: { seconds: number; result: { applySeconds: number } }) => `${fixed(run.seconds)} s (apply ${fixed(run.result.applySeconds)} s)`;
    /**
     * One step: the file exchanged while catalogue pages are asked for; the main thread's event-loop delay while the
     * file is uploaded and read, then while it is applied.
     */
    const step = async (what: string, items: number, file: string, name: string) => {
      let latencies: Array<{ started: number; ended: number }> = [];
      const reading = monitorEventLoopDelay({ resolution: 10 });
      const applying = monitorEventLoopDelay({ resolution: 10 });
      const phase: { applyStarted?: number; onApply?: () => void } = {
        onApply: () => {
          reading.disable();
          applying.enable();
        },
      };
      reading.enable();
      const run = await measured(async () => {
        const work = exchangeFile(portal.app, file, name, phase);
        latencies = await pagesDuring(portal.app, work);
        return work;
      }, portal.database, phase);
      reading.disable();
      applying.disable();
      const line = row([
        label,
        what,
        time(run),
        fixed(items / run.seconds, 0),
        memory(run),
        pagesCell(latencies, phase.applyStarted),
        run.parts,
        `reading: ${loopCell(reading)}; apply: ${loopCell(applying)}`,
      ]);
      console.log(line);
      rows.push(line);
    };
    if (STEPS.has('goods') && !seeded) {
      await step('exchange: import.xml (goods)', goods, importFile, 'import.xml');
      if (SEEDED_DIR && !DATABASE_URL) {
        // Kept for the next runs: the goods step of a million offers is minutes of the machine.
        await portal.close({ keepDir: true });
        cpSync(portal.dir, SEEDED_DIR, { recursive: true });
        const reopened = await openPortal(SEEDED_DIR);
        rmSync(portal.dir, { recursive: true, force: true });
        portal = reopened;
        await signInDealer(portal.app);
      }
    }
    if (STEPS.has('baseline')) {
      // The baseline once the index is quiet: the goods' rebuild, and the confirming one the next look at the markers makes.
      await portal.app.catalogIndex.packageSettled();
      await portal.app.catalogIndex.checkNow();
      await portal.app.catalogIndex.checkNow();
      const idle = await measured(() => pagesDuring(portal.app, new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))));
      rows.push(row([label, `no package: pages alone for ${IDLE_SECONDS} s (the baseline)`, '', '', memory(idle), pagesCell(idle.result), '', '']));
      rows.push(row([label, `the cards a package's apply reads first (${await cardsWeight(portal.app)})`, '', '', '', '', '', '']));
    }
    if (STEPS.has('offers')) await step('exchange: offers.xml (new offers, prices, stock)', offers, offersFile, 'offers.xml');
    if (STEPS.has('again')) {
      await step('exchange: the same offers.xml again (no change)', offers, offersFile, 'offers.xml');
      // The comparison: the same file read beside a full rebuild of the catalogue index, as a package was read before
      // it waited for the previous package's rebuild (CatalogIndex.rebuildsDone): the rebuild started as the step does.
      const index = portal.app.catalogIndex;
      await index.rebuildsDone();
      const rebuildsDone = index.rebuildsDone;
      index.rebuildsDone = async () => {};
      index.noteWrite('products');
      await step('the same again, read beside a rebuild of the index (as before: not waiting for it): the comparison', offers, offersFile, 'offers.xml');
      index.rebuildsDone = rebuildsDone;
      await index.rebuildsDone();
    }
    if (STEPS.has('changes')) {
      const changed = Math.ceil(goods / 10) * SIZES_PER_GOOD;
      await step(`exchange: «only changes», stock of ${changed.toLocaleString('en-US')} offers`, changed, changesFile, 'changes.xml');
      // The same kind of package with the cards before it read 10,000 products a statement, as before
      // (CatalogIndex.cardsChunk): the comparison.
      writeLines(changesFile, offersXml(goods, 4, true, 10));
      const cardsChunk = portal.app.catalogIndex.cardsChunk;
      portal.app.catalogIndex.cardsChunk = 10_000;
      await step('the same kind again, the cards read 10,000 products a statement (as before): the comparison', changed, changesFile, 'changes.xml');
      portal.app.catalogIndex.cardsChunk = cardsChunk;
    }
    if (STEPS.has('stock')) {
      // The same kind of package twice — the stock of every offer changed — with the pages during the apply answered
      // from memory (CatalogIndex.whileApplying), then reading the database as they did before (waiting for the commit).
      const stockFile = path.join(portal.dir, 'bench-stock.xml');
      writeLines(stockFile, offersXml(goods, 2, false));
      await step('exchange: offers.xml, the stock of every offer changed; pages from memory during the apply', offers, stockFile, 'stock.xml');
      writeLines(stockFile, offersXml(goods, 3, false));
      portal.app.catalogIndex.whileApplying = (apply) => apply();
      await step('the same again, pages reading the database during the apply (as before): the comparison', offers, stockFile, 'stock.xml');
    }
    return rows;
  } finally {
    await portal.close();
    rmSync(files, { recursive: true, force: true });
  }
}

/** Runs `part` in a child process (a fresh heap and database engine per measurement) and answers its rows. */
function inChild(which: 'exchange' | 'json', offers: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // The server's Node options (scripts/server-flags.mjs), as the other benchmarks' servers run: what production runs.
    const child = fork(process.argv[1]!, [], {
      execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
      env: { ...process.env, BENCH_PART: which, BENCH_OFFERS: String(offers) },
    });
    let rows: string[] = [];
    child.on('message', (message: { rows: string[] }) => (rows = message.rows));
    child.on('exit', (code) => (code === 0 ? resolve(rows) : reject(new Error(`the ${which} part exited with ${code}`))));
  });
}

async function main() {
  const which = process.env.BENCH_PART as 'exchange' | 'json' | undefined;
  if (which) {
    const rows = await part(which, SIZES[0]!);
    for (const line of rows) console.log(line);
    process.send?.({ rows });
    return;
  }
  const lines: string[] = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `Node ${process.versions.node}, ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite on disk'}, load average ${os.loadavg()[0]!.toFixed(1)} at the start ` +
      '(a load above the cores\' number measures the others\' work too; the end\'s is below the table).',
    '',
    row([
      'offers (goods)',
      'step',
      'time: upload + import (of it, the apply)',
      'items/s',
      'resident memory of the process: before → peak',
      `catalogue pages meanwhile, one every ${PAGE_EVERY_MS} ms`,
      'where the memory is: before → after',
      "main thread's event-loop delay",
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  const sides = (process.env.BENCH_SIDES ?? 'exchange,json').split(',');
  for (const offers of SIZES) {
    if (sides.includes('exchange')) lines.push(...(await inChild('exchange', offers)));
    // The JSON API takes about an hour at a million offers (one transaction an item): its baseline is run up to
    // BENCH_JSON_MAX_OFFERS and said so beside the larger sizes.
    if (sides.includes('json') && offers <= JSON_MAX_OFFERS) lines.push(...(await inChild('json', offers)));
    else if (sides.includes('json')) lines.push(row([offers.toLocaleString('en-US'), `JSON integration API: not run above ${JSON_MAX_OFFERS.toLocaleString('en-US')} offers (BENCH_JSON_MAX_OFFERS)`, '', '', '', '', '', '']));
  }
  lines.push('', `Load average ${os.loadavg()[0]!.toFixed(1)} at the end.`);
  lines.push(
    '',
    "The exchange reads a package into staging tables in short batches (each item checked by the integration API's",
    'rules), then applies it with a few set-based statements in one transaction (all or nothing); items already as sent',
    'are not written. The JSON API applies each item in a transaction of its own. Each part runs in a process of its own;',
    "the memory is that whole process (server, embedded database, the benchmark's in-process requests).",
  );
  writeSection(DATABASE_URL ? 'exchange-postgres' : 'exchange', lines);
}

runBenchmark(main, main);
