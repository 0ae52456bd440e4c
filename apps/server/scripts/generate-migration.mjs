// Generates the next migration from src/db/schema with drizzle-kit, and makes sure the first migration loads
// pg_trgm (drizzle-kit does not emit CREATE EXTENSION; the trigram index of products needs it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = path.join(serverDir, 'src/db/migrations');
const name = process.argv[2];

// Several people may generate at once: drizzle-kit diffs against the newest snapshot, so runs take turns.
const lockDir = path.join(serverDir, '.migration-lock');
for (let waited = 0; ; waited += 200) {
  try {
    mkdirSync(lockDir);
    break;
  } catch {
    if (waited > 120_000) throw new Error(`Another migration generation holds ${lockDir}; remove it if it is stale.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
try {
  execFileSync('npx', ['drizzle-kit', 'generate', ...(name ? ['--name', name] : [])], { cwd: serverDir, stdio: 'inherit' });
} finally {
  rmSync(lockDir, { recursive: true, force: true });
}

const first = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort()[0];
if (first) {
  const file = path.join(migrationsDir, first);
  const text = readFileSync(file, 'utf8');
  const extension = 'CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint\n';
  if (!text.startsWith(extension)) writeFileSync(file, extension + text);
}
