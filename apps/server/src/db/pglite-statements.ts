/**
 * A PGlite client for Drizzle that keeps named prepared statements.
 *
 * PGlite's own `query()` parses every statement afresh and crosses into WebAssembly six times per statement
 * (parse, describe, bind, describe, execute, sync): about 0.2 ms of fixed cost, more than a primary-key lookup
 * itself, and most of what an order or a search costs on the embedded database. This client parses each
 * distinct statement once per database (named, with its parameter and row types learnt from one Describe), and
 * then runs it with one protocol message — Bind, Execute, Sync — in one call: about 0.06 ms.
 *
 * Plans follow PostgreSQL's own rule for prepared statements (`plan_cache_mode = auto`): the first five executions
 * are planned for their parameters, then a generic plan is kept when it costs no more — which for the lookups,
 * inserts and updates by key of an order halves what each statement costs, planning being about half of it.
 * Statements with LIKE are never prepared: a LIKE can use the prefix index only when the planner sees the pattern,
 * and a generic plan of `article_key LIKE $1` would read the whole index. They run unnamed, planned every time for
 * their pattern, exactly like the statements the plan tests explain.
 *
 * It offers what Drizzle's PGlite driver calls — `query`, `exec`, `transaction` — with PGlite's result shape, so it
 * can stand in for the PGlite instance everywhere. The engine under it (pglite-engine.ts) is PGlite on a worker
 * thread (pglite-thread.ts) or on the calling thread. A transaction holds the engine's one session from BEGIN to
 * COMMIT; a statement outside one holds it only while it is sent, not while it runs, so statements of concurrent
 * requests queue up in the engine — which then runs them back to back — rather than one by one behind each answer.
 */
import { type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { BackendMessage, Engine } from './pglite-engine';
import type { StatementWatch } from './table-changes';

type QueryOptions = Parameters<PGlite['query']>[2];
type Field = { name: string; dataTypeID: number };

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

/** Statements kept prepared at once; the least recently used is closed beyond this (IN-lists vary in length). */
const MAX_PREPARED = 500;

/**
 * A statement whose text starts with this comment keeps one generic plan, whatever its cost estimate says: for a
 * statement the planner misjudges with unknown parameters although its plan cannot depend on them (the article
 * range search: its generic estimate is higher than a custom one, so `auto` would plan it afresh every time).
 * It is a comment, so node-postgres runs the same text as usual.
 */
export const GENERIC_PLAN = '/* generic plan */';

/** Only plain data statements are worth keeping; DDL, SET, BEGIN and the like run unnamed. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** A pattern the planner must see (see above). */
const PATTERN_MATCH = /\b(i?like|similar\s+to)\b/i;

export function isPrepared(text: string): boolean {
  const body = text.startsWith(GENERIC_PLAN) ? text.slice(GENERIC_PLAN.length) : text;
  return DATA_STATEMENT.test(body) && !PATTERN_MATCH.test(body);
}

export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /** How many statements are prepared now (for tests and diagnostics). */
  readonly preparedCount: number;
}

