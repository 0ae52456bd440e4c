/**
 * The Node options the portal's server runs with: `npm start` passes them, and so do the benchmarks' servers, which
 * measure what production runs. Whoever starts `apps/server/src/main.ts` some other way passes them too
 * (docs/operations.md).
 *
 * `--max-semi-space-size=64`: every request leaves short-lived objects (the parsed request, rows, the JSON answer),
 * collected by a scavenge of the young generation, which stops the main thread. With Node's default (16 MB a
 * semi-space) the server scavenged every ~0.1 s under the mixed load, most of them 2–10 ms, ~5 % of the main thread;
 * with 64 MB every ~0.3 s, nearly half of them over 10 ms, half the time in all, and the dealer network's worst route
 * p95 went 55.8 and 56.9 → 47.8 and 46.1 ms (docs/performance.md, mixed load). It costs up to ~150 MB more memory.
 *
 * `--liftoff-only`, on Node 24 and later: the embedded database is PostgreSQL compiled to WebAssembly, and V8 compiles
 * its hot functions a second time with its optimizing compiler. Node 24's (V8 13.6, Turboshaft) takes 604 MB of
 * working memory and 1.4–3 s for one of them (function #2272 of PGlite 0.5's pglite.wasm, 105 KB of code; the
 * variable snapshots of its lowering phase, nodejs/node#63421) where Node 20's takes 8 MB: the portal with the demo
 * data peaked at ~940 MB resident a few seconds after start against ~370 MB on Node 20. Kept on V8's baseline
 * compiler the engine never makes that peak (~390 MB) and holds ~50 MB less at idle; its statements cost about a
 * third more processor time (docs/performance.md, «Memory»). Node 20's optimizing compiler stays, it is cheap.
 */
import { totalmem } from 'node:os';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * Below 2 GB for the process (its container's limit, else the machine's memory: a dealer network's first portal on a
 * 1–2 GB virtual server) memory comes before tail latency: Node's smallest young generation of the two measured
 * (16 MB a semi-space) and the baseline WebAssembly compiler on every Node. The demo data's portal then holds
 * 269 MB at idle on Node 20 and 294 MB on Node 24 against 330–390 MB with the options above (docs/performance.md,
 * «Memory»); the price is the tail above and the engine's statements ~10 % (Node 20) to ~35 % (Node 24) more
 * processor time.
 */
export const SMALL_SERVER_BYTES = 2 * 2 ** 30;

/** The memory the server may use: its container's limit when it has one, else the machine's (as config.ts reads it). */
function memoryLimit() {
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < totalmem() ? constrained : totalmem();
}

/** The server's Node options for a process that may use `memoryBytes`. */
export function serverNodeFlags(memoryBytes = memoryLimit()) {
  if (memoryBytes < SMALL_SERVER_BYTES) return ['--max-semi-space-size=16', '--liftoff-only'];
  return ['--max-semi-space-size=64', ...(NODE_MAJOR >= 24 ? ['--liftoff-only'] : [])];
}

export const SERVER_NODE_FLAGS = serverNodeFlags();
