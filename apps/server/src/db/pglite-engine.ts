/**
 * What the statement client (pglite-statements.ts) needs of the embedded engine, and that engine on the calling thread.
 *
 * PGlite is one PostgreSQL session. Two things follow, and the engine offers both:
 * - Protocol exchanges run one at a time, in the order they are asked for. A caller need not wait for one answer
 *   before asking the next: the exchanges queue (on the worker thread, its queue of messages). Statements outside a
 *   transaction are so sent one after another without waiting for each other's answers, and the engine goes from one
 *   to the next instead of waiting for the main thread to send it the next.
 * - A transaction must have the session to itself from BEGIN to COMMIT, or another request's statement would run
 *   inside it: `holdSession` is that lock. A statement outside a transaction holds it only while it is being sent.
 */
import { Mutex, type PGlite } from '@electric-sql/pglite';

/** One message of an answer, by its protocol name (dataRow, commandComplete, …); PGlite's and node-postgres's alike. */
export interface BackendMessage {
  name: string;
}
type Parser = PGlite['parsers'][number];
type Serializer = PGlite['serializers'][number];

export interface Engine {
  /** One protocol exchange; exchanges run in the order of the calls, whether or not earlier answers are back. */
  execProtocol(message: Uint8Array, options: { syncToFs: boolean }): Promise<{ messages: BackendMessage[] }>;
  /** Runs `callback` while nobody else holds the session (see above). */
  holdSession<T>(callback: () => Promise<T>): Promise<T>;
  readonly parsers: Record<number, Parser>;
  readonly serializers: Record<number, Serializer>;
  close(): Promise<void>;
}

/**
 * PGlite on the calling thread as an engine (for the command-line operations and the tests' template database). Its
 * own `execProtocol` keeps the answer being read in the instance, so two exchanges must not overlap: each waits for
 * the one asked before it.
 */
export function callingThreadEngine(pglite: PGlite): Engine {
  let previous: Promise<unknown> = Promise.resolve();
  const session = new Mutex();
  return {
    get parsers() {
      return pglite.parsers;
    },
    get serializers() {
      return pglite.serializers;
    },
    execProtocol(message, options) {
      const exchange = previous.then(() => pglite.execProtocol(message, options));
      previous = exchange.catch(() => undefined);
      return exchange;
    },
    holdSession: (callback) => session.runExclusive(callback),
    close: () => pglite.close(),
  };
}