export function preparedStatementsClient(
  engine: Engine,
  { maxPrepared = MAX_PREPARED, watch }: { maxPrepared?: number; watch?: StatementWatch } = {},
): StatementClient {
  /** Shows the statement to the watch (table-changes.ts), and tells it again once the answer is back, before the caller sees it. */
  const watched = <T>(text: string, run: () => Promise<T>): Promise<T> => {
    const done = watch?.(text);
    return done ? run().finally(done) : run();
  };
  const prepared = new Map<string, Prepared>();
  let sequence = 0;
  /** Close messages for evicted statements, sent ahead of the next exchange. */
  let pendingClose: Buffer[] = [];

  /**
   * One call into the engine, sent before this returns (the engine runs exchanges in the order they are sent).
   * Extended-protocol parts end with Sync; a simple query ends by itself.
   */
  const exchange = (parts: Buffer[], syncToFs: boolean, sync = true): Promise<BackendMessage[]> => {
    const message = Buffer.concat([...pendingClose, ...parts, ...(sync ? [serialize.sync()] : [])]);
    pendingClose = [];
    const answer = engine.execProtocol(new Uint8Array(message.buffer, message.byteOffset, message.byteLength), { syncToFs });
    return answer.then(({ messages }) => messages);
  };

  /** The statement prepared under `text`: at once when it is known, else after one exchange that parses it. */
  const prepare = (text: string, syncToFs: boolean): Prepared | Promise<Prepared> => {
    const known = prepared.get(text);
    if (known) {
      // Map order is the recency order.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    const name = `s${++sequence}`;
    return exchange([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name })], syncToFs).then((messages) => {
      const parameters = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
      const rows = messages.find((m) => m.name === 'rowDescription') as { fields: Field[] } | undefined;
      const statement = {
        name,
        paramTypes: parameters?.dataTypeIDs ?? [],
        fields: rows?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
      };
      prepared.set(text, statement);
      if (prepared.size > maxPrepared) forget(prepared.keys().next().value as string);
      return statement;
    });
  };

  const forget = (text: string) => {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    pendingClose.push(serialize.close({ type: 'S', name: statement.name }));
  };

  const serializeParam = (value: unknown, typeId: number | undefined, options: QueryOptions) => {
    if (value === null || value === undefined) return null;
    const serializer = typeId === undefined ? undefined : (options?.serializers?.[typeId] ?? engine.serializers[typeId]);
    return serializer ? serializer(value) : String(value);
  };

  /**
   * Sends one statement — prepared once, then Bind + Execute + Sync in one exchange — and answers its result to come,
   * wrapped so that awaiting `send` waits only until the statement is in the engine's queue (a new statement's
   * parse is waited for: its Bind needs the parameter types the parse answers).
   */
  const send = async <T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<{ result: Promise<Results<T>> }> => {
    const syncToFs = !inTransaction;
    const failed = (error: unknown): never => {
      // A table changed under a prepared statement ("cached plan must not change result type"): prepare it anew
      // next time.
      if ((error as { code?: string }).code === '0A000') forget(text);
      if (error && typeof error === 'object') Object.assign(error, { query: text, params });
      throw error;
    };
    if (!prepared.has(text) && !isPrepared(text)) {
      const parts = [
        serialize.parse({ text, types: [] }),
        serialize.bind({ values: params.map((value) => serializeParam(value, undefined, options)) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ];
      return { result: exchange(parts, syncToFs).then((messages) => toResults<T>(messages, undefined, options, engine.parsers), failed) };
    }
    const statement = await Promise.resolve(prepare(text, syncToFs)).catch(failed);
    const values = params.map((value, i) => serializeParam(value, statement.paramTypes[i], options));
    const execution = [serialize.bind({ statement: statement.name, values }), serialize.execute({})];
    if (!text.startsWith(GENERIC_PLAN)) {
      return { result: exchange(execution, syncToFs).then((messages) => toResults<T>(messages, statement.fields, options, engine.parsers), failed) };
    }
    // The setting holds for this one execution: SET, Bind, Execute, Sync, RESET in the same exchange.
    const parts = [serialize.query('SET plan_cache_mode = force_generic_plan'), ...execution, serialize.sync(), serialize.query('RESET plan_cache_mode')];
    const result = exchange(parts, syncToFs, false).then((messages) => {
      const ready = messages.flatMap((message, i) => (message.name === 'readyForQuery' ? [i] : []));
      return toResults<T>(messages.slice(ready[0]! + 1, ready[1]), statement.fields, options, engine.parsers);
    }, failed);
    return { result };
  };

  /** A simple-protocol query (several statements allowed), sent before this returns: one result per statement. */
  const simple = (text: string, inTransaction: boolean): Promise<Results[]> =>
    exchange([serialize.query(text)], !inTransaction, false).then((messages) => {
      const results: Results[] = [];
      let current: BackendMessage[] = [];
      for (const message of messages) {
        current.push(message);
        if (message.name === 'commandComplete') {
          results.push(toResults(current, undefined, undefined, engine.parsers));
          current = [];
        }
      }
      return results;
    });

  const client: StatementClient = {
    get preparedCount() {
      return prepared.size;
    },
    // Outside a transaction the session is held only while the statement is sent (see the header).
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      watched(text, async () => (await engine.holdSession(() => send<T>(text, params, options, false))).result),
    exec: (text) => watched(text, async () => (await engine.holdSession(async () => ({ result: simple(text, false) }))).result),
    transaction: (callback) =>
      engine.holdSession(async () => {
        await simple('BEGIN', true);
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        const tx = {
          query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            open();
            return watched(text, async () => (await send<T>(text, params, options, true)).result);
          },
          sql: async () => {
            throw new Error('tx.sql is not offered by this client: use tx.query');
          },
          exec: async (text: string) => {
            open();
            return watched(text, () => simple(text, true));
          },
          rollback: async () => {
            open();
            await simple('ROLLBACK', true);
            closed = true;
          },
          listen: async () => {
            throw new Error('LISTEN is not offered inside a transaction by this client');
          },
          get closed() {
            return closed;
          },
        } as unknown as Transaction;
        try {
          const result = await callback(tx);
          if (!closed) {
            closed = true;
            const [commit] = await simple('COMMIT', false);
            // COMMIT of a failed transaction answers ROLLBACK.
            if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') throw new Error('The transaction was rolled back');
          }
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await simple('ROLLBACK', false);
          }
          throw error;
        }
      }),
  };
  return client;
}

/** PGlite's result shape: rows parsed by type (in array or object mode), fields, affectedRows. */
function toResults<T>(
  messages: BackendMessage[],
  knownFields: Field[] | undefined,
  options: QueryOptions,
  defaultParsers: Engine['parsers'],
): Results<T> {
  // One parser per column, looked up once per result: merging the option's parsers into PGlite's table of a few
  // hundred types on every statement (as PGlite's own query does) costs more than the statement.
  let fields = knownFields ?? [];
  let columnParsers = parsersOf(fields, options, defaultParsers);
  const rows: unknown[] = [];
  let affectedRows = 0;
  let command: string | undefined;
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Field[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      columnParsers = parsersOf(fields, options, defaultParsers);
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: Array<string | null> }).fields.map((value, i) => {
        const parser = columnParsers[i];
        return value === null || !parser ? value : parser(value, fields[i]!.dataTypeID);
      });
      rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])));
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      command = words[0];
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command ?? '') && !Number.isNaN(count)) affectedRows += count;
    }
  }
  return { rows: rows as T[], fields, affectedRows, ...(command ? { command } : {}) } as Results<T>;
}

function parsersOf(fields: Field[], options: QueryOptions, defaultParsers: Engine['parsers']) {
  return fields.map((field) => options?.parsers?.[field.dataTypeID] ?? defaultParsers[field.dataTypeID]);
}
