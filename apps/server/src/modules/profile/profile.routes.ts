import { AVATAR_MAX_BYTES, ZNotificationSettingsSchema, ZPersonalUpdateSchema, ZUserSettingsSchema, errorResponses, fileAnswer, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { IMAGE_TYPES, readMultipart, uploadForm } from '../../lib/uploads';
import { requestEmailConfirmation } from '../auth';
import { getSettings, readAvatar, updateNotifications, updatePersonal } from './profile.service';

const AVATAR_POLICY = {
  accept: IMAGE_TYPES,
  maxFileBytes: AVATAR_MAX_BYTES,
  maxTotalBytes: AVATAR_MAX_BYTES,
  maxFiles: 1,
  fileFields: ['avatar'],
} as const;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/settings',
    { schema: { tags: ['profile'], summary: 'Personal data and notification settings', response: { 200: okEnvelope(ZUserSettingsSchema), ...errorResponses(400, 401) } } },
    async (request) => ({ error: null, response: await getSettings(app.db, currentUser(request).id) }),
  );

  app.post(
    '/user/settings/personal/update',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update personal data and the avatar: a field left out keeps its value; removeAvatar=true drops the avatar',
        form: uploadForm(AVATAR_POLICY, ZPersonalUpdateSchema.partial()),
        response: { 200: okEnvelope(ZUserSettingsSchema), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      const form = await readMultipart(request);
      const settings = await updatePersonal(app.db, app.storage, currentUser(request).id, form, (tx, user, email) =>
        requestEmailConfirmation(tx, app.config, user, email), request.ip,
      );
      app.mail.kick();
      return { error: null, response: settings };
    },
  );

  app.post(
    '/user/settings/notifications/update',
    {
      schema: {
        tags: ['profile'],
        summary: 'Replace the notification settings',
        body: ZNotificationSettingsSchema,
        response: { 200: okEnvelope(ZNotificationSettingsSchema), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await updateNotifications(app.db, currentUser(request).id, request.body, request.ip) }),
  );

  app.get(
    '/user/settings/avatar/:fileId',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's avatar image",
        params: z.object({ fileId: z.coerce.number({ error: 'Номер файла должен быть числом.' }).int().positive() }),
        response: { 200: fileAnswer('The avatar picture', 'image/*'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const avatar = await readAvatar(app.db, app.storage, currentUser(request).id, request.params.fileId);
      return reply
        .header('content-type', avatar.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.bytes);
    },
  );
};
