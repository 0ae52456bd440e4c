/**
 * Notifications kept per user and pushed to their sockets. Other areas raise an event with `notifyPartner` (every
 * user of one company) or `notifyUsers`; the list, mark-read, remove and clear calls act on the signed-in user's own
 * rows only, and every change is echoed to that user's other devices, followed by the bell's new unread count.
 */
import type { TNotificationsUnread, TRealtimeEvent, TRealtimeMessage, TRefreshNamespace } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './notifications.repository';

/** The bar shows the newest messages; older ones stay in the table until cleared. */
export const NOTIFICATIONS_LIST_LIMIT = 100;

export interface NotificationInput {
  type: 'popup' | 'notification';
  message: string;
  event: TRealtimeEvent;
  link?: string | null;
  data?: Record<string, unknown>;
  /** Lists that should reload in the open browsers: e.g. the orders with these numbers changed. */
  refresh?: { namespace: TRefreshNamespace; ids: number[] };
  /**
   * The user's notification setting (profile, order.lk) that lets this message be stored and shown; users who turned
   * it off get only the list refresh.
   */
  setting?: 'states' | 'changed' | 'created';
}

type App = Pick<FastifyInstance, 'db' | 'realtime' | 'log'>;

export function toRealtimeMessage(row: repo.NotificationRow): TRealtimeMessage {
  return {
    id: row.id,
    time: row.createdAt.getTime(),
    message: row.message,
    readPopup: row.readPopup,
    type: row.type === 'popup' ? 'popup' : 'notification',
    event: (row.event as TRealtimeEvent | null) ?? null,
    link: row.link,
    readAt: row.readAt ? row.readAt.getTime() : null,
  };
}

/** Tells each user's devices their bell's count as it is now in the table. */
async function pushUnreadCounts(app: App, userIds: number[]) {
  for (const [userId, unread] of await repo.unreadCounts(app.db, [...new Set(userIds)])) {
    await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'unread', payload: { unread } });
  }
}

/** Stores one message per user and pushes it (and a list refresh, when asked) to their sockets in every process. */
export async function notifyUsers(app: App, userIds: number[], input: NotificationInput): Promise<TRealtimeMessage[]> {
  const unique = [...new Set(userIds)];
  const recipients = input.setting ? await repo.usersWithSetting(app.db, unique, input.setting) : unique;
  const rows = await repo.insertMany(
    app.db,
    recipients.map((userId) => ({
      userId,
      type: input.type,
      message: input.message,
      event: input.event,
      link: input.link ?? null,
      data: input.data ?? null,
    })),
  );
  // Stored first: a failed push loses nothing, the client reloads the list when it reconnects.
  try {
    for (const row of rows) {
      await app.realtime.publishToUser(row.userId, { namespace: 'notifications', mutation: 'add', payload: toRealtimeMessage(row) });
    }
    await pushUnreadCounts(app, rows.map((row) => row.userId));
    if (input.refresh) {
      const { namespace, ids } = input.refresh;
      await app.realtime.publishToUsers(unique, { namespace, action: 'refresh', payload: { ids } });
    }
  } catch (error) {
    app.log.error({ err: error }, 'realtime push failed; the notifications are stored');
  }
  return rows.map(toRealtimeMessage);
}

/**
 * Stores messages in the caller's transaction (the users given are those whose setting is already checked) and answers
 * how to push them once it has committed.
 */
export async function notifyStored(tx: DbOrTx, userIds: number[], input: NotificationInput) {
  const rows = await repo.insertMany(
    tx,
    [...new Set(userIds)].map((userId) => ({ userId, type: input.type, message: input.message, event: input.event, link: input.link ?? null, data: input.data ?? null })),
  );
  return {
    async push(app: App) {
      try {
        for (const row of rows) await app.realtime.publishToUser(row.userId, { namespace: 'notifications', mutation: 'add', payload: toRealtimeMessage(row) });
        await pushUnreadCounts(app, rows.map((row) => row.userId));
      } catch (error) {
        app.log.error({ err: error }, 'realtime push failed; the notifications are stored');
      }
    },
  };
}

/** To the users of one company, and no one else. */
export async function notifyPartner(app: App, partnerId: number, input: NotificationInput) {
  return notifyUsers(app, await repo.usersOfPartners(app.db, [partnerId]), input);
}

export async function listNotifications(app: App, userId: number): Promise<TRealtimeMessage[]> {
  return (await repo.listForUser(app.db, userId, NOTIFICATIONS_LIST_LIMIT)).map(toRealtimeMessage);
}

const notFound = () =>
  new AppError('NOT_FOUND', 'Уведомление не найдено: возможно, оно уже удалено. Обновите страницу.');

export async function markReadPopup(app: App, userId: number, id: number) {
  if (!(await repo.markReadPopup(app.db, userId, id))) throw notFound();
  await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'markRead', payload: { id } });
}

export async function unreadNotifications(app: App, userId: number): Promise<TNotificationsUnread> {
  return { unread: (await repo.unreadCounts(app.db, [userId])).get(userId) ?? 0 };
}

/**
 * The user opened a message (clicked it in the bar): it is read on every device and the bell counts one less. Opening
 * a message already read changes nothing; another user's message is not found.
 */
export async function openNotification(app: App, userId: number, id: number): Promise<TNotificationsUnread> {
  const at = new Date();
  if (await repo.markOpened(app.db, userId, id, at)) {
    await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'read', payload: { ids: [id], readAt: at.getTime() } });
    await pushUnreadCounts(app, [userId]);
  } else if (!(await repo.exists(app.db, userId, id))) {
    throw notFound();
  }
  return unreadNotifications(app, userId);
}

/** «Отметить все прочитанными»: every message of the user is read, on every device. */
export async function openAllNotifications(app: App, userId: number): Promise<TNotificationsUnread> {
  const at = new Date();
  if ((await repo.markAllOpened(app.db, userId, at)) > 0) {
    await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'read', payload: { ids: null, readAt: at.getTime() } });
    await pushUnreadCounts(app, [userId]);
  }
  return unreadNotifications(app, userId);
}

export async function removeNotification(app: App, userId: number, id: number) {
  if (!(await repo.removeOne(app.db, userId, id))) throw notFound();
  await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'remove', payload: { id } });
  await pushUnreadCounts(app, [userId]);
}

export async function clearNotifications(app: App, userId: number) {
  const removed = await repo.removeAll(app.db, userId);
  await app.realtime.publishToUser(userId, { namespace: 'notifications', mutation: 'clear', payload: {} });
  await pushUnreadCounts(app, [userId]);
  return removed;
}
