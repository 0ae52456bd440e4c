import { ZCertificateSchema, ZCertificatesByArticlesSchema, ZCertificatesQuerySchema, errorResponses, fileAnswer, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { attachmentHeader } from '../../lib/file-type';
import { certificateFile, certificatesOfArticle, certificatesZipOfArticles, certificatesZipOfOrder } from './certificates.service';

const ZIdParams = (what: string) =>
  z.object({ id: z.coerce.number({ error: `${what} — число.` }).int(`${what} — целое число.`).positive(`${what} — положительное число.`) });

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/certificates',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Certificates of one article',
        querystring: ZCertificatesQuerySchema,
        response: { 200: okEnvelope(z.array(ZCertificateSchema)), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ error: null, response: await certificatesOfArticle(app.db, request.query.article) }),
  );

  app.get(
    '/certificates/:id/file',
    {
      schema: {
        tags: ['certificates'],
        summary: 'One certificate as a PDF',
        params: ZIdParams('id сертификата'),
        response: { 200: fileAnswer('The certificate', 'application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await certificateFile(app.db, app.storage, request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', attachmentHeader(file.fileName)).send(file.bytes);
    },
  );

  app.post(
    '/order/certificates',
    {
      schema: {
        tags: ['certificates'],
        summary: 'A zip of the certificates of a list of articles',
        body: ZCertificatesByArticlesSchema,
        response: { 200: fileAnswer('The certificates', 'application/zip'), ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const zip = await certificatesZipOfArticles(app.db, app.storage, request.body.articles);
      return reply.header('content-type', 'application/zip').header('content-disposition', attachmentHeader('Сертификаты.zip')).send(zip);
    },
  );

  app.get(
    '/order/:id/certificates',
    {
      schema: {
        tags: ['certificates'],
        summary: "A zip of the certificates of an order's products",
        params: ZIdParams('Номер заказа'),
        response: { 200: fileAnswer('The certificates', 'application/zip'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const zip = await certificatesZipOfOrder(app.db, app.storage, currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(`Сертификаты к заказу ${request.params.id}.zip`))
        .send(zip);
    },
  );
};
