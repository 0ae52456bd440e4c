/** What the benchmarks share: running one file as the server child or the load-driving parent, and the report. */
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
