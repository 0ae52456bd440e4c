/** What the benchmarks share: running one file as the server child or the load-driving parent, and the report. */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Forks this benchmark file as its server child and waits for the child's `{ready}` message. */
export async function startServerChild<Ready>(file: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(file, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.on('message', (message: { ready?: Ready }) => message.ready && resolve(message.ready));
    child.on('exit', (code) => reject(new Error(`the benchmark server exited with code ${code}`)));
  });
  return { child, ready };
}

/** Puts a section between its markers in docs/performance.md (appended when the markers are not there yet). */
export function writeSection(name: string, lines: string[]): void {
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
}
