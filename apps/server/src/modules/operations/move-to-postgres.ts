/**
 * Moving a portal from the embedded database to PostgreSQL: the embedded database (brought to this build's schema)
 * is copied into an empty PostgreSQL database that the same migrations have prepared, in one transaction on
 * PostgreSQL — one pass per table, parents before children, ids kept, sequences set to where they stood — and the
 * row counts of both sides are compared before it commits. A failure anywhere leaves PostgreSQL as empty as it was.
 *
 * Rows travel as JSON (`row_to_json` out, `json_populate_recordset` in): each value keeps its exact text form —
 * numerics, timestamps with their zone, jsonb, arrays — without a conversion through JavaScript types.
 */
import { existsSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';
import { DataDirLockedError, openDatabase, rawQuery, type Database, type DbOrTx } from '../../db/client';
import { portalTables, quoteIdent, tableRowCounts, textQuery, type TextQuery } from './schema-version';

/** A refusal with a message for the operator. */
export class MoveRefused extends Error {}

export interface MoveReport {
  tables: Array<{ table: string; embedded: number; postgres: number }>;
  sequences: number;
  /** Where the uploaded files are now: DATA_DIR (left in place) or the folder they were copied to. */
  filesFolder: string;
  filesCopied: number;
}

const ROWS_PER_FETCH = 2000;
/** Held for the copy's transaction: two moves into one database at once cannot both find it empty. */
const MOVE_LOCK = 4_242_43;

export async function moveToPostgres(options: { dataDir: string; databaseUrl: string; filesTo?: string }): Promise<MoveReport> {
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new MoveRefused(`В папке ${dataDir} нет встроенной базы портала: укажите её через DATA_DIR.`);
  }
  const filesTo = options.filesTo ? path.resolve(options.filesTo) : undefined;
  if (filesTo && (await readdir(path.join(filesTo, 'files')).catch(() => [])).length > 0) {
    throw new MoveRefused(`В ${path.join(filesTo, 'files')} уже есть файлы: укажите пустую папку для загруженных файлов.`);
  }

  const source = await openDatabase({ dataDir, pgliteOn: 'main-thread' }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new MoveRefused(`Встроенная база в ${dataDir} занята работающим порталом. Остановите портал и повторите перенос: заказы, принятые во время переноса, иначе потерялись бы.`);
    }
    throw error;
  });
  try {
    // A database that already holds rows is refused before the migrations touch it.
    await withDatabase({ databaseUrl: options.databaseUrl, migrate: false }, (target) => refuseNonEmpty(textQuery(target.db)));
    return await withDatabase({ databaseUrl: options.databaseUrl }, (target) => copyAll(source, target, dataDir, filesTo));
  } finally {
    await source.close();
  }
}

async function withDatabase<T>(options: { databaseUrl: string; migrate?: boolean }, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ ...options, dataDir: '' });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Tables a migration fills (the general VAT rate, migration 0012): a freshly migrated database already has their rows,
 * so they do not count against «empty», and the embedded database's rows replace them.
 */
const FILLED_BY_MIGRATIONS = new Set(['vat_rates']);

async function refuseNonEmpty(query: TextQuery): Promise<void> {
  const filled = Object.entries(await tableRowCounts(query)).filter(([table, rows]) => rows > 0 && !FILLED_BY_MIGRATIONS.has(table));
  if (filled.length) {
    const [table, rows] = filled[0]!;
    throw new MoveRefused(
      `База PostgreSQL не пуста (в таблице ${table} строк: ${rows}; таблиц с данными: ${filled.length}). ` +
        'Перенос делается только в пустую базу: создайте новую (CREATE DATABASE …) и укажите её адрес.',
    );
  }
}

/**
 * Tables the triggers on products fill as products are written (migration 0008): copying the products rebuilds them,
 * and copying them as well would add their rows twice. (A word no product has any more is not rebuilt, so their row
 * counts may rightly differ.)
 */
const FILLED_BY_TRIGGERS = new Set(['name_words', 'product_name_words']);

