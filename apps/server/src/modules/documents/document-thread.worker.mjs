// @ts-check
/**
 * The document thread (see document-thread.ts): draws one document at a time with the renderers of renderers.ts and
 * hands the bytes back. Plain JavaScript that first registers the TypeScript loader, because a worker thread starts
 * without the one the server runs under when it runs inside the test runner.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (!parentPort) throw new Error('document-thread.worker.mjs runs only as a worker thread');
const port = parentPort;
register();
const { RENDERERS } = await import('./renderers.ts');

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
