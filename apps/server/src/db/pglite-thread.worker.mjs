// @ts-check
/**
 * The embedded database engine on a thread of its own (see pglite-thread.ts for why). It only opens PGlite and runs
 * protocol exchanges: bytes in, bytes out. Everything else — statements, parsing, locks, types — stays on the main
 * thread. Plain JavaScript, because a worker thread starts without the TypeScript loader the server runs under.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.worker.mjs runs only as a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string, copyOf?: Uint8Array }} */
const { dataDir, copyOf } = workerData;

const engine = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(copyOf ? { loadDataDir: new Blob([copyOf]) } : {}) }).catch((error) => {
  port.postMessage({ failed: describe(error) });
  return undefined;
});

if (engine) {
  port.on('message', async (/** @type {{ id: number, message?: Uint8Array, syncToFs?: boolean, close?: boolean }} */ request) => {
    try {
      if (request.close) {
        await engine.close();
        port.postMessage({ id: request.id, closed: true });
        port.close();
        return;
      }
      const data = await engine.execProtocolRaw(/** @type {Uint8Array} */ (request.message), { syncToFs: request.syncToFs ?? true });
      // The answer is a fresh copy of the engine's buffer: hand it over rather than copy it again.
      port.postMessage({ id: request.id, data }, [data.buffer]);
    } catch (error) {
      port.postMessage({ id: request.id, failed: describe(error) });
    }
  });
  port.postMessage({ ready: true });
}

/** @param {unknown} error */
function describe(error) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}
