/**
 * The portal as `npm start` runs it — the built JavaScript, plain node, no TypeScript loader — on a new data folder
 * with the demo data (3,000 products, seeded by the built command line), in a 512 MB memory limit: it seeds, answers, a dealer signs in, searches and
 * browses, and the process's peak resident memory (VmHWM, which counts the engine's WebAssembly memory and every
 * thread) stays within the limit.
 *
 * The limit: this machine offers no memory cgroup to a test (systemd-run is absent; the memory controller is the
 * session runner's), and address-space or data limits (ulimit -v, prlimit --data) count the 2 GB the WebAssembly
 * engine reserves without using, so the server cannot even start under them. The closest real limit: V8's heap capped
 * with --max-old-space-size, and the peak resident memory of the whole process, read by the kernel, checked against
 * 512 MB once the dealer's work is done.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signInHash } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale, serverDist } from '../../../scripts/server-build.mjs';
import { serverNodeFlags } from '../../../scripts/server-flags.mjs';
import { removeFolders, scratchFolder } from './modules/operations/fixtures';

const LIMIT_MB = 512;
let work: string;
let server: ChildProcess | undefined;
let baseUrl: string;
let output = '';

/** Peak and current resident memory of a process, in MB, as the kernel counts it. */
function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

beforeAll(async () => {
  if (serverBuildIsStale()) await buildServer();
  work = scratchFolder('memory');
  const env = { ...process.env, DATA_DIR: path.join(work, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_PRODUCTS: '3000', EMBEDDED_CACHE_MB: '' };
  // The demo data first, by the operators' command (also built): drawing 3,000 products' pictures is a one-off peak
  // of its own (docs/performance.md), not the serving portal's.
  const seed = spawnSync(process.execPath, [path.join(serverDist, 'cli.js'), 'seed'], { cwd: path.dirname(serverDist), env, encoding: 'utf8', timeout: 200_000 });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stdout}\n${seed.stderr}`);
  // The options `npm start` picks for a process limited to 512 MB (scripts/server-flags.mjs).
  server = spawn(process.execPath, [...serverNodeFlags(LIMIT_MB * 2 ** 20), '--max-old-space-size=256', path.join(serverDist, 'main.js')], {
    cwd: path.dirname(serverDist),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready when it prints its address (PORT=0: the system picks the port).
  baseUrl = await new Promise<string>((resolve, reject) => {
    server!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    server!.once('exit', (code) => reject(new Error(`the server stopped (${code}) before it was ready:\n${output}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  await removeFolders(work);
});

describe(`the built portal in ${LIMIT_MB} MB`, () => {
  it('runs without a TypeScript loader, sizes its cache from the demo data, and serves a dealer', async () => {
    expect(server!.spawnargs.join(' ')).not.toMatch(/tsx/);
    const cacheMb = Number(/page cache (\d+) MB/.exec(output)?.[1]);
    expect(cacheMb).toBeGreaterThanOrEqual(40);
    expect(cacheMb).toBeLessThan(128);

    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
    const timestamp = Date.now();
    const signIn = await fetch(`${baseUrl}/api/auth`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp, hash: signInHash(timestamp, 'dealer-portal') }),
    });
    expect(signIn.status).toBe(200);
    const headers = { authorization: `Bearer ${((await signIn.json()) as { response: { token: string } }).response.token}` };

    const partners = await fetch(`${baseUrl}/api/partners`, { headers });
    expect(partners.status).toBe(200);
    for (const query of ['куртка', 'ботинки', 'перчатки', 'костюм', 'каска']) {
      const search = await fetch(`${baseUrl}/api/product/search?QUERY=${encodeURIComponent(query)}`, { headers });
      expect(search.status, query).toBe(200);
    }
    const catalog = await fetch(`${baseUrl}/api/content/catalog/products`, { headers });
    expect(catalog.status).toBe(200);
    expect(((await catalog.json()) as { error: unknown }).error).toBeNull();

  });

  // On every Node: Node 24's optimizing WebAssembly compiler once took ~600 MB for one of the engine's functions (peak
  // ~940 MB); the server's Node options keep the engine on the baseline compiler there (scripts/server-flags.mjs).
  it(`keeps the process's peak resident memory within ${LIMIT_MB} MB after the dealer's work`, () => {
    const memory = residentMb(server!.pid!);
    console.log(`built portal with the demo data on Node ${process.versions.node}: resident ${memory.now} MB now, ${memory.peak} MB at most`);
    expect(memory.peak).toBeLessThanOrEqual(LIMIT_MB);
  });
});
