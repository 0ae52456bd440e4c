import { errorResponses, fileAnswer } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { attachmentHeader } from '../../lib/file-type';
import { getFileForDownload } from './files.service';

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a stored file of one of the user’s companies (inline=1 shows an image or PDF in the browser)',
        params: z.object({ id: z.coerce.number({ error: 'Номер файла должен быть числом.' }).int().positive('Номер файла должен быть положительным.') }),
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: { 200: fileAnswer('The file as it was stored (a picture, a PDF, an office document)', '*/*'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await getFileForDownload(app.db, app.storage, currentUser(request).id, request.params.id);
      const inline = request.query.inline === '1' && INLINE_TYPES.has(file.mime);
      const disposition = attachmentHeader(file.name);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
