/**
 * One Drizzle `db` over either embedded PGlite (persisted in DATA_DIR, or in memory for tests) or PostgreSQL
 * (DATABASE_URL). Both speak the same SQL; the rest of the server never knows which one it has.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serialize } from 'pg-protocol';
import { defaultEmbeddedCacheMb, defaultPoolSize, type Config } from '../config';
import { PRIVATE_FOLDER_MODE, keepNewFilesPrivate, makeDataDirPrivate } from '../lib/private-files';
import { queryKeepingConnection, statementName } from './pg-statements';
import { callingThreadEngine, type Engine } from './pglite-engine';
import { isPrepared, preparedStatementsClient } from './pglite-statements';
import { openPgliteThread } from './pglite-thread';
import { tableChanges, type TableChanges } from './table-changes';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A persisted embedded database only: runs `inside` while no transaction is open and every other statement waits,
   * after a checkpoint — so the files of the data directory hold exactly the transactions committed so far, and
   * stay so until `inside` ends. `query` runs one simple statement there (text rows). Backups copy the files inside.
   */
  whileHeld?<T>(inside: (query: HeldQuery) => Promise<T>): Promise<T>;
  /** Connections: the pool's size, those running a statement or transaction, and callers waiting for one. */
  poolUse(): PoolUse;
  /**
   * The embedded engine only: bytes of its WebAssembly memory (the page cache, EMBEDDED_CACHE_MB, included). It grows
   * and never shrinks, and a 32-bit engine cannot pass 2 GB: operators watch it when they raise the cache.
   */
  engineMemory?(): Promise<number>;
  /** The embedded engine on its worker thread: that thread's JavaScript heap, committed bytes (benchmarks weigh it). */
  engineThreadHeap?(): Promise<number>;
  /** The embedded engine on its worker thread: its page cache in MB (EMBEDDED_CACHE_MB, or sized at start). */
  cacheMb?: number;
  close(): Promise<void>;
}

export type HeldQuery = (text: string) => Promise<Array<Array<string | null>>>;

export interface PoolUse {
  size: number;
  busy: number;
  waiting: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DataDirLockedError extends Error {}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * Where the embedded engine runs: on a worker thread of its own (the default: statements run beside the HTTP work,
   * see pglite-thread.ts), or on the calling thread (kept for comparison in the benchmarks).
   */
  pgliteOn?: 'worker-thread' | 'main-thread';
  /** Apply pending migrations on open (default true); a backup or a check of a restored copy reads it as it is. */
  migrate?: boolean;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE; config.ts's defaultPoolSize when not given). */
  poolSize?: number;
  /**
   * The embedded engine's page cache in MB on its worker thread (EMBEDDED_CACHE_MB); when not given, sized from a
   * persisted database's files (config.ts's defaultEmbeddedCacheMb), PGlite's 128 in memory.
   */
  cacheMb?: number;
  /**
   * An in-memory embedded database starts as a copy of another's data folder (a tarball of `dumpDataDir`) rather
   * than from initdb: the test run builds one migrated, seeded database and gives each test file a copy.
   */
  copyOf?: Uint8Array<ArrayBuffer>;
}

/** The server's database as configured: PostgreSQL at DATABASE_URL, else the embedded engine in DATA_DIR. */
export function configuredDatabase(config: Config): DatabaseOptions {
  return { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, cacheMb: config.EMBEDDED_CACHE_MB };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? defaultPoolSize())
    : await openPglite(options.dataDir, options.pgliteOn ?? 'worker-thread', options.copyOf, options.cacheMb);
  if (options.migrate === false) return database;
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

const changesOfDb = new WeakMap<Db, TableChanges>();

/**
 * The watch of changes to tables of a database whose every statement passes through this process (the embedded
 * one; see table-changes.ts), or undefined (PostgreSQL: other processes may write to it).
 */
export function tableChangesOf(db: Db): TableChanges | undefined {
  return changesOfDb.get(db);
}

/**
 * A copy of some rows kept in memory for `db`, dropped whole (`forgetAll`) by any statement that may change one of
 * `tables`; null where this process does not see every change (PostgreSQL), so nothing may be kept there.
 */
