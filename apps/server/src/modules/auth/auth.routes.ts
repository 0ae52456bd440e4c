import { ZCurrentUserSchema, ZSignInBodySchema, ZSignInResponseSchema, ZSignedOutSchema, errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { currentUserName, signIn, signOut, parseBasicCredentials } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Basic credentials and a timestamp signed with the shared salt',
        // The login and password come in the Authorization header (Basic), read by the handler.
        security: [{ basic: [] }],
        body: ZSignInBodySchema,
        // 401 a wrong login or password, 403 a blocked account, 429 too many attempts.
        response: { 200: okEnvelope(ZSignInResponseSchema), ...errorResponses(400, 401, 403, 413, 415, 429, 503, 507) },
      },
    },
    async (request) => {
      const credentials = parseBasicCredentials(request.headers.authorization);
      const response = await signIn(app.db, app.config, credentials, request.body, request.ip);
      return { error: null, response };
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: okEnvelope(ZSignedOutSchema), ...errorResponses(400, 401, 413, 415, 503, 507) } } }, async (request) => {
    const user = currentUser(request);
    await signOut(app.db, user);
    // The session's sockets close now, not at their next re-check.
    await app.realtime.endSession(user.id, user.tokenHash, 'signed out');
    return { error: null, response: { ok: true } };
  });

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: okEnvelope(ZCurrentUserSchema), ...errorResponses(400, 401) } } },
    async (request) => ({ error: null, response: await currentUserName(app.db, currentUser(request)) }),
  );
};
