import {
  ZCompanySchema,
  ZManagerQuerySchema,
  ZManagerSchema,
  ZManagersQuerySchema,
  ZPartnersQuerySchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { getManager, listCompanies, listPartnerManagers } from './partners.service';

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners',
    {
      schema: {
        tags: ['companies'],
        summary: "The user's companies with contracts",
        querystring: ZPartnersQuerySchema,
        response: { 200: okEnvelope(z.array(ZCompanySchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await listCompanies(app.db, currentUser(request).id, request.query.editing) }),
  );

  app.get(
    '/managers',
    {
      schema: {
        tags: ['companies'],
        summary: "Managers of one of the user's companies",
        querystring: ZManagersQuerySchema,
        response: { 200: okEnvelope(z.array(ZManagerSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      error: null,
      response: await listPartnerManagers(app.db, currentUser(request).id, request.query.partnerId),
    }),
  );

  app.get(
    '/manager',
    {
      schema: {
        tags: ['companies'],
        summary: "A manager of the user's companies",
        querystring: ZManagerQuerySchema,
        response: { 200: okEnvelope(ZManagerSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ error: null, response: await getManager(app.db, currentUser(request).id, request.query.id) }),
  );
};
