/**
 * Puts the signed-in user on every request; refuses protected routes without a valid session.
 *
 * Whether a route is protected is decided on the route the router chose (its registered pattern and its declared
 * `config.public`), never on the raw URL: `/%61pi/…`, `//api/…` or `/API/…` reach the same route, and so the same
 * decision, as `/api/…`. The hook runs on `onRequest`, before the body is read, so an anonymous upload is refused
 * without receiving it; the answer then closes the connection, so the unread body is not drained either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { authenticate } from './auth.service';

/** Routes outside the API (the web app, its assets) serve no data; the OpenAPI description is public by decision. */
export function routeNeedsSession(route: FastifyRequest['routeOptions']): boolean {
  const pattern = route.url;
  if (pattern === undefined) return false; // unknown paths go to the 404 handler
  if (route.config.public) return false;
  const underApi = pattern === '/api' || pattern.startsWith('/api/');
  return underApi && !(pattern === '/api/docs' || pattern.startsWith('/api/docs/'));
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export const authHook = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const route = request.routeOptions;
    if (token && route.url !== undefined && !route.config.ignoresSession) request.user = await authenticate(app.db, token);
    if (request.user || !routeNeedsSession(route)) return;
    // A body nobody will read: close the connection after the answer instead of receiving the rest of it.
    if (hasBody(request)) reply.header('connection', 'close');
    throw new AppError('UNAUTHORIZED');
  });
});
