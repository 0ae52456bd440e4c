import { ZAuditExportQuerySchema, ZAuditPageSchema, ZAuditQuerySchema, ZCompanyUidParamsSchema, errorResponses, fileAnswer, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { attachmentHeader } from '../../lib/file-type';
import { purgeOldRecords } from './audit-purge';
import { auditExport, auditPage } from './audit.service';

/** How often the records older than AUDIT_KEEP_DAYS are deleted (as the mail sender's purge). */
const PURGE_EVERY_MS = 60 * 60_000;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/:uid/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The record of who did what in the company (audit.view): filters by person, action and Moscow period, 50 a page',
        params: ZCompanyUidParamsSchema,
        querystring: ZAuditQuerySchema,
        response: { 200: okEnvelope(ZAuditPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await auditPage(app.db, currentUser(request).id, request.params.uid, request.query) }),
  );

  app.get(
    '/companies/:uid/audit/export',
    {
      schema: {
        tags: ['audit'],
        summary: 'The record with the same filters as a CSV (semicolons, UTF-8 with BOM) or XLSX file',
        params: ZCompanyUidParamsSchema,
        querystring: ZAuditExportQuerySchema,
        response: {
          200: fileAnswer('The record as CSV or XLSX', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await auditExport(app.db, currentUser(request).id, request.params.uid, filter, format);
      return reply.header('content-type', file.type).header('content-disposition', attachmentHeader(file.fileName)).header('cache-control', 'no-store').send(file.body);
    },
  );

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purgeOldRecords(app);
    timer = setInterval(() => void purgeOldRecords(app), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
