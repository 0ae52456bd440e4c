/**
 * Documents — the invoice PDF, the proposal's PDF and Word files — are drawn on a thread of their own. Laying out and
 * compressing a document takes pdfmake or docx 50–200 ms of CPU (an invoice of 50 lines: ~150 ms); on the main thread
 * every other request of every dealer would wait that long behind it. One thread, one document at a time, so two
 * cores keep one for HTTP; the thread starts with the first document and is started again if it ever stops.
 *
 * This module knows no kind of document: a module that has one names its renderer (`documentRenderer`: the file
 * beside it and the export that draws), and the thread loads that file when first asked. So the dependency points
 * one way, from orders and proposals to documents.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A renderer the thread can load: a module of the server and its export `(input) => Promise<Buffer>`. */
export interface DocumentRenderer<Input> {
  readonly module: string;
  readonly exportName: string;
  /** Never set: carries the input's type from `documentRenderer` to `renderDocument`. */
  readonly input?: Input;
}

type RendererInput<F> = F extends (input: infer Input) => Promise<Buffer> ? Input : never;

/**
 * The renderer `exportName` of the file `file` (a name without extension) in the caller's folder: `beside` is the
 * caller's `import.meta.url`, whose extension the file takes (.ts from the sources, .js in the built server). `Module`
 * is the file's type (`import type * as m from './file'`), so a wrong name or input does not compile.
 */
export function documentRenderer<Module, Name extends keyof Module & string>(
  beside: string,
  file: string,
  exportName: Name,
): DocumentRenderer<RendererInput<Module[Name]>> {
  const extension = path.extname(new URL(beside).pathname);
  return { module: new URL(`./${file}${extension}`, beside).href, exportName };
}

interface ThreadAnswer {
  id?: number;
  ready?: boolean;
  bytes?: Uint8Array;
  failed?: { message: string; stack?: string };
}

interface DocumentThread {
  worker: Worker;
  pending: Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>;
}

const workerUrl = new URL('./document-thread.worker.mjs', import.meta.url);
let thread: DocumentThread | undefined;
let sequence = 0;

function documentThread(): DocumentThread {
  if (thread) return thread;
  const worker = new Worker(workerUrl);
  const started: DocumentThread = { worker, pending: new Map() };
  worker.on('message', (answer: ThreadAnswer) => {
    if (answer.id === undefined) return;
    const waiting = started.pending.get(answer.id);
    started.pending.delete(answer.id);
    if (started.pending.size === 0) worker.unref();
    if (!waiting) return;
    if (answer.bytes) waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else waiting.reject(threadError('The document was not drawn', answer.failed));
  });
  const stopped = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`The document thread stopped (exit code ${code})`)));
  // Idle, it does not keep the process alive (a command that drew documents ends when its work does); while documents
  // are asked for, it does. Unref'd after the listeners: adding a 'message' listener refs the thread's port again.
  worker.unref();
  thread = started;
  return started;
}

/** Draws a document with the renderer on the document thread; the input crosses as data (Buffers arrive as Buffers). */
export function renderDocument<Input>(renderer: DocumentRenderer<Input>, input: Input): Promise<Buffer> {
  const { worker, pending } = documentThread();
  const id = ++sequence;
  return new Promise((resolve, reject) => {
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, module: renderer.module, exportName: renderer.exportName, input });
  });
}

function threadError(what: string, failed: ThreadAnswer['failed']): Error {
  const error = new Error(`${what}: ${failed?.message ?? 'no answer'}`);
  if (failed?.stack) error.stack = `${error.message}\n--- in the document thread ---\n${failed.stack}`;
  return error;
}
