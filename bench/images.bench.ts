/**
 * Images benchmark (`npm run bench:images`): does a large picture stop the server? A light route (GET /api/, the
 * client version) is loaded by a few clients while other clients keep uploading logos of 6000×6000 pixels (a flat PNG
 * of ~100 KB: refused by the pixel limit read from its header) and of 4800×4800 (within the limit: decoded, cleaned
 * and encoded by sharp), each starting one every 100 ms. The same load on the light route alone, and on a bare Fastify route in the same process,
 * are the baselines. The server runs in a child process (PGlite in memory); the clients run here. Results go into
 * docs/performance.md.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ms, percentile, runBenchmark, startServerChild, writeSection } from './shared';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LIGHT_CLIENTS = Number(process.env.BENCH_LIGHT_CLIENTS ?? 4);
const UPLOAD_CLIENTS = Number(process.env.BENCH_UPLOAD_CLIENTS ?? 2);
/** Each upload client starts an upload at most this often: uploads beside the traffic, not a flood of them. */
const UPLOAD_INTERVAL_MS = Number(process.env.BENCH_UPLOAD_INTERVAL_MS ?? 100);

interface Ready {
  portal: string;
  bare: string;
  auth: Record<string, string>;
}


// ---- child: the portal server and a bare Fastify ----
async function serve() {
  const { default: Fastify } = await import('fastify');
  const { createTestApp, signInAs } = await import('../apps/server/test/support/helper');
  const t = await createTestApp({ LOG_LEVEL: 'silent', SEED_PRODUCTS: '0' });
  const portal = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/ping', async () => ({ error: null, response: { last: '0.0.0' } }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (message: { close?: true }) => {
    if (message.close) {
      await bare.close();
      await t.close();
      process.exit(0);
    }
  });
  process.send?.({ ready: { portal, bare: bareUrl, auth: await signInAs(t.app, 'demo') } satisfies Ready });
}

// ---- parent: the clients ----
async function lightLoad(url: string, until: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  const client = async () => {
    while (!until()) {
      const begin = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: LIGHT_CLIENTS }, client));
  return { latencies, failures };
}

async function uploads(ready: Ready, picture: Buffer, until: () => boolean) {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  const client = async () => {
    while (!until()) {
      const started = performance.now();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'logo.png');
      const begin = performance.now();
      const response = await fetch(`${ready.portal}/api/services/proposal/logo/add`, { method: 'POST', headers: ready.auth, body: form });
      await response.arrayBuffer();
      times.push(performance.now() - begin);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // Keep the library below its limit of 30 logos, so every upload is really decoded.
      if (response.status === 200) {
        const list = (await (await fetch(`${ready.portal}/api/services/proposal/logo/list`, { headers: ready.auth })).json()) as {
          response: Array<{ id: number }>;
        };
        for (const logo of list.response) {
          await fetch(`${ready.portal}/api/services/proposal/logo/delete`, {
            method: 'POST',
            headers: { ...ready.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ id: logo.id }),
          });
        }
      }
      const pause = UPLOAD_INTERVAL_MS - (performance.now() - started);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_CLIENTS }, client));
  return { statuses, times };
}

async function phase(name: string, url: string, ready: Ready, picture?: Buffer) {
  const end = performance.now() + SECONDS * 1000;
  const until = () => performance.now() >= end;
  const [light, upload] = await Promise.all([lightLoad(url, until), picture ? uploads(ready, picture, until) : Promise.resolve(null)]);
  const row = {
    name,
    requests: light.latencies.length,
    p50: percentile(light.latencies, 50),
    p95: percentile(light.latencies, 95),
    max: Math.max(...light.latencies),
    failures: light.failures,
    uploads: upload ? [...upload.statuses].map(([status, n]) => `${n}× ${status}`).join(', ') : '—',
    uploadP50: upload ? percentile(upload.times, 50) : 0,
  };
  console.log(`${name}: ${row.requests} light requests, p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, max ${ms(row.max)}; uploads ${row.uploads}`);
  return row;
}

async function main() {
  const sharp = (await import('sharp')).default;
  const flat = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png({ compressionLevel: 9 }).toBuffer();
  const refused = await flat(6000);
  const decoded = await flat(4800);

  const { child, ready } = await startServerChild<Ready>(fileURLToPath(import.meta.url));
  try {
    const light = `${ready.portal}/api/`;
    // Warm-up of both routes, not counted.
    for (const url of [`${ready.bare}/ping`, light]) {
      const end = performance.now() + 1000;
      await lightLoad(url, () => performance.now() >= end);
    }
    const rows = [
      await phase('bare Fastify route, alone', `${ready.bare}/ping`, ready),
      await phase('light route, alone', light, ready),
      await phase(`light route, while 6000×6000 PNGs (${Math.round(refused.length / 1024)} KB) are uploaded`, light, ready, refused),
      await phase(`light route, while 4800×4800 PNGs (${Math.round(decoded.length / 1024)} KB) are decoded`, light, ready, decoded),
    ];
    const problems = rows.filter((row) => row.failures > 0).map((row) => `${row.name}: ${row.failures} failed requests`);
    const worst = Math.max(rows[2]!.p95, rows[3]!.p95);
    if (worst >= 50) problems.push(`p95 of the light route beside image uploads is ${ms(worst)} (target: under 50 ms)`);

    writeSection('images', [
      '## Images beside other requests (`npm run bench:images`)',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ` +
        `shared with other work at the time, so the figures are indicative. ${LIGHT_CLIENTS} clients on the light route for ${SECONDS} s per row; ` +
        `beside them ${UPLOAD_CLIENTS} clients each start an upload every ${UPLOAD_INTERVAL_MS} ms (or as soon as the previous one is answered, if later). Target: p95 of the light route under 50 ms while pictures are refused or decoded.`,
      '',
      '| Load | light requests | p50 | p95 | max | uploads (answers) | upload p50 |',
      '|---|---:|---:|---:|---:|---|---:|',
      ...rows.map((row) => `| ${row.name} | ${row.requests} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.max)} | ${row.uploads} | ${row.uploadP50 ? ms(row.uploadP50) : '—'} |`),
      '',
      problems.length ? `**Not met:** ${problems.join('; ')}.` : 'Target met.',
      '',
      'Before this change pngjs decoded and encoded on the main thread: one 6000×6000 logo stopped every other request for ' +
        '4.3 s (4000×4000: 2.0 s). Now the size is read from the header and a picture over 24 Mp is refused without ' +
        'decoding; a picture within the limit is decoded by sharp (libvips) on libuv\'s thread pool.',
    ]);
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    child.send({ close: true });
  }
}

runBenchmark(serve, main);
