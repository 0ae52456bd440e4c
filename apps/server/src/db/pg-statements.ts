/**
 * Named prepared statements on PostgreSQL, for the statements sent straight to the driver (client.ts's rawQuery).
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
import type pg from 'pg';
import { DatabaseError } from 'pg-protocol';

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
