/**
 * What the request log may keep of a URL: the path and the names of its query parameters, never their values — a
 * client that puts a token, a password or a customer's data in a query string must not leave it in the log.
 */
import type { FastifyRequest } from 'fastify';

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
