import { errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /api/ — the latest client version (spec §7), public: the web app compares its own with it. */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['version'], summary: 'The latest client version', response: { 200: okEnvelope(z.object({ last: z.string() })), ...errorResponses(400) } },
    },
    async () => ({ error: null, response: { last: app.config.LATEST_CLIENT_VERSION } }),
  );
};
