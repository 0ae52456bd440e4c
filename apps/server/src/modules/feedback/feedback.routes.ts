import {
  FEEDBACK_MAX_FILE_BYTES,
  FEEDBACK_MAX_FILES,
  FEEDBACK_MAX_TOTAL_BYTES,
  ZFeedbackCreatedSchema,
  ZFeedbackFieldsSchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { DOCUMENT_TYPES, readMultipart, uploadForm } from '../../lib/uploads';
import { createFeedback } from './feedback.service';

/** Screenshots and documents: images and PDF. */
const FEEDBACK_POLICY = {
  accept: DOCUMENT_TYPES,
  maxFileBytes: FEEDBACK_MAX_FILE_BYTES,
  maxTotalBytes: FEEDBACK_MAX_TOTAL_BYTES,
  maxFiles: FEEDBACK_MAX_FILES,
  fileFields: ['files', 'files[]'],
} as const;

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/request/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send an error report (type error) or a suggestion (type info) with text and files',
        form: uploadForm(FEEDBACK_POLICY, ZFeedbackFieldsSchema),
        response: { 201: okEnvelope(ZFeedbackCreatedSchema), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request);
      const created = await createFeedback(app.db, app.storage, currentUser(request).id, form);
      return reply.status(201).send({ error: null, response: created });
    },
  );
};
