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
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