export function memoryKeptExact<T extends { forgetAll(): void }>(db: Db, tables: readonly string[], create: () => T): T | null {
  const changes = tableChangesOf(db);
  if (!changes) return null;
  const memory = create();
  changes.watch(tables, () => memory.forgetAll());
  return memory;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A connection once opened stays (min = max; the default closed any idle 10 s): a new one costs a server process,
  // its catalogue caches filled again and every prepared statement prepared again — under the mixed load, the first
  // requests after a lull waited behind that, and they made PostgreSQL's p99 (docs/performance.md, mixed load).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize });
  // An idle connection dropped by the server (restart, failover, a dropped test database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start, with the address in the message, rather than on the first request.
  await pool.query('select 1').catch(async (error: Error) => {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ size: poolSize, busy: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(
  dataDir: string,
  on: NonNullable<DatabaseOptions['pgliteOn']>,
  copyOf?: Uint8Array<ArrayBuffer>,
  cacheMb?: number,
): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  if (copyOf && !inMemory) throw new Error('Only an in-memory database starts as a copy of another');
  // The engine creates its files 0666 and leaves their privacy to the umask (lib/private-files.ts)…
  if (!inMemory) keepNewFilesPrivate();
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const directory = inMemory ? undefined : dataDir;
    let opened: Engine;
    let engineMemory: () => Promise<number>;
    let engineThreadHeap: (() => Promise<number>) | undefined;
    if (on === 'worker-thread') {
      cacheMb ??= inMemory ? undefined : defaultEmbeddedCacheMb(databaseFilesBytes(dataDir));
      const thread = await openPgliteThread(directory, copyOf, cacheMb);
      opened = thread;
      engineMemory = () => thread.engineMemory();
      engineThreadHeap = () => thread.heapCommitted();
    } else {
      const engine = await PGlite.create({ dataDir: directory, extensions: { pg_trgm }, ...(copyOf ? { loadDataDir: new Blob([copyOf]) } : {}) });
      opened = callingThreadEngine(engine);
      engineMemory = async () => engine.Module.HEAPU8.byteLength;
    }
    // …but a new data directory is unpacked from the engine's bundled initdb image with that image's modes (0666).
    if (!inMemory) await makeDataDirPrivate(dataDir);
    const counts = { sent: 0, holding: 0, waiting: 0 };
    const client = countedEngine(opened, counts);
    const changes = tableChanges();
    const statements = preparedStatementsClient(client, { watch: changes.statement });
    const db = drizzlePglite({ client: statements as unknown as PGlite, schema }) as unknown as Db;
    changesOfDb.set(db, changes);
    return {
      db,
      kind: 'pglite',
      ...(inMemory ? {} : { whileHeld: (inside) => holdEngine(client, inside) }),
      // One session: busy while it runs an exchange or a transaction holds it; waiting, the exchanges queued behind the
      // one running and the callers waiting for the session.
      poolUse: () => ({
        size: 1,
        busy: counts.sent + counts.holding > 0 ? 1 : 0,
        waiting: counts.waiting + Math.max(0, counts.sent - 1),
      }),
      engineMemory,
      ...(engineThreadHeap ? { engineThreadHeap } : {}),
      ...(on === 'worker-thread' ? { cacheMb: cacheMb ?? 128 } : {}),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Bytes of the tables and indexes of a data directory (its base/ and global/ folders; the write-ahead log aside). */
function databaseFilesBytes(dataDir: string): number {
  let bytes = 0;
  for (const folder of ['base', 'global']) {
    const root = path.join(dataDir, folder);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return bytes;
}

/** The engine as the statement client sees it, counting the exchanges sent and not answered, and who holds or waits for the session. */
function countedEngine(engine: Engine, counts: { sent: number; holding: number; waiting: number }): Engine {
  return {
    get parsers() {
      return engine.parsers;
    },
    get serializers() {
      return engine.serializers;
    },
    execProtocol: (message, options) => {
      counts.sent++;
      return engine.execProtocol(message, options).finally(() => counts.sent--);
    },
    holdSession: (callback) => {
      counts.waiting++;
      return engine.holdSession(async () => {
        counts.waiting--;
        counts.holding++;
        try {
          return await callback();
        } finally {
          counts.holding--;
        }
      });
    },
    close: () => engine.close(),
  };
}

/**
 * Holds the session — every transaction holds it, and every statement while it is sent, so none is open and none
 * starts, and the statements sent before have run by the time CHECKPOINT does — and checkpoints, so the data files
 * themselves (not only the write-ahead log) are current.
 */
function holdEngine<T>(engine: Engine, inside: (query: HeldQuery) => Promise<T>): Promise<T> {
  const query: HeldQuery = async (text) => {
    const { messages } = await engine.execProtocol(serialize.query(text), { syncToFs: true });
    return messages
      .filter((message) => message.name === 'dataRow')
      .map((message) => (message as unknown as { fields: Array<string | null> }).fields);
  };
  return engine.holdSession(async () => {
    await query('CHECKPOINT');
    return inside(query);
  });
}

async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // Several server processes may start together against one PostgreSQL: one migrates, the others wait.
  await database.db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(424242)');
    await migratePg(tx as never, { migrationsFolder });
  });
}

/**
 * PGlite has no multi-process safety: two processes on one directory corrupt it. The lock file holds the pid of the
 * owner; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const lockFile = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another portal process (pid ${owner}). ` +
            'Stop that process first, or start this one with another DATA_DIR. The embedded database cannot be shared ' +
            'between processes; use DATABASE_URL (PostgreSQL) to run several.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockFile}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/** Rows of `db.execute`: node-postgres answers a QueryResult, PGlite a Results object; both carry rows. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * A condition `column = any($1::int[])`: ids as one array parameter, not a list (`in ($1, …, $25)`). The statement
 * text is then the same for every list, so the engine keeps its plan; with a list of 25 it planned every page of
 * catalogue cards afresh (3.3 ms a page at a million products, 1.4 ms with the array).
 */
export function isAnyOf(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

interface DriverSession {
  client: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
  logger: { logQuery(query: string, params: unknown[]): void };
}

/**
 * A statement straight to the driver under the database or transaction at hand — PGlite's statement client or
 * node-postgres — for hot paths, where building a query through Drizzle costs as much as running it. Both drivers
 * answer `{rows}` with JSON columns parsed; the statement is logged through Drizzle's logger like any other.
 *
 * Prepared on both: PGlite's statement client prepares by itself; on PostgreSQL it is sent named (pg-statements.ts)
 * when the rule of which texts are worth preparing says so (isPrepared), so PostgreSQL parses and analyses it once
 * per connection rather than on every call.
 */
export async function rawQuery<T>(db: DbOrTx, text: string, params: unknown[] = []): Promise<T[]> {
  const session = (db as unknown as { session: DriverSession }).session;
  session.logger.logQuery(text, params);
  const client = session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const config: pg.QueryConfig = isPrepared(text) ? { name: statementName(text), text, values: params } : { text, values: params };
    // On PostgreSQL's pool, a statement the database refuses keeps its connection (see queryKeepingConnection).
    return (await (client instanceof pg.Pool ? queryKeepingConnection(client, config) : client.query(config))).rows as T[];
  }
  return (await client.query(text, params)).rows as T[];
}
