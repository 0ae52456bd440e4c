// @ts-check
/**
 * The embedded database engine on a thread of its own (see pglite-thread.ts for why). It only opens PGlite and runs
 * protocol exchanges: bytes in, bytes out. Everything else — statements, parsing, locks, types — stays on the main
 * thread. Plain JavaScript, because a worker thread starts without the TypeScript loader the server runs under.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The bytes of one answer, gathered from the engine's chunks (views into its memory, valid only during the call), in
 * a buffer reused from answer to answer; `take` copies out exactly the answer, which is handed to the main thread.
 */
class AnswerBuffer {
  #bytes = new Uint8Array(64 * 1024);
  #length = 0;

  clear() {
    this.#length = 0;
  }

  /** @param {Uint8Array} chunk */
  append(chunk) {
    if (this.#length + chunk.length > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#length + chunk.length));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#bytes.set(chunk, this.#length);
    this.#length += chunk.length;
  }

  take() {
    return this.#bytes.slice(0, this.#length);
  }
}

if (!parentPort) throw new Error('pglite-thread.worker.mjs runs only as a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string, copyOf?: Uint8Array, cacheMb?: number }} */
const { dataDir, copyOf, cacheMb } = workerData;

const engine = await PGlite.create({
  dataDir,
  extensions: { pg_trgm },
  ...(copyOf ? { loadDataDir: new Blob([copyOf]) } : {}),
  ...(cacheMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheMb}MB`] } : {}),
}).catch((error) => {
  port.postMessage({ failed: describe(error) });
  return undefined;
});

if (engine) serveRequests(engine);

/** @param {PGlite} engine */
function serveRequests(engine) {
  const answer = new AnswerBuffer();
  /**
   * One request after another, in the order they arrive (several to a message: those the main thread asked in one
   * turn of its event loop). The main thread sends exchanges without waiting for earlier answers, and an exchange
   * awaits its write to the files after running, when the next one could otherwise start and reuse the answer's
   * buffer.
   * @type {Promise<void>}
   */
  let queue = Promise.resolve();
  port.on('message', (/** @type {{ requests: Request[] }} */ { requests }) => {
    for (const request of requests) queue = queue.then(() => serve(request));
  });

  /**
   * Answers go back together: those of the requests that arrived in one turn of this thread's event loop, at the end
   * of that turn (or every few answers, so the first need not wait for a long queue). Each message between threads
   * wakes the other thread — a system call that cost as much as a short statement — and under load many requests
   * arrive at once.
   * @type {Array<{ id: number, data?: Uint8Array, heapUsed?: number, heapCommitted?: number, engineMemory?: number, closed?: boolean, failed?: { message: string, stack?: string } }>}
   */
  let outbox = [];
  /** @type {ArrayBuffer[]} */
  let transfers = [];
  let flushScheduled = false;
  const ANSWERS_PER_MESSAGE = 8;

  const flush = () => {
    flushScheduled = false;
    if (outbox.length === 0) return;
    port.postMessage({ answers: outbox }, transfers);
    outbox = [];
    transfers = [];
  };

  /** @param {(typeof outbox)[number]} reply */
  const send = (reply) => {
    outbox.push(reply);
    if (reply.data) transfers.push(/** @type {ArrayBuffer} */ (reply.data.buffer));
    if (outbox.length >= ANSWERS_PER_MESSAGE) flush();
    else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  };

  /** @param {Request} request */
  async function serve(request) {
    try {
      if (request.close) {
        await engine.close();
        send({ id: request.id, closed: true });
        flush();
        port.close();
        return;
      }
      if (request.heap) {
        // The engine's WebAssembly memory (its page cache included) grows and never shrinks, up to the 32-bit cap.
        const heap = getHeapStatistics();
        send({ id: request.id, heapUsed: heap.used_heap_size, heapCommitted: heap.total_physical_size, engineMemory: engine.Module.HEAPU8.byteLength });
        return;
      }
      // Not execProtocolRaw: that one also parses every message of the answer into objects and, outside
      // execProtocol, keeps them all for good (PGlite 0.5's `#currentQuery.results`) — the thread's memory grew with
      // every row ever answered and its collector ran all the time. The stream variant hands over the bytes only.
      answer.clear();
      await engine.execProtocolRawStream(/** @type {Uint8Array} */ (request.message), {
        syncToFs: request.syncToFs ?? true,
        onRawData: (/** @type {Uint8Array} */ bytes) => answer.append(bytes),
      });
      send({ id: request.id, data: answer.take() });
    } catch (error) {
      send({ id: request.id, failed: describe(error) });
    }
  }
  port.postMessage({ ready: true });
}

/** @typedef {{ id: number, message?: Uint8Array, syncToFs?: boolean, close?: boolean, heap?: boolean }} Request */

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}

