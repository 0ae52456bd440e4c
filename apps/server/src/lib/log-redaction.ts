/**
 * What the request log may keep of a URL: the path and the names of its query parameters, never their values — a
 * client that puts a token, a password or a customer's data in a query string must not leave it in the log.
 */
import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';

export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, mark)}?${names.join('&')}`;
}

/** The request as the log shows it (Fastify's default fields, with the query values redacted). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * No log line carries more than a few kilobytes of what a request sent: a text longer than LOG_TEXT_LIMIT keeps its
 * start and its original size, a list its first LOG_LIST_LIMIT items, and nesting stops at LOG_DEPTH_LIMIT. A database
 * error's message repeats the statement's parameters — a 1 MB field became a 4 MB log line per item before.
 */
export const LOG_TEXT_LIMIT = 2048;
const LOG_LIST_LIMIT = 20;
const LOG_DEPTH_LIMIT = 6;

export function boundedText(text: string): string {
  if (text.length <= LOG_TEXT_LIMIT) return text;
  return `${text.slice(0, LOG_TEXT_LIMIT)}… [cut: ${Buffer.byteLength(text)} bytes in all]`;
}

/** `value` with every text, list and nesting cut to the limits above (a copy; the value itself is left as it was). */
export function boundedForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return boundedText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= LOG_DEPTH_LIMIT) return '[cut: nested too deep]';
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_LIST_LIMIT).map((item) => boundedForLog(item, depth + 1));
    return value.length > LOG_LIST_LIMIT ? [...kept, `[cut: ${value.length} items in all]`] : kept;
  }
  if (value instanceof Error) return boundedForLog(pino.stdSerializers.err(value), depth);
  if (value instanceof Date) return value;
  const bounded: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) bounded[key] = boundedForLog(item, depth + 1);
  return bounded;
}

/** Serialized by their own serializers (kept small there), not walked again. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/** The pino options every logger of the portal takes: requests as requestForLog shows them, everything bounded. */
export const boundedLogOptions = {
  serializers: {
    req: requestForLog,
    err: (error: Error) => boundedForLog(pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>,
  },
  formatters: {
    log: (object: Record<string, unknown>) => {
      const bounded: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(object)) bounded[key] = SERIALIZED.has(key) ? value : boundedForLog(value, 1);
      return bounded;
    },
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(this, args.map((arg) => (typeof arg === 'string' ? boundedText(arg) : arg)));
    },
  },
};
