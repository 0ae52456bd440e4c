/**
 * Resident memory of the portal as `npm start` runs it (the built server, plain node, the server's Node options), each
 * beside a bare Fastify process measured in the same run the same way:
 *   - seeding: the built command line (`portal seed`, a process of its own, as an operator runs it) puts
 *     BENCH_PRODUCTS products (default 3,000, the demo data; 1,000,000 for the large catalogue) into bench/.data,
 *     its peak read every 250 ms; a database seeded by an earlier run is reused (and said so);
 *   - while starting and building the catalogue index: the peak until the first catalogue page is answered (the page
 *     waits for the index);
 *   - at idle, started on that database, once its catalogue index is built (the first catalogue page answered):
 *     IDLE_SECONDS later, and SETTLED_SECONDS later, once V8's memory reducer has run (a quiet process's collector
 *     gives back the young generation it grew while busy, in steps over its first minute or two without work);
 *   - under load: signed-in dealers searching, opening the catalogue and their companies, and placing nothing (the
 *     browsing part of the mixed load, autocannon, BENCH_CONNECTIONS connections for BENCH_DURATION seconds), the
 *     peak read every 250 ms.
 * Resident memory is the kernel's (VmRSS now, VmHWM the peak): it counts the engine's WebAssembly memory and every
 * thread. Written to docs/performance.md (BENCH_RECORD=off: not recorded).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { signInHash } from '@portal/domain';
import { buildServer, serverBuildIsStale, serverDist } from '../scripts/server-build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { writeSection } from './shared';

type AutocannonInstance = PromiseLike<{ errors: number; non2xx: number; requests: { total: number } }>;
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: Array<{ method: string; path: string }>;
}) => AutocannonInstance;

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 3000);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const IDLE_SECONDS = 10;
const SETTLED_SECONDS = Number(process.env.BENCH_SETTLED_SECONDS ?? 120);
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, '.data', `memory-${PRODUCTS}`);

/** Resident memory of a process in MB: now and the peak so far. */
function resident(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}

