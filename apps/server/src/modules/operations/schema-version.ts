/**
 * Which schema a database is at, told by the migrations it has applied (Drizzle's `drizzle.__drizzle_migrations`, one
 * row per migration with the journal's `when`), and which this build knows (the migrations folder's journal).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawQuery, type DbOrTx } from '../../db/client';

const here = path.dirname(fileURLToPath(import.meta.url));
const journalFile = path.join(here, '../../db/migrations/meta/_journal.json');
const rootPackage = path.join(here, '../../../../../package.json');

export interface SchemaState {
  /** Migrations applied. */
  migrations: number;
  /** The journal time of the last one (0 when none). */
  lastMigrationAt: number;
  /** Its name, when this build knows it. */
  lastMigration: string | null;
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

/** The migrations this build carries, oldest first. */
export function knownMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

/** The portal's release (the repository's package version). */
export function portalVersion(): string {
  return (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string }).version;
}

export function schemaState(migrations: number, lastMigrationAt: number): SchemaState {
  return { migrations, lastMigrationAt, lastMigration: knownMigrations().find((entry) => entry.when === lastMigrationAt)?.tag ?? null };
}

/** Whether a database at `state` is ahead of this build: restoring it here would run code older than its data. */
export function isNewerThanThisBuild(state: SchemaState): boolean {
  const known = knownMigrations();
  return state.migrations > known.length || state.lastMigrationAt > (known.at(-1)?.when ?? 0);
}

/** Whether every migration of this build is applied and nothing newer is. */
export function isCurrent(state: SchemaState): boolean {
  const known = knownMigrations();
  return state.migrations === known.length && state.lastMigrationAt === (known.at(-1)?.when ?? 0);
}

/** One statement, rows as arrays of values: a database held for a backup, or an open one (see `textQuery`). */
export type TextQuery = (text: string) => Promise<unknown[][]>;

/** The open database's statements as a TextQuery. */
export function textQuery(db: DbOrTx): TextQuery {
  return async (text) => (await rawQuery<Record<string, unknown>>(db, text)).map((row) => Object.values(row));
}

/** The schema state of a database. */
export async function readSchemaState(query: TextQuery): Promise<SchemaState> {
  const [[exists]] = (await query(`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else 1 end`)) as [[unknown]];
  if (Number(exists) !== 1) return schemaState(0, 0);
  const [[count, last]] = (await query(`select count(*), coalesce(max(created_at), 0) from drizzle.__drizzle_migrations`)) as [[unknown, unknown]];
  return schemaState(Number(count), Number(last));
}

/** The portal's own tables (schema public), in name order. */
export async function portalTables(query: TextQuery): Promise<string[]> {
  // pg_class rather than information_schema: the view costs a second on a cold embedded engine, inside a backup's hold.
  const rows = await query(
    `select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map(([name]) => String(name));
}

/** The rows of each of the portal's tables, counted in one statement. */
export async function tableRowCounts(query: TextQuery, tables?: string[]): Promise<Record<string, number>> {
  const names = tables ?? (await portalTables(query));
  if (names.length === 0) return {};
  const rows = await query(names.map((table) => `select ${quoteLiteral(table)}, count(*) from public.${quoteIdent(table)}`).join(' union all '));
  return Object.fromEntries(rows.map(([name, count]) => [String(name), Number(count)]));
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
