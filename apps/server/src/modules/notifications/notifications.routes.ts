import { ZNotificationIdParamsSchema, ZNotificationsUnreadSchema, ZRealtimeMessageSchema, errorResponses, okEnvelope } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import {
  clearNotifications,
  listNotifications,
  markReadPopup,
  openAllNotifications,
  openNotification,
  removeNotification,
  unreadNotifications,
} from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's realtime messages, newest first (up to 100)",
        response: { 200: okEnvelope(z.array(ZRealtimeMessageSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await listNotifications(app, currentUser(request).id) }),
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's messages are unread: the bell's count",
        response: { 200: okEnvelope(ZNotificationsUnreadSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await unreadNotifications(app, currentUser(request).id) }),
  );

  app.post(
    '/notifications/:id/open',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a message read because the user opened it; answers the unread count (also pushed to every device)',
        params: ZNotificationIdParamsSchema,
        response: { 200: okEnvelope(ZNotificationsUnreadSchema), ...errorResponses(400, 401, 404, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await openNotification(app, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every message of the signed-in user read («Отметить все прочитанными»)',
        response: { 200: okEnvelope(ZNotificationsUnreadSchema), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await openAllNotifications(app, currentUser(request).id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a message read as popup: it will not pop up again',
        params: ZNotificationIdParamsSchema,
        response: { 200: okEnvelope(z.object({ id: z.number() })), ...errorResponses(400, 401, 404, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      await markReadPopup(app, currentUser(request).id, request.params.id);
      return { error: null, response: { id: request.params.id } };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Remove one message',
        params: ZNotificationIdParamsSchema,
        response: { 200: okEnvelope(z.object({ id: z.number() })), ...errorResponses(400, 401, 404, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      await removeNotification(app, currentUser(request).id, request.params.id);
      return { error: null, response: { id: request.params.id } };
    },
  );

  app.delete(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Remove all messages of the signed-in user',
        response: { 200: okEnvelope(z.object({ removed: z.number() })), ...errorResponses(400, 401, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: { removed: await clearNotifications(app, currentUser(request).id) } }),
  );
};
