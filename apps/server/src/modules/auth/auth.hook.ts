/** Puts the signed-in user on every /api request; refuses protected routes without a valid session. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { authenticate } from './auth.service';

export const authHook = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    // The OpenAPI description is public: the ERP's developers read it without a dealer's session.
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/')) return;
    // Unknown /api paths fall through to the 404 handler rather than a 401.
    if (!request.routeOptions.url) return;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token) request.user = await authenticate(app.db, token);
    if (!request.user && !request.routeOptions.config.public) {
      throw new AppError('UNAUTHORIZED');
    }
  });
});
