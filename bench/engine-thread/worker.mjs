/** The engine in a worker thread: answers {id, text, params} with {id, rows} or {id, error}. */
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { setup } from './setup.mjs';

const db = await PGlite.create();
await setup(db);
parentPort.on('message', async ({ id, text, params }) => {
  try {
    const { rows } = await db.query(text, params);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