/** Starts a process that prints its port on its first line matching `ready`; answers it and its base URL. */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd: string): Promise<{ child: ChildProcess; url: string; startMs: number; output: () => string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = ready.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} stopped (${code}):\n${output}`)));
  });
  return { child, url, startMs: performance.now() - started, output: () => output };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Runs the load and answers the highest resident memory read meanwhile. */
async function peakUnder(pid: number, load: AutocannonInstance): Promise<{ peak: number; requests: number; failed: number }> {
  let peak = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, resident(pid).now);
      await sleep(250);
    }
  })();
  const result = await load;
  done = true;
  await sampling;
  return { peak, requests: result.requests.total, failed: result.errors + result.non2xx };
}

/** The operators' seeding command, with its peak resident memory and what it held at its last reading. */
async function seedMeasured(env: NodeJS.ProcessEnv): Promise<{ seconds: number; peak: number; after: number }> {
  const started = performance.now();
  const seed = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDist, 'cli.js'), 'seed'], { cwd: path.dirname(serverDist), env, stdio: 'inherit' });
  const exited = once(seed, 'exit');
  let peak = 0;
  let after = 0;
  let running = true;
  void exited.then(() => (running = false));
  while (running) {
    try {
      const memory = resident(seed.pid!);
      peak = Math.max(peak, memory.peak);
      after = memory.now;
    } catch {
      // Gone between the check and the reading.
    }
    await sleep(250);
  }
  const [code] = await exited;
  if (code !== 0) throw new Error(`seeding failed (${code})`);
  return { seconds: Math.round((performance.now() - started) / 1000), peak, after };
}

const BARE = `
  const { default: Fastify } = await import(${JSON.stringify(createRequire(path.join(here, '../apps/server/package.json')).resolve('fastify'))});
  const app = Fastify();
  app.get('/bare', async () => ({ error: null, response: { ok: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log('bare on ' + app.server.address().port);
`;

async function main() {
  if (serverBuildIsStale()) console.log(`server built in ${await buildServer()} ms`);
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_PRODUCTS: String(PRODUCTS) };
  let seeding: { seconds: number; peak: number; after: number } | undefined;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.log(`seeding ${PRODUCTS.toLocaleString('en-US')} products into ${dataDir}…`);
    seeding = await seedMeasured(env);
    console.log(`seeded in ${seeding.seconds} s, peak ${seeding.peak} MB`);
  }

  const bare = await startProcess([...SERVER_NODE_FLAGS, '--input-type=module', '-e', BARE], process.env, /bare on (\d+)/, here);
  const portal = await startProcess([...SERVER_NODE_FLAGS, path.join(serverDist, 'main.js')], env, /running at http:\/\/localhost:(\d+)/, path.dirname(serverDist));
  try {
    const cacheMb = /page cache (\d+) MB/.exec(portal.output())?.[1];
    const timestamp = Date.now();
    const signIn = await fetch(`${portal.url}/api/auth`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp, hash: signInHash(timestamp, 'dealer-portal') }),
    });
    const token = ((await signIn.json()) as { response: { token: string } }).response.token;
    // The catalogue's index is built in the background after start (a million products take a while): idle is
    // measured once it is there, as on a portal that has served its first dealer.
    const indexStarted = performance.now();
    const firstPage = await fetch(`${portal.url}/api/content/catalog/products`, { headers: { authorization: `Bearer ${token}` } });
    if (firstPage.status !== 200) throw new Error(`the first catalogue page answered ${firstPage.status}`);
    const indexMs = performance.now() - indexStarted;
    const built = { portal: resident(portal.child.pid!), bare: resident(bare.child.pid!) };
    await sleep(IDLE_SECONDS * 1000);
    const idle = { portal: resident(portal.child.pid!), bare: resident(bare.child.pid!) };
    console.log(`idle: portal ${idle.portal.now} MB (start ${Math.round(portal.startMs)} ms, first catalogue page ${Math.round(indexMs)} ms, peak until then ${built.portal.peak} MB), bare Fastify ${idle.bare.now} MB; page cache ${cacheMb} MB`);
    await sleep(Math.max(0, SETTLED_SECONDS - IDLE_SECONDS) * 1000);
    const settled = { portal: resident(portal.child.pid!), bare: resident(bare.child.pid!) };
    console.log(`idle, settled: portal ${settled.portal.now} MB, bare Fastify ${settled.bare.now} MB`);
    const browsing = ['куртка', 'ботинки', 'перчатки', 'костюм зимний', 'каска'].map((query) => ({ method: 'GET', path: `/api/product/search?QUERY=${encodeURIComponent(query)}` }));
    const portalLoad = await peakUnder(
      portal.child.pid!,
      autocannon({
        url: portal.url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { authorization: `Bearer ${token}` },
        requests: [...browsing, { method: 'GET', path: '/api/content/catalog/products' }, { method: 'GET', path: '/api/partners' }],
      }),
    );
    const bareLoad = await peakUnder(bare.child.pid!, autocannon({ url: bare.url, connections: CONNECTIONS, duration: DURATION, requests: [{ method: 'GET', path: '/bare' }] }));
    console.log(`under load: portal ${portalLoad.peak} MB (${portalLoad.requests} requests, ${portalLoad.failed} failed), bare Fastify ${bareLoad.peak} MB`);

    writeSection(`memory-${PRODUCTS}`, [
      `### Resident memory, ${PRODUCTS.toLocaleString('en-US')} products (\`BENCH_PRODUCTS=${PRODUCTS} npm run bench:memory\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `Node ${process.versions.node} (options: ${SERVER_NODE_FLAGS.join(' ')}), ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end: ` +
        'times are those of a shared machine; memory figures are not affected.',
      '',
      '| | portal (built, `npm start`) | bare Fastify, same run |',
      '|---|---|---|',
      seeding
        ? `| seeding, \`portal seed\` (a process of its own, ${seeding.seconds.toLocaleString('en-US')} s) | peak ${seeding.peak} MB, ${seeding.after} MB at its end | — |`
        : '| seeding | seeded by an earlier run, reused | — |',
      `| start to listening | ${Math.round(portal.startMs)} ms | ${Math.round(bare.startMs)} ms |`,
      `| peak while starting and first building the catalogue index (first catalogue page after ${Math.round(indexMs).toLocaleString('en-US')} ms) | ${built.portal.peak} MB | ${built.bare.peak} MB |`,
      `| idle: ${IDLE_SECONDS} s after the first catalogue page (page cache ${cacheMb} MB) | ${idle.portal.now} MB | ${idle.bare.now} MB |`,
      `| idle, settled: ${SETTLED_SECONDS} s after the first catalogue page | ${settled.portal.now} MB | ${settled.bare.now} MB |`,
      `| browsing load, peak (${CONNECTIONS} connections, ${DURATION} s; portal ${portalLoad.requests.toLocaleString('en-US')} requests, ${portalLoad.failed} failed) | ${portalLoad.peak} MB | ${bareLoad.peak} MB |`,
      `| peak since start (VmHWM) | ${resident(portal.child.pid!).peak} MB | ${resident(bare.child.pid!).peak} MB |`,
    ]);
    if (portalLoad.failed > 0) process.exitCode = 1;
  } finally {
    await stop(portal.child);
    await stop(bare.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
