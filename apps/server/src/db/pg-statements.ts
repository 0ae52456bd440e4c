/**
 * Named prepared statements on PostgreSQL, for the hot paths that send their SQL straight to the driver.
 *
 * node-postgres sends a statement without a name unless told otherwise, so PostgreSQL parses, analyses and plans it
 * on every call — for the short lookups and writes of an order that is most of what each statement costs. Given a
 * name, node-postgres parses a statement once per connection and later sends only Bind and Execute; PostgreSQL's own
 * rule (`plan_cache_mode = auto`) then keeps a generic plan after five executions when it costs no more.
 *
 * The name is derived from the text, so the same text has the same name on every connection and in every process,
 * and two texts never share a name (node-postgres refuses one name for two texts on one connection). The rule of
 * which texts are worth preparing is the embedded engine's (pglite-statements.ts): a LIKE pattern must be planned
 * for its value, so such a statement runs unnamed. On PGlite the statement client prepares by itself; the text goes
 * to it as it is.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { DatabaseError } from 'pg-protocol';
import type { DbOrTx } from './client';
import { isPrepared } from './pglite-statements';

const names = new Map<string, string>();

/** The statement's stable name: `portal_` and a digest of its text. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `portal_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

interface DriverSession {
  client: pg.Pool | pg.Client | { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
  logger: { logQuery(query: string, params: unknown[]): void };
}

/**
 * One statement under the database or transaction at hand, prepared: named on PostgreSQL (the pool or the
 * transaction's connection), as it is on PGlite. Logged through Drizzle's logger like any other.
 */
export async function preparedQuery<T>(db: DbOrTx, text: string, params: unknown[] = []): Promise<T[]> {
  const session = (db as unknown as { session: DriverSession }).session;
  session.logger.logQuery(text, params);
  const client = session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const config: pg.QueryConfig = isPrepared(text) ? { name: statementName(text), text, values: params } : { text, values: params };
    return (await (client instanceof pg.Pool ? queryKeepingConnection(client, config) : client.query(config))).rows as T[];
  }
  return (await client.query(text, params)).rows as T[];
}

/**
 * One statement on a connection of the pool, which goes back to the pool after an error the database reported too.
 * The pool's own `query` closes the connection after any error: a refused order write (a key already used, an offer
 * changed since it was read — answers the order path expects) then cost a new connection, a new server process and
 * every statement prepared again; under bench:orders that was most of PostgreSQL's work. Only an error that leaves
 * the connection unusable (lost, or fatal on the server) closes it.
 */
export async function queryKeepingConnection(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const connection = await pool.connect();
  // A connection lost while checked out emits 'error'; unheard, that would end the process (the pool's own query
  // listens the same way). Such a connection is closed on release.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  connection.on('error', onLost);
  let failure: unknown;
  try {
    return await connection.query(config);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    connection.removeListener('error', onLost);
    const usable = failure === undefined || (failure instanceof DatabaseError && failure.severity !== 'FATAL' && failure.severity !== 'PANIC');
    connection.release(lost ?? (usable ? undefined : (failure as Error)));
  }
}
