import { ZClaimCreatedSchema, ZClaimRequestFieldsSchema, ZClaimSchema, errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { readMultipart, uploadForm } from '../../lib/uploads';
import { ATTACHMENT_POLICY } from '../files';
import { fileClaim, listClaims } from './claims.service';

export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/claims',
    {
      schema: {
        tags: ['claims'],
        summary: "Claims of the user's companies with their status history, by bitrix_id descending (an empty list is [])",
        response: { 200: okEnvelope(z.array(ZClaimSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await listClaims(app.db, currentUser(request).id) }),
  );

  app.post(
    '/user/claims/add',
    {
      schema: {
        tags: ['claims'],
        summary: 'File a claim: the company, its case, a description, the order and its products (a JSON array), files',
        form: uploadForm(ATTACHMENT_POLICY, ZClaimRequestFieldsSchema),
        response: { 200: okEnvelope(ZClaimCreatedSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      const form = await readMultipart(request);
      return { error: null, response: await fileClaim(app.db, app.storage, currentUser(request).id, form) };
    },
  );
};
