/**
 * POST /suggestions/api/4_1/rs/suggest/address — the path and shape of the public address-suggestion service, so the
 * client needs no other host. Mounted at the root (not under /api), so it checks the session itself.
 */
import { ZAddressSuggestRequestSchema, ZAddressSuggestResponseSchema, errorResponses } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { authenticate } from '../auth';
import { suggestAddress } from './address-suggest.service';

export const addressSuggestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/suggestions/api/4_1/rs/suggest/address',
    {
      schema: {
        tags: ['logistics'],
        summary: 'Address suggestions (built-in gazetteer, or the upstream service when configured)',
        body: ZAddressSuggestRequestSchema,
        // 503: the upstream service is configured and does not answer.
        response: { 200: ZAddressSuggestResponseSchema, ...errorResponses(400, 401, 413, 415, 503) },
      },
      onRequest: async (request) => {
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        request.user = token ? await authenticate(app.db, token) : null;
        if (!request.user) throw new AppError('UNAUTHORIZED');
      },
    },
    async (request) => suggestAddress(app.config, request.body),
  );
};
