// @ts-check
/**
 * The document thread (see document-thread.ts): draws one document at a time with the renderers of renderers.ts and
 * hands the bytes back. Plain JavaScript: the built server has the renderers compiled beside it; from the sources (dev,
 * tests) it first registers the TypeScript loader, which a worker thread does not inherit.
 */
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('document-thread.worker.mjs runs only as a worker thread');
const port = parentPort;
/** Compiled (the built server in dist/, scripts/server-build.mjs) beside this file, or the sources under tsx. */
const compiled = new URL('./renderers.js', import.meta.url);
if (!existsSync(compiled)) (await import('tsx/esm/api')).register();
const { RENDERERS } = existsSync(compiled) ? await import(compiled.href) : await import('./renderers.ts');

/**
 * What crossed the thread boundary arrives as plain data: a Buffer comes as a Uint8Array (pictures' bytes), which the
 * renderers read as a Buffer again.
 * @param {unknown} value
 * @returns {unknown}
 */
function revive(value) {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  }
  return value;
}

port.on('message', async (/** @type {{ id: number, kind: keyof typeof RENDERERS, input: unknown }} */ request) => {
  try {
    const render = /** @type {(input: unknown) => Promise<Uint8Array>} */ (RENDERERS[request.kind]);
    if (!render) throw new Error(`No renderer for documents of kind «${request.kind}»`);
    // A copy of exactly the document's bytes, handed over rather than copied again.
    const bytes = new Uint8Array(await render(revive(request.input)));
    port.postMessage({ id: request.id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id: request.id, failed: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } });
  }
});
port.postMessage({ ready: true });
