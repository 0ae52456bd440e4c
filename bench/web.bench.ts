/**
 * Lighthouse on the portal's first screens, mobile preset, in Debian's Chromium: /login, / and /order signed in, a
 * catalogue page, and beside them a bare static page served by the same server in the same run — the ceiling this
 * machine and server allow. Each page is measured 3 times; the median is reported (performance, accessibility, LCP,
 * TBT, JS transferred) and written to docs/performance.md.
 *
 * The web app is built into a scratch folder, the server starts as a child on a free loopback port with a fresh
 * embedded database, Chromium is started here with a remote-debugging port; all three are stopped at the end.
 * BENCH_RUNS changes the runs a page; BENCH_WEB_REPORTS=<dir> keeps each run's Lighthouse report there (JSON), to
 * read what the largest paint waited for. For trying a change: BENCH_WEB_DIST=<dir> serves a build made beforehand
 * instead of building, BENCH_WEB_PAGES=/,/order measures only those pages; either leaves docs/performance.md alone.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInHash } from '@portal/domain';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { writeSection } from './shared';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BASELINE_PAGE = '/bench-baseline.html';
const REPORTS = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : undefined;
const PREBUILT = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : undefined;
const ONLY_PAGES = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} during start-up.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within 300 s.`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function signIn(baseUrl: string): Promise<string> {
  const timestamp = Date.now();
  const response = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timestamp, hash: signInHash(timestamp, process.env.AUTH_SALT ?? 'dealer-portal') }),
  });
  const body = (await response.json()) as { response?: { token?: string } };
  if (!body.response?.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.response.token;
}

/** Sends DevTools protocol calls, one after the other, from a tab opened on the portal's origin, then closes the tab. */
async function onOrigin(debugPort: number, baseUrl: string, calls: { method: string; params?: object }[]) {
  const target = (await (await fetch(`http://127.0.0.1:${debugPort}/json/new?${baseUrl}/404`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (const [index, call] of calls.entries()) {
    await new Promise<void>((resolve) => {
      socket.once('message', () => resolve());
      socket.send(JSON.stringify({ id: index + 1, method: call.method, params: call.params ?? {} }));
    });
  }
  socket.close();
  await fetch(`http://127.0.0.1:${debugPort}/json/close/${target.id}`);
}

/** Puts the session token into the origin's localStorage (or removes it). */
function storeToken(debugPort: number, baseUrl: string, token: string | null) {
  const expression = token === null ? `localStorage.removeItem('id_token')` : `localStorage.setItem('id_token', ${JSON.stringify(token)})`;
  return onOrigin(debugPort, baseUrl, [{ method: 'Runtime.evaluate', params: { expression } }]);
}

/**
 * Empties the browser's HTTP cache. Lighthouse clears it itself only when it also resets storage, which would drop
 * the session token (disableStorageReset keeps both); without this every run after a page's first found the scripts
 * in the cache, Lighthouse counted 0 bytes transferred for them, and the median column read 0.
 */
function clearHttpCache(debugPort: number, baseUrl: string) {
  return onOrigin(debugPort, baseUrl, [{ method: 'Network.enable' }, { method: 'Network.clearBrowserCache' }]);
}

interface Sample {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
}

async function measure(url: string, debugPort: number, reportName: string): Promise<Sample> {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
  }
  // What the page's scripts took over the network (gzip as the server sends it; 0 for anything from the cache).
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((item) => item.resourceType?.toLowerCase() === 'script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    scriptKb: Math.round(scriptBytes / 102.4) / 10,
  };
}

const lighthouseVersion = () =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-bench-web-'));
  const webDist = PREBUILT ?? path.join(scratch, 'web');
  const children: ChildProcess[] = [];
  try {
    if (!PREBUILT) {
      execFileSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    }
    // The ceiling: a page with text and nothing to run, through the same static route, compression and headers.
    writeFileSync(
      path.join(webDist, BASELINE_PAGE.slice(1)),
      '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<meta name="description" content="Базовая страница замера"><title>Базовая страница</title></head>' +
        '<body><main><h1>Портал дилера</h1><p>Статическая страница без скриптов: потолок замера на этой машине.</p></main></body></html>',
    );

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(scratch, 'data'), DATABASE_URL: '', WEB_DIST: webDist, LOG_LEVEL: 'warn', SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '2000' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(server);
    await waitFor(`${baseUrl}/api/`, server, 'The portal server');

    const debugPort = await freePort();
    const chromium = spawn(
      CHROMIUM_PATH,
      [
        ...CHROMIUM_ARGS,
        `--remote-debugging-port=${debugPort}`,
        '--remote-debugging-address=127.0.0.1',
        `--user-data-dir=${path.join(scratch, 'chromium')}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    children.push(chromium);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium, 'Chromium');

    const token = await signIn(baseUrl);
    const pages = [
      { name: 'bare static page (ceiling)', path: BASELINE_PAGE, signedIn: false },
      { name: '/login', path: '/login', signedIn: false },
      { name: '/ (signed in)', path: '/', signedIn: true },
      { name: '/order (signed in)', path: '/order', signedIn: true },
      { name: '/catalog/catalog/obuv (signed in)', path: '/catalog/catalog/obuv', signedIn: true },
    ];
    const rows: string[] = [];
    for (const page of pages.filter((one) => !ONLY_PAGES || one.path === BASELINE_PAGE || ONLY_PAGES.includes(one.path))) {
      await storeToken(debugPort, baseUrl, page.signedIn ? token : null);
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Each run is a first visit: nothing cached, as a dealer's phone opening the portal.
        await clearHttpCache(debugPort, baseUrl);
        samples.push(await measure(`${baseUrl}${page.path}`, debugPort, `${page.path.replace(/[^a-z0-9]+/gi, '-')}-${run + 1}`));
      }
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
      const row = `| ${page.name} | ${pick('performance')} | ${pick('accessibility')} | ${pick('lcpMs')} | ${pick('tbtMs')} | ${pick('scriptKb')} | ${samples.map((s) => s.performance).join(', ')} |`;
      console.log(row);
      rows.push(row);
    }

    if (PREBUILT || ONLY_PAGES) return;
    writeSection('web', [
      '## Web first load (`npm run bench:web`)',
      '',
      `Lighthouse ${lighthouseVersion()}, mobile preset (simulated slow 4G and 4× CPU slowdown), Debian's Chromium headless; ` +
        `${RUNS} runs a page, median shown. Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores. ` +
        'The bare static page is served by the same server in the same run: it is the ceiling of this machine.',
      '',
      '| page | performance | accessibility | LCP, ms | TBT, ms | JS transferred, KB | performance per run |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ]);
  } finally {
    for (const child of children.reverse()) await stop(child);
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
