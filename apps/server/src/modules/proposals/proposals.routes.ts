/** Spec §7 /services/proposal/*: the document, the organisation by INN, and the logo and banner library. */
import {
  PROPOSAL_IMAGE_KINDS,
  ZInnParamsSchema,
  ZProposalImageDeleteSchema,
  ZProposalImageListDataSchema,
  ZProposalImageListSchema,
  ZProposalImageParamsSchema,
  ZProposalOrgSchema,
  ZProposalRequestSchema,
  ZProposalVatQuerySchema,
  ZProposalVatSchema,
  errorResponses,
  fileAnswer,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { attachmentHeader } from '../../lib/file-type';
import { readMultipart, uploadForm } from '../../lib/uploads';
import { renderDocument } from '../documents';
import { dealerVatOn } from '../vat';
import {
  addImage,
  buildProposalDocument,
  deleteImage,
  findOrganisation,
  imageBytes,
  listImages,
  PROPOSAL_IMAGE_POLICY,
} from './proposals.service';
import { PROPOSAL_DOCX_RENDERER, PROPOSAL_PDF_RENDERER } from './proposal-renderers';

const FORMATS = {
  PDF: { mime: 'application/pdf', fileName: 'file.pdf', renderer: PROPOSAL_PDF_RENDERER },
  DOCX: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    fileName: 'file.docx',
    renderer: PROPOSAL_DOCX_RENDERER,
  },
} as const;

export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/services/proposal/add',
    {
      schema: {
        tags: ['proposals'],
        summary: 'Build a commercial proposal: answers the PDF or Word file (priced from the database)',
        body: ZProposalRequestSchema,
        // 409: the seller's VAT table does not cover the proposal's day.
        response: {
          200: fileAnswer('The proposal', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const document = await buildProposalDocument(app.db, app.storage, currentUser(request).id, request.body);
      const format = FORMATS[request.body.as];
      const bytes = await renderDocument(format.renderer, document);
      return reply
        .header('content-type', format.mime)
        .header('content-disposition', attachmentHeader(format.fileName))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/services/proposal/org/:inn',
    {
      schema: {
        tags: ['proposals'],
        summary: 'Organisation name by INN (10 or 12 digits with a valid checksum): our partners, then the sample registry',
        params: ZInnParamsSchema,
        response: { 200: okEnvelope(ZProposalOrgSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await findOrganisation(app.db, currentUser(request).id, request.params.inn) }),
  );

  app.get(
    '/services/proposal/vat',
    {
      schema: {
        tags: ['proposals'],
        summary: "The executor company's VAT rate on the proposal's date, as the document prints it (null: «Без НДС»)",
        querystring: ZProposalVatQuerySchema,
        response: { 200: okEnvelope(ZProposalVatSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      error: null,
      response: await dealerVatOn(app.db, currentUser(request).id, request.query.executorUID, request.query.date),
    }),
  );

  for (const kind of PROPOSAL_IMAGE_KINDS) {
    const tags = ['proposals'];
    app.get(
      `/services/proposal/${kind}/list`,
      { schema: { tags, summary: `The user's ${kind}s in upload order`, response: { 200: okEnvelope(ZProposalImageListSchema), ...errorResponses(400, 401, 403) } } },
      async (request) => ({ error: null, response: await listImages(app.db, currentUser(request).id, kind) }),
    );

    app.post(
      `/services/proposal/${kind}/add`,
      {
        schema: {
          tags,
          summary: `Add a ${kind} (SVG is refused)`,
          form: uploadForm(PROPOSAL_IMAGE_POLICY, undefined, { fileRequired: true }),
          // 409: the library is full.
          response: { 200: okEnvelope(ZProposalImageListDataSchema), ...errorResponses(400, 401, 403, 409, 413, 415, 503, 507) },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const form = await readMultipart(request);
        return { error: null, response: { data: await addImage(app.db, app.storage, userId, kind, form) } };
      },
    );

    app.post(
      `/services/proposal/${kind}/delete`,
      { schema: { tags, summary: `Delete one of the user's ${kind}s`, body: ZProposalImageDeleteSchema, response: { 200: okEnvelope(ZProposalImageListDataSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507) } } },
      async (request) => ({
        error: null,
        response: { data: await deleteImage(app.db, app.storage, currentUser(request).id, kind, request.body.id) },
      }),
    );

    app.get(
      `/services/proposal/${kind}/:id/image`,
      {
        schema: {
          tags,
          summary: `The bytes of one of the user's ${kind}s`,
          params: ZProposalImageParamsSchema,
          response: { 200: fileAnswer('The picture', 'image/*'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const image = await imageBytes(app.db, app.storage, currentUser(request).id, kind, request.params.id);
        return reply
          .header('content-type', image.mime)
          .header('content-disposition', attachmentHeader(image.name).replace(/^attachment/, 'inline'))
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
  }
};
