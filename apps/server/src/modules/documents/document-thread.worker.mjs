// @ts-check
/**
 * The document thread (see document-thread.ts): draws one document at a time with the renderer each request names (a
 * module of the server and its export) and hands the bytes back. Plain JavaScript: the built server asks for compiled
 * renderers (.js); from the sources (dev, tests) a renderer is TypeScript, and the thread first registers the
 * TypeScript loader, which a worker thread does not inherit.
 */
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('document-thread.worker.mjs runs only as a worker thread');
const port = parentPort;

/** The server's own code: the only place a renderer is loaded from. */
const serverRoot = new URL('../../', import.meta.url).href;
/** @type {Promise<unknown> | undefined} */
let typescriptLoader;
/** @type {Map<string, Promise<Record<string, unknown>>>} */
const loaded = new Map();

/**
 * The renderer's module, loaded once.
 * @param {string} href
 */
async function rendererModule(href) {
  if (!href.startsWith(serverRoot)) throw new Error(`A renderer is a module of the server, not ${href}`);
  if (href.endsWith('.ts')) await (typescriptLoader ??= import('tsx/esm/api').then((api) => api.register()));
  let module = loaded.get(href);
  if (!module) loaded.set(href, (module = import(href)));
  return module;
}

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

port.on('message', async (/** @type {{ id: number, module: string, exportName: string, input: unknown }} */ request) => {
  try {
    const render = (await rendererModule(request.module))[request.exportName];
    if (typeof render !== 'function') throw new Error(`No renderer «${request.exportName}» in ${request.module}`);
    // A copy of exactly the document's bytes, handed over rather than copied again.
    const bytes = new Uint8Array(await render(revive(request.input)));
    port.postMessage({ id: request.id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id: request.id, failed: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } });
  }
});
port.postMessage({ ready: true });
