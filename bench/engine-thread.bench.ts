/**
 * Engine-thread benchmark (`npm run bench:engine-thread`): an experiment for the article search's p95. The same
 * bare HTTP server and statement (bench/engine-thread) with PGlite on the main thread, as the portal runs it today,
 * and in a worker thread, where HTTP and JSON run beside the engine instead of waiting for it. autocannon, 10
 * connections, 10 s after 3 s of warm-up, each setup twice, alternating. Writes its section of docs/performance.md.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { writeSection } from './shared';

interface Result {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<Result>;
const server = fileURLToPath(new URL('./engine-thread/server.mjs', import.meta.url));

let products = 0;

async function run(mode: 'main' | 'worker') {
  const child = fork(server, [mode], { execArgv: [] });
  try {
    const ready = await new Promise<{ port: number; products: number }>((resolve) => child.once('message', resolve as never));
    const { port } = ready;
    products = ready.products;
    const options = { url: `http://127.0.0.1:${port}`, connections: 10, requests: Array.from({ length: 8 }, (_, k) => ({ method: 'GET', path: `/?k=${k}` })) };
    await autocannon({ ...options, duration: 3 });
    return await autocannon({ ...options, duration: 10 });
  } finally {
    child.kill();
  }
}

async function main() {
  const rows: string[] = [];
  for (const mode of ['main', 'worker', 'main', 'worker'] as const) {
    const result = await run(mode);
    const line = `| engine on the ${mode} thread | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms | ${result.non2xx + result.errors} |`;
    console.log(line);
    rows.push(line);
  }
  writeSection('engine-thread', [
    '## Experiment: the engine in a worker thread (`npm run bench:engine-thread`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}. A bare HTTP server ` +
      `answering an article-search-shaped statement over ${products.toLocaleString('en-US')} synthetic products, with PGlite's own ` +
      '`query()`; autocannon, 10 connections, 10 s after 3 s of warm-up, each setup twice. Not the portal: a measurement ' +
      'of what moving the engine off the event loop would change (autocannon reports p97.5, not p95).',
    '',
    '| setup | req/s | p50 | p97.5 | p99 | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ]);
  console.log('written to docs/performance.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
