import { ZCurrentUserSchema, ZSignInBodySchema, ZSignInResponseSchema, okEnvelope } from '@portal/contracts';
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
        body: ZSignInBodySchema,
        response: { 200: okEnvelope(ZSignInResponseSchema) },
      },
    },
    async (request) => {
      const credentials = parseBasicCredentials(request.headers.authorization);
      const response = await signIn(app.db, app.config, credentials, request.body, request.ip);
      return { error: null, response };
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Revoke the current session' } }, async (request) => {
    const user = currentUser(request);
    await signOut(app.db, user);
    // The session's sockets close now, not at their next re-check.
    await app.realtime.endSession(user.id, user.tokenHash, 'signed out');
    return { error: null, response: { ok: true } };
  });

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: okEnvelope(ZCurrentUserSchema) } } },
    async (request) => ({ error: null, response: await currentUserName(app.db, currentUser(request)) }),
  );
};