async function copyAll(source: Database, target: Database, dataDir: string, filesTo: string | undefined): Promise<MoveReport> {
  const read = textQuery(source.db);
  const tables = (await tablesParentsFirst(read)).filter((table) => !FILLED_BY_TRIGGERS.has(table));
  const embedded = await tableRowCounts(read, tables);
  const columns = new Map<string, string[]>();
  for (const table of tables) columns.set(table, await insertableColumns(read, table));
  // Nothing else writes to the embedded database (this process holds its lock); the transaction is for the cursors.
  return source.db.transaction(async (sourceTx) =>
    target.db.transaction(async (targetTx) => {
      await rawQuery(targetTx, `select pg_advisory_xact_lock(${MOVE_LOCK})`);
      // Copied orders are not new orders: the mail trigger (migration 0013) stays quiet.
      await rawQuery(targetTx, `select set_config('portal.copying', 'on', true)`);
      await refuseNonEmpty(textQuery(targetTx));
      for (const table of tables) {
        if (FILLED_BY_MIGRATIONS.has(table)) await rawQuery(targetTx, `delete from public.${quoteIdent(table)}`);
        await copyTable(sourceTx, targetTx, table, columns.get(table)!);
      }
      const sequences = await copySequences(textQuery(sourceTx), targetTx);
      const postgres = await tableRowCounts(textQuery(targetTx), tables);
      const report = tables.map((table) => ({ table, embedded: embedded[table] ?? 0, postgres: postgres[table] ?? 0 }));
      const differing = report.find((row) => row.embedded !== row.postgres);
      if (differing) {
        throw new Error(`Таблица ${differing.table}: строк во встроенной базе ${differing.embedded}, в PostgreSQL ${differing.postgres}. Перенос отменён, PostgreSQL осталась пустой.`);
      }
      // Files before the commit: if they cannot be copied, PostgreSQL stays empty and the move can be run again.
      const filesCopied = filesTo ? await copyFiles(path.join(dataDir, 'files'), path.join(filesTo, 'files')) : 0;
      return { tables: report, sequences, filesFolder: filesTo ?? dataDir, filesCopied };
    }),
  );
}

/** The portal's tables ordered so that each comes after the tables its foreign keys point to. */
async function tablesParentsFirst(query: TextQuery): Promise<string[]> {
  const tables = await portalTables(query);
  const edges = await query(
    `select child.relname as child, parent.relname as parent from pg_constraint c
       join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const [child, parent] of edges) parents.get(String(child))?.add(String(parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...parents.get(table)!].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (ready.length === 0) throw new Error('The foreign keys of the schema form a cycle: no table order satisfies them');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Columns a row can be inserted with (generated ones are computed again by PostgreSQL). */
async function insertableColumns(query: TextQuery, table: string): Promise<string[]> {
  const rows = await query(
    `select attname from pg_attribute where attrelid = 'public.${quoteIdent(table).replace(/'/g, "''")}'::regclass
       and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  return rows.map(([name]) => String(name));
}

/** One pass over the table through a cursor, a batch of rows at a time, inserted with their ids. */
async function copyTable(sourceTx: DbOrTx, targetTx: DbOrTx, table: string, columns: string[]): Promise<void> {
  const list = columns.map(quoteIdent).join(', ');
  const name = `public.${quoteIdent(table)}`;
  const cursor = `move_${table.replace(/\W/g, '_')}`;
  await rawQuery(sourceTx, `declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${name} t`);
  for (;;) {
    const rows = await rawQuery<{ row: string }>(sourceTx, `fetch ${ROWS_PER_FETCH} from ${cursor}`);
    if (rows.length === 0) break;
    await rawQuery(
      targetTx,
      `insert into ${name} (${list}) overriding system value select ${list} from json_populate_recordset(null::${name}, $1::json)`,
      [`[${rows.map((r) => r.row).join(',')}]`],
    );
  }
  await rawQuery(sourceTx, `close ${cursor}`);
}

/** Every sequence of the schema (serial and identity columns, the order numbers) set to where it stood. */
async function copySequences(read: TextQuery, targetTx: DbOrTx): Promise<number> {
  const sequences = (await read(`select sequencename from pg_sequences where schemaname = 'public' order by 1`)).map(([name]) => String(name));
  for (const sequence of sequences) {
    const qualified = `public.${quoteIdent(sequence)}`;
    const [[lastValue, isCalled]] = (await read(`select last_value::text, case when is_called then 1 else 0 end from ${qualified}`)) as [[string, unknown]];
    await rawQuery(targetTx, `select setval($1::regclass, $2::bigint, $3::boolean)`, [qualified, lastValue, Number(isCalled) === 1]);
  }
  return sequences.length;
}

async function copyFiles(from: string, to: string): Promise<number> {
  if (!existsSync(from)) return 0;
  await cp(from, to, { recursive: true, errorOnExist: true, force: false });
  let count = 0;
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(path.join(folder, entry.name));
      else count++;
    }
  };
  await walk(to);
  return count;
}
