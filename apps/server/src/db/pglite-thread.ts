/**
 * The embedded database on a worker thread, as the engine the statement client runs on (pglite-engine.ts).
 *
 * PGlite runs PostgreSQL on the thread that calls it and blocks that thread while a statement runs: on the main
 * thread one slow statement (a first-time common-word name search, hundreds of milliseconds at 1M products) stops
 * every other request for its whole length. On its own thread the main thread goes on with HTTP, validation and JSON
 * meanwhile; the engine still runs one statement at a time (docs/performance.md, «Reading the search numbers»). The
 * worker runs exchanges in the order they arrive, each to its end before the next, so the main thread may send one
 * before the answer to the previous is back.
 *
 * Only protocol bytes cross between the threads: the statement client serialises its messages here, the worker hands
 * them to PGlite's `execProtocolRawStream`, and the answer is parsed back here with node-postgres's protocol parser
 * (the messages and errors PGlite's own parser gives) and PGlite's type tables — so results are those of an in-thread
 * PGlite.
 */
import { Worker } from 'node:worker_threads';
import { Mutex, protocol, types } from '@electric-sql/pglite';
import { DatabaseError } from 'pg-protocol';
import { Parser as ProtocolParser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage, Engine } from './pglite-engine';

/**
 * The engine on its thread: also says how much of that thread's heap is in use (its memory is not the main thread's),
 * and how large the engine's own WebAssembly memory has grown (its page cache included).
 */
export interface ThreadEngine extends Engine {
  heapUsed(): Promise<number>;
  /** The thread's heap as the process pays for it: committed pages, garbage and empty young generation included. */
  heapCommitted(): Promise<number>;
  engineMemory(): Promise<number>;
}

interface WorkerRequest {
  message?: Uint8Array;
  syncToFs?: boolean;
  close?: boolean;
  heap?: boolean;
}

interface WorkerAnswer {
  id: number;
  closed?: boolean;
  data?: Uint8Array;
  heapUsed?: number;
  heapCommitted?: number;
  engineMemory?: number;
  failed?: { message: string; stack?: string };
}

const workerUrl = new URL('./pglite-thread.worker.mjs', import.meta.url);

/**
 * Opens PGlite on a worker thread (in memory when `dataDir` is undefined, as a copy of the data folder in the tarball
 * `copyOf` when given, with a page cache of `cacheMb` when given) and answers when it is ready.
 */
export async function openPgliteThread(dataDir: string | undefined, copyOf?: Uint8Array<ArrayBuffer>, cacheMb?: number): Promise<ThreadEngine> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, copyOf, cacheMb } });
  const pending = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();
  let sequence = 0;
  let exited: Error | undefined;

  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { ready?: boolean; failed?: WorkerAnswer['failed']; answers?: WorkerAnswer[] }) => {
      if (message.ready) return resolve();
      if (!message.answers) return reject(threadError('The database engine did not start', message.failed));
      // Several answers to a message (see the worker): in the order they were asked.
      for (const answer of message.answers) {
        const waiting = pending.get(answer.id);
        pending.delete(answer.id);
        waiting?.resolve(answer);
      }
    });
    worker.on('error', (error) => {
      exited = error;
      reject(error);
    });
    worker.on('exit', (code) => {
      exited ??= new Error(`The database engine thread stopped (exit code ${code})`);
      reject(exited);
      for (const waiting of pending.values()) waiting.reject(exited);
      pending.clear();
    });
  });

  // Requests go over together: those asked in one turn of the event loop, at its end (the worker answers likewise).
  // Each message wakes the other thread, and under load one turn reads many HTTP requests that each send statements.
  let outbox: Array<WorkerRequest & { id: number }> = [];
  const flush = () => {
    if (outbox.length === 0) return;
    worker.postMessage({ requests: outbox });
    outbox = [];
  };
  const ask = (request: WorkerRequest): Promise<WorkerAnswer> => {
    if (exited) return Promise.reject(exited);
    const id = ++sequence;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (outbox.push({ id, ...request }) === 1) setImmediate(flush);
    });
  };

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  // Answers arrive whole (the engine returns after Sync or a simple query), so one parser is never left mid-message,
  // except after a failure inside the engine — then a new one. node-postgres's parser, not PGlite's: the same
  // messages, but PGlite's copies every field into a new buffer before decoding it — ten times slower on a page of
  // 25 cards (about 0.3 ms against 0.03), on the main thread.
  let parser = new ProtocolParser();
  const parsers: Engine['parsers'] = { ...(types.parsers as Engine['parsers']) };
  const serializers: Engine['serializers'] = { ...(types.serializers as Engine['serializers']) };
  const session = new Mutex();

  const engine: ThreadEngine = {
    parsers,
    serializers,
    async execProtocol(message, { syncToFs }) {
      const answer = await ask({ message, syncToFs });
      if (answer.failed || !answer.data) {
        parser = new ProtocolParser();
        throw threadError('The database engine failed', answer.failed);
      }
      const messages: BackendMessage[] = [];
      parser.parse(Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength), (parsed) => messages.push(parsed));
      // As PGlite's execProtocol: the whole exchange is read, then its first error is thrown.
      const failure = messages.find((parsed) => parsed instanceof DatabaseError);
      if (failure) throw failure;
      return { messages };
    },
    async heapUsed() {
      return (await ask({ heap: true })).heapUsed ?? 0;
    },
    async heapCommitted() {
      return (await ask({ heap: true })).heapCommitted ?? 0;
    },
    async engineMemory() {
      return (await ask({ heap: true })).engineMemory ?? 0;
    },
    holdSession: (callback) => session.runExclusive(callback),
    async close() {
      if (!exited) await ask({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
  await addArrayTypes(engine);
  return engine;
}

function threadError(what: string, failed: WorkerAnswer['failed']): Error {
  const error = new Error(`${what}: ${failed?.message ?? 'no answer'}`);
  if (failed?.stack) error.stack = `${error.message}\n--- in the engine thread ---\n${failed.stack}`;
  return error;
}

/** PGlite learns the array types of the database when it starts (`_initArrayTypes`); the same, over the thread. */
async function addArrayTypes(engine: Engine): Promise<void> {
  const { serialize } = protocol;
  const text = `select b.oid, b.typarray from pg_catalog.pg_type a
    left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;
  const { messages } = await engine.execProtocol(serialize.query(text), { syncToFs: false });
  for (const message of messages) {
    if (message.name !== 'dataRow') continue;
    const [oid, arrayOid] = (message as unknown as { fields: string[] }).fields.map(Number) as [number, number];
    engine.serializers[arrayOid] = (value) => types.arraySerializer(value, engine.serializers[oid], arrayOid);
    engine.parsers[arrayOid] = (value) => types.arrayParser(value, engine.parsers[oid]!, arrayOid);
  }
}
