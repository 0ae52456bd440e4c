/**
 * A bare HTTP server answering an article search, with the engine on the main thread (`main`) or in a worker thread
 * (`worker`). Everything else is the same: the statement, the JSON in and out. Reports its port to the parent.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { KEYS, PRODUCTS, SEARCH, setup, upperBound } from './setup.mjs';

let query;
if (process.argv[2] === 'worker') {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url));
  await new Promise((resolve) => worker.once('message', resolve));
  let sequence = 0;
  const pending = new Map();
  worker.on('message', ({ id, rows, error }) => {
    const { resolve, reject } = pending.get(id);
    pending.delete(id);
    if (error) reject(new Error(error));
    else resolve(rows);
  });
  query = (text, params) =>
    new Promise((resolve, reject) => {
      const id = ++sequence;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, params });
    });
} else {
  const db = await PGlite.create();
  await setup(db);
  query = async (text, params) => (await db.query(text, params)).rows;
}

const server = http.createServer(async (request, response) => {
  const key = KEYS[Number(new URL(request.url, 'http://local').searchParams.get('k')) % KEYS.length];
  const [row] = await query(SEARCH, [key, upperBound(key)]);
  const found = row.found.map((item) => ({ ID: item.id, ARTICLE: item.article, NAME: item.name, PRICE: Number(item.price) }));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: null, response: { FOUND: found, PRODUCT: row.details } }));
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port, products: PRODUCTS }));
