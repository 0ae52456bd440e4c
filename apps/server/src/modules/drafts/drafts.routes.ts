import {
  ZDraftCreateSchema,
  ZDraftIdParamsSchema,
  ZDraftRenameSchema,
  ZDraftSchema,
  ZDraftsRemoveSchema,
  ZDraftsRemovedSchema,
  ZErrorEnvelopeSchema,
  ZSyncedWorkingOrderSchema,
  ZWorkingOrderPutSchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { getWorkingOrder, listDrafts, putWorkingOrder, removeDraft, removeDrafts, renameDraft, saveDraft } from './drafts.service';

/** The answer of a write that another device's write made stale, or that the drafts limit refuses (409 CONFLICT). */
const CONFLICT = ZErrorEnvelopeSchema;

export const draftsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/drafts',
    {
      schema: {
        tags: ['drafts'],
        summary: "The signed-in user's order drafts, newest first (those of companies they still act for)",
        response: { 200: okEnvelope(z.array(ZDraftSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await listDrafts(app, currentUser(request).id) }),
  );

  app.post(
    '/user/drafts',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Save the working order as a draft (its id is the save time: a resent save answers the stored draft)',
        body: ZDraftCreateSchema,
        response: { 200: okEnvelope(ZDraftSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507), 409: CONFLICT },
      },
    },
    async (request) => ({ error: null, response: await saveDraft(app, currentUser(request).id, request.body) }),
  );

  app.patch(
    '/user/drafts/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Rename a draft at the revision the dealer saw (409 when it changed meanwhile)',
        params: ZDraftIdParamsSchema,
        body: ZDraftRenameSchema,
        response: { 200: okEnvelope(ZDraftSchema), ...errorResponses(400, 401, 404, 413, 415, 503, 507), 409: CONFLICT },
      },
    },
    async (request) => ({ error: null, response: await renameDraft(app, currentUser(request).id, request.params.id, request.body) }),
  );

  app.delete(
    '/user/drafts/:id',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Delete one draft',
        params: ZDraftIdParamsSchema,
        response: { 200: okEnvelope(ZDraftsRemovedSchema), ...errorResponses(400, 401, 404, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await removeDraft(app, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/user/drafts/remove',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Delete the listed drafts («delete all» sends those the dealer saw); answers the ids that were removed',
        body: ZDraftsRemoveSchema,
        response: { 200: okEnvelope(ZDraftsRemovedSchema), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await removeDrafts(app, currentUser(request).id, request.body.ids) }),
  );

  app.get(
    '/user/working-order',
    {
      schema: {
        tags: ['drafts'],
        summary: "The signed-in user's working order and its revision (0 and the blank order when none is stored)",
        response: { 200: okEnvelope(ZSyncedWorkingOrderSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await getWorkingOrder(app, currentUser(request).id) }),
  );

  app.put(
    '/user/working-order',
    {
      schema: {
        tags: ['drafts'],
        summary: 'Store the working order changed from `revision` (409 when another device stored a newer one: merge and resend)',
        body: ZWorkingOrderPutSchema,
        response: { 200: okEnvelope(ZSyncedWorkingOrderSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507), 409: CONFLICT },
      },
    },
    async (request) => ({ error: null, response: await putWorkingOrder(app, currentUser(request).id, request.body) }),
  );
};
