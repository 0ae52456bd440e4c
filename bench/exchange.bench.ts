/**
 * 1C exchange benchmark (`npm run bench:exchange`, issue 40): a generated CommerceML catalogue of BENCH_OFFERS offers
 * (default 100,000 and 1,000,000, comma-separated; five sizes per good) loaded through the exchange as 1C loads it —
 * checkauth, init, import.xml and offers.xml in file_limit chunks, import until success — then the same offers.xml
 * sent again (nothing changes), and an «only changes» package of a tenth of the offers with new stock; beside the
 * JSON integration API loading the same goods and offers in batches of 5,000 into a database of its own. Measures
 * time (and of it the apply, the package's one transaction), the process's resident memory before and at its peak
 * (the server and its embedded database share the process), and the latencies of catalogue pages asked for at a steady
 * pace while each file loads. One process, in-process requests
 * (app.inject): the same event loop and database the real server has. Writes docs/performance.md («exchange», or
 * «exchange-postgres»);
 * BENCH_RECORD=off prints only. BENCH_DATABASE_URL runs on PostgreSQL (each run gets a fresh database).
 */
import { fork } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createScratchDatabase } from '../apps/server/test/support/helper';
import { percentile, runBenchmark, writeSection } from './shared';

const SIZES = (process.env.BENCH_OFFERS ?? '100000,1000000').split(',').map(Number).filter((n) => n > 0);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const SIZES_PER_GOOD = 5;
const LOGIN = 'bench-exchange';
const PASSWORD = 'bench-exchange-password';
const KEY = 'bench-integration-key-0123456789';
const AUTH = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
const BATCH = 5000;

interface Portal {
  app: FastifyInstance;
  database: Database;
  dir: string;
  close(): Promise<void>;
}

async function openPortal(): Promise<Portal> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exchange-'));
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
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dir, { recursive: true, force: true });
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
  phase: { applyStarted?: number } = {},
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
      }
      continue;
    }
    if (answer[0] !== 'success') throw new Error(`import ${name}: ${answer.join(' ')}`);
    const ended = performance.now();
    return { seconds: (ended - started) / 1000, applySeconds: (ended - (applyStarted ?? ended)) / 1000, answer: answer[1] ?? '' };
  }
}

/** Resident memory at the start and its peak, sampled every 50 ms while `work` runs. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; startMb: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, startMb: base / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

/** A catalogue page is asked for this often while a package loads, whether or not the previous ones were answered. */
const PAGE_EVERY_MS = 50;

/**
 * Catalogue pages asked for at a steady pace while `work` runs (open loop: a page stuck behind the database does not
 * hold back the next ones, so every page that would have been asked for during a stall counts its wait): latencies.
 */
