/**
 * 1C exchange benchmark (`npm run bench:exchange`, issue 40): a generated CommerceML catalogue of BENCH_OFFERS offers
 * (default 100,000 and 1,000,000, comma-separated; five sizes per good) loaded through the exchange as 1C loads it —
 * checkauth, init, import.xml and offers.xml in file_limit chunks, import until success — then the same offers.xml
 * sent again (nothing changes), and an «only changes» package of a tenth of the offers with new stock; beside the
 * JSON integration API loading the same goods and offers in batches of 5,000 into a database of its own. Measures
 * time, the process's peak resident memory above its level before the load (the server and its embedded database
 * share the process), and catalogue pages' p95 answered while the offers load. One process, in-process requests
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
    LOG_LEVEL: 'warn',
    SEED_PRODUCTS: '0',
    EXCHANGE_LOGIN: LOGIN,
    EXCHANGE_PASSWORD: PASSWORD,
    INTEGRATION_API_KEY: KEY,
    MAIL_SEND_INTERVAL_SECONDS: '0',
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: dir, poolSize: config.DATABASE_POOL_SIZE });
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

/** The whole exchange of one file: chunks of file_limit, then import until success; answers the seconds of the import. */
async function exchangeFile(app: FastifyInstance, file: string, name: string): Promise<{ seconds: number; answer: string }> {
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
  for (;;) {
    const answer = await call(app, { type: 'catalog', mode: 'import', filename: name }, cookie);
    if (answer[0] === 'progress') continue;
    if (answer[0] !== 'success') throw new Error(`import ${name}: ${answer.join(' ')}`);
    return { seconds: (performance.now() - started) / 1000, answer: answer[1] ?? '' };
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

/** Catalogue pages requested one after another while `work` runs: their latencies. */
async function pagesDuring(app: FastifyInstance, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => (done = true));
  const latencies: number[] = [];
  let page = 0;
  while (!done) {
    const started = performance.now();
    await app.inject({ method: 'GET', url: `/api/content/catalog/products?group=bench-group-${page++ % 20}` });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
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

    const goodsRun = await measured(() => exchangeFile(portal.app, importFile, 'import.xml'));
    rows.push(row([label, 'exchange: import.xml (goods)', `${fixed(goodsRun.seconds)} s`, fixed(goods / goodsRun.seconds, 0), memory(goodsRun), '']));
    let latencies: number[] = [];
    const offersRun = await measured(async () => {
      const work = exchangeFile(portal.app, offersFile, 'offers.xml');
      latencies = await pagesDuring(portal.app, work);
      return work;
    });
    rows.push(row([label, 'exchange: offers.xml (new offers, prices, stock)', `${fixed(offersRun.seconds)} s`, fixed(offers / offersRun.seconds, 0), memory(offersRun), `${fixed(percentile(latencies, 95))} ms (${latencies.length})`]));
    const again = await measured(() => exchangeFile(portal.app, offersFile, 'offers.xml'));
    rows.push(row([label, 'exchange: the same offers.xml again (no change)', `${fixed(again.seconds)} s`, fixed(offers / again.seconds, 0), memory(again), '']));
    const changes = await measured(() => exchangeFile(portal.app, changesFile, 'changes.xml'));
    const changed = Math.ceil(goods / 10) * SIZES_PER_GOOD;
    rows.push(row([label, `exchange: «only changes», stock of ${changed.toLocaleString('en-US')} offers`, `${fixed(changes.seconds)} s`, fixed(changed / changes.seconds, 0), memory(changes), '']));
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
    row(['offers (goods)', 'step', 'time (upload + import)', 'items/s', 'resident memory of the process: before → peak', 'catalogue p95 meanwhile (pages)']),
    row(['---', '---', '---', '---', '---', '---']),
  ];
  for (const offers of SIZES) {
    lines.push(...(await inChild('exchange', offers)));
    lines.push(...(await inChild('json', offers)));
  }
  lines.push(
    '',
    'The exchange applies a package in one transaction (all or nothing), checking and writing each item through the',
    "integration API's rules; items already as sent are compared and not written. The JSON API applies each item in a",
    'transaction of its own. Each part runs in a process of its own; the memory is that whole process (server, embedded',
    'database, the benchmark\'s in-process requests).',
  );
  writeSection(DATABASE_URL ? 'exchange-postgres' : 'exchange', lines);
}

runBenchmark(main, main);
