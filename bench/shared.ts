/** What the benchmarks share: running one file as the server child or the load-driving parent, and the report. */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { openDatabase } from '../apps/server/src/db/client';
import type { createStorage } from '../apps/server/src/lib/storage';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

type Database = Awaited<ReturnType<typeof openDatabase>>;
type Storage = ReturnType<typeof createStorage>;

const report = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/performance.md');

/** The file runs `serve` when forked with --serve (the server child), else `main` (the parent); a failure exits 1. */
export function runBenchmark(serve: () => Promise<void>, main: () => Promise<void>): void {
  const role = process.argv.includes('--serve') ? serve : main;
  role().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** The value below which p per cent of the values lie. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A benchmark's child process and what it says first. */
export interface BenchmarkChild<Answer> {
  process: ChildProcess;
  /** Its first message that carries `seeded` or `ready` (its `log` messages are printed meanwhile). */
  answer: Promise<Answer>;
  /** Settles with its exit code. */
  exited: Promise<number | null>;
}

/**
 * Forks a benchmark file as its child: the same file with `--serve` and `args`, under the server's Node options
 * (scripts/server-flags.mjs). BENCH_CHILD_NODE_ARGS passes more Node options to the children only (for example
 * `--cpu-prof --cpu-prof-dir=/tmp/profiles`, which NODE_OPTIONS refuses).
 */
export function forkChild<Answer extends { seeded?: unknown; ready?: unknown }>(file: string, args: string[] = []): BenchmarkChild<Answer> {
  const child = fork(file, ['--serve', ...args], {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx', ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    child.on('message', (message: Answer & { log?: string }) => {
      if (message.log) console.log(`  ${message.log}`);
      if (message.seeded || message.ready) resolve(message);
    });
    void exited.then((code) => reject(new Error(`the benchmark child ${args.join(' ')} exited with code ${code}`)));
  });
  return { process: child, answer, exited };
}

/** Forks this benchmark file as its server child and waits for the child's `{ready}` message. */
export async function startServerChild<Ready>(file: string, args: string[] = []): Promise<{ child: ChildProcess; ready: Ready }> {
  const server = forkChild<{ ready?: Ready }>(file, args);
  const { ready } = await server.answer;
  return { child: server.process, ready: ready! };
}

/**
 * Seeds in a child of its own (the file's «seed» role, see `seedAndExit`), so what seeding leaves in a heap does not
 * weigh on the servers measured. Answers the seconds seeding took, undefined when a database seeded before was reused.
 */
export async function seedInChild(file: string, args: string[]): Promise<number | undefined> {
  const seeder = forkChild<{ seeded?: { seconds?: number } }>(file, args);
  const { seeded } = await seeder.answer;
  await seeder.exited;
  return seeded?.seconds;
}

/**
 * The «seed» role of a benchmark's child: an empty database gets the demo people and `products` generated products,
 * then VACUUM ANALYZE; one seeded before must hold as many. VACUUM, not ANALYZE alone: a database in service has
 * been vacuumed (autovacuum on PostgreSQL), a bulk load has not — its first reads would set every row's commit bits
 * and write each page back during the measurement (the first PostgreSQL run after seeding was the slowest of a
 * series). Closes the database, tells the parent how long seeding took and exits.
 */
export async function seedAndExit(database: Database, storage: Storage, products: number, where: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../apps/server/src/db/client');
  const { seedPeople } = await import('../apps/server/src/seed/people');
  const { seedCatalog } = await import('../apps/server/src/seed/catalog');
  const started = performance.now();
  const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from products`));
  if (count === 0) {
    await seedPeople(database.db);
    await seedCatalog(database.db, storage, products, (line) => process.send?.({ log: line }));
    await database.db.execute(sql`vacuum analyze`);
  } else if (count === products) {
    process.send?.({ log: `reusing the ${products.toLocaleString('en-US')} products already seeded in ${where}` });
  } else {
    throw new Error(`${where} holds ${count} products, not ${products}: remove it or choose another BENCH_DATA_DIR`);
  }
  await database.close();
  // The IPC channel would keep the process alive: leave once the message is out.
  process.send?.({ seeded: { seconds: count === 0 ? (performance.now() - started) / 1000 : undefined } }, () => process.exit(0));
}

/**
 * Puts a section between its markers in docs/performance.md (appended when the markers are not there yet) and says
 * so. BENCH_RECORD=off leaves the file alone: for trying a benchmark at a small size.
 */
export function writeSection(name: string, lines: string[]): void {
  if (process.env.BENCH_RECORD === 'off') {
    console.log('not recorded (BENCH_RECORD=off)');
    return;
  }
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = [start, ...lines, end].join('\n');
  let text: string;
  try {
    text = readFileSync(report, 'utf8');
  } catch {
    text = '# Performance\n\nBenchmarks run on the same machine as their baseline; each writes its own section.\n';
  }
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  writeFileSync(report, from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + end.length) : `${text.trimEnd()}\n\n${section}\n`);
  console.log('written to docs/performance.md');
}
