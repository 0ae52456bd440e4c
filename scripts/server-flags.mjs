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
 * `--liftoff-only`, on every Node: the embedded database is PostgreSQL compiled to WebAssembly, and V8 compiles its hot
 * functions a second time with its optimizing compiler. On Node 24 (V8 13.6, Turboshaft) that takes 604 MB of working
 * memory and 1.4–3 s for one of them (function #2272 of PGlite 0.5's pglite.wasm, 105 KB of code; the variable
 * snapshots of its lowering phase, nodejs/node#63421): the portal with the demo data peaked at ~940 MB a few seconds
 * after start. On Node 20 (TurboFan) no such peak, but its compiles' working memory, freed, stays in the memory
 * allocator's arenas of the compiling threads: 60–110 MB of the demo data's idle memory (356–376 MB with it, 293–306
 * without, 10 s after a request, the young generation alike). The engine's statements cost about a third more
 * processor time on Node 24; on Node 20 a browsing request's processor time stayed within its spread (0.65–0.68 against
 * 0.69–0.70 ms, docs/performance.md, «Memory»).
 */
import { totalmem } from 'node:os';

/**
 * Below 2 GB for the process (its container's limit, else the machine's memory: a dealer network's first portal on a
 * 1–2 GB virtual server) memory comes before tail latency: Node's default young generation (16 MB a semi-space),
 * ~30 MB less at idle and ~60–100 MB less under load than the 64 MB one (docs/performance.md, «Memory»).
 */
export const SMALL_SERVER_BYTES = 2 * 2 ** 30;

/** The memory the server may use: its container's limit when it has one, else the machine's (as config.ts reads it). */
function memoryLimit() {
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 && constrained < totalmem() ? constrained : totalmem();
}

/** The server's Node options for a process that may use `memoryBytes`. */
export function serverNodeFlags(memoryBytes = memoryLimit()) {
  return [memoryBytes < SMALL_SERVER_BYTES ? '--max-semi-space-size=16' : '--max-semi-space-size=64', '--liftoff-only'];
}

export const SERVER_NODE_FLAGS = serverNodeFlags();
