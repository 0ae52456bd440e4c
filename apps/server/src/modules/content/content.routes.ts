import { ZNewsItemSchema, ZShowcaseCaseSchema, errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCases, listNews } from './content.service';

/** Content-service calls go without the auth header (spec §7), so they are public. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/news',
    {
      config: { public: true },
      schema: { tags: ['content'], summary: 'Main-page news, newest first', security: [], response: { 200: okEnvelope(z.array(ZNewsItemSchema)), ...errorResponses(400) } },
    },
    async () => ({ error: null, response: await listNews(app.db) }),
  );

  app.get(
    '/content/cases',
    {
      config: { public: true },
      schema: { tags: ['content'], summary: 'Showcase cases of the main-page carousel', security: [], response: { 200: okEnvelope(z.array(ZShowcaseCaseSchema)), ...errorResponses(400) } },
    },
    async () => ({ error: null, response: await listCases(app.db) }),
  );
};
