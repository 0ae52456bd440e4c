import { ZCurrentUserSchema, ZSignInBodySchema, ZSignInResponseSchema, okEnvelope } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { currentUser } from '../../lib/current-user';
import { signIn, signOut, parseBasicCredentials } from './auth.service';

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
    async (request) => {
      const user = await app.db.query.users.findFirst({ where: eq(users.id, currentUser(request).id) });
      return { error: null, response: { login: user?.login ?? '', name: user?.name ?? '', lastname: user?.lastname ?? '' } };
    },
  );
};

export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['version'], summary: 'The latest client version', response: { 200: okEnvelope(z.object({ last: z.string() })) } },
    },
    async () => ({ error: null, response: { last: app.config.LATEST_CLIENT_VERSION } }),
  );
};