async function pagesDuring(app: FastifyInstance, work: Promise<unknown>): Promise<Array<{ started: number; ended: number }>> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => {});
  const latencies: Array<Promise<{ started: number; ended: number }>> = [];
  let page = 0;
  while (!done) {
    const started = performance.now();
    latencies.push(
      app.inject({ method: 'GET', url: `/api/content/catalog/products?group=bench-group-${page++ % 20}` }).then((response) => {
        // 404 while import.xml loads: the groups exist once its package is applied.
        if (response.statusCode !== 200 && response.statusCode !== 404) throw new Error(`catalogue page: ${response.statusCode} ${response.body.slice(0, 200)}`);
        return { started, ended: performance.now() };
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
const pagesCell = (pages: Array<{ started: number; ended: number }>, applyStarted = Infinity) => {
  const all = pages.map((page) => page.ended - page.started);
  const reading = pages.filter((page) => page.ended < applyStarted).map((page) => page.ended - page.started);
  // Asked once the apply was reported begun: the cards read before its transaction, the transaction, the removal of
  // the staged rows and the catalogue index's rebuild after it.
  const applying = pages.filter((page) => page.started >= applyStarted).map((page) => page.ended - page.started);
  const part = (name: string, values: number[]) =>
    values.length === 0 ? `${name}: none` : `${name}: p95 ${fixed(percentile(values, 95))} ms, max ${fixed(Math.max(...values))} ms (${values.length})`;
  return (
    `p95 ${fixed(percentile(all, 95))} ms, p99 ${fixed(percentile(all, 99))} ms, max ${fixed(Math.max(...all))} ms (${all.length}); ` +
    `${part('answered before the apply', reading)}; ${part('asked during the apply', applying)}`
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
  const portal = await openPortal();
  try {
    if (which === 'json') {
      const run = await measured(() => jsonApi(portal.app, goods));
      rows.push(row([label, 'JSON integration API: the same goods and offers, batches of 5,000', `${fixed(run.seconds)} s`, fixed((offers + goods) / run.seconds, 0), memory(run), '']));
      return rows;
    }
    const importFile = path.join(portal.dir, 'bench-import.xml');
    const offersFile = path.join(portal.dir, 'bench-offers.xml');
    const changesFile = path.join(portal.dir, 'bench-changes.xml');
    writeLines(importFile, goodsXml(goods));
    writeLines(offersFile, offersXml(goods, 0, false));
    writeLines(changesFile, offersXml(goods, 1, true, 10));
    console.log(`${label}: offers.xml ${fixed(statSync(offersFile).size / 2 ** 20)} MB`);

    const time = (run: { seconds: number; result: { applySeconds: number } }) => `${fixed(run.seconds)} s (apply ${fixed(run.result.applySeconds)} s)`;
    /** One step: the file exchanged while catalogue pages are asked for. */
    const step = async (file: string, name: string) => {
      let latencies: Array<{ started: number; ended: number }> = [];
      const phase: { applyStarted?: number } = {};
      const run = await measured(async () => {
        const work = exchangeFile(portal.app, file, name, phase);
        latencies = await pagesDuring(portal.app, work);
        return work;
      });
      return { run, pages: pagesCell(latencies, phase.applyStarted) };
    };
    const goodsStep = await step(importFile, 'import.xml');
    rows.push(row([label, 'exchange: import.xml (goods)', time(goodsStep.run), fixed(goods / goodsStep.run.seconds, 0), memory(goodsStep.run), goodsStep.pages]));
    // The baseline once the index is quiet: the goods' rebuild, and the confirming one the next look at the markers makes.
    await portal.app.catalogIndex.packageSettled();
    await portal.app.catalogIndex.checkNow();
    await portal.app.catalogIndex.checkNow();
    const idle = await measured(() => pagesDuring(portal.app, new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))));
    rows.push(row([label, `no package: pages alone for ${IDLE_SECONDS} s (the baseline)`, '', '', memory(idle), pagesCell(idle.result)]));
    rows.push(row([label, `the cards a package's apply reads first (${await cardsWeight(portal.app)})`, '', '', '', '']));
    const offersStep = await step(offersFile, 'offers.xml');
    rows.push(row([label, 'exchange: offers.xml (new offers, prices, stock)', time(offersStep.run), fixed(offers / offersStep.run.seconds, 0), memory(offersStep.run), offersStep.pages]));
    const again = await step(offersFile, 'offers.xml');
    rows.push(row([label, 'exchange: the same offers.xml again (no change)', time(again.run), fixed(offers / again.run.seconds, 0), memory(again.run), again.pages]));
    const changes = await step(changesFile, 'changes.xml');
    const changed = Math.ceil(goods / 10) * SIZES_PER_GOOD;
    rows.push(row([label, `exchange: «only changes», stock of ${changed.toLocaleString('en-US')} offers`, time(changes.run), fixed(changed / changes.run.seconds, 0), memory(changes.run), changes.pages]));
    // The same kind of package twice — the stock of every offer changed — with the pages during the apply answered
    // from memory (CatalogIndex.whileApplying), then reading the database as they did before (waiting for the commit).
    const stockFile = path.join(portal.dir, 'bench-stock.xml');
    writeLines(stockFile, offersXml(goods, 2, false));
    const fromMemory = await step(stockFile, 'stock.xml');
    rows.push(row([label, 'exchange: offers.xml, the stock of every offer changed; pages from memory during the apply', time(fromMemory.run), fixed(offers / fromMemory.run.seconds, 0), memory(fromMemory.run), fromMemory.pages]));
    writeLines(stockFile, offersXml(goods, 3, false));
    portal.app.catalogIndex.whileApplying = (apply) => apply();
    const fromDatabase = await step(stockFile, 'stock.xml');
    rows.push(row([label, 'the same again, pages reading the database during the apply (as before): the comparison', time(fromDatabase.run), fixed(offers / fromDatabase.run.seconds, 0), memory(fromDatabase.run), fromDatabase.pages]));
    return rows;
  } finally {
    await portal.close();
  }
}

/** Runs `part` in a child process (a fresh heap and database engine per measurement) and answers its rows. */
function inChild(which: 'exchange' | 'json', offers: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, [], { execArgv: process.execArgv, env: { ...process.env, BENCH_PART: which, BENCH_OFFERS: String(offers) } });
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
      `Node ${process.versions.node}, ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite on disk'}; the machine was shared with other work, so the times are upper bounds.`,
    '',
    row(['offers (goods)', 'step', 'time: upload + import (of it, the apply)', 'items/s', 'resident memory of the process: before → peak', `catalogue pages meanwhile, one every ${PAGE_EVERY_MS} ms`]),
    row(['---', '---', '---', '---', '---', '---']),
  ];
  for (const offers of SIZES) {
    lines.push(...(await inChild('exchange', offers)));
    lines.push(...(await inChild('json', offers)));
  }
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
