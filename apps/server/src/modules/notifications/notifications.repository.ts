import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, userPartners, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readPopup' | 'readAt'>;

export function listForUser(db: DbOrTx, userId: number, limit: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit);
}

export function insertMany(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return Promise.resolve([] as NotificationRow[]);
  return db.insert(notifications).values(rows).returning();
}

/** Answers whether a row of this user was changed. */
export async function markReadPopup(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ readPopup: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks one unread message of this user read; answers the time, or undefined when it is not theirs or already read. */
export async function markOpened(db: DbOrTx, userId: number, id: number, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function exists(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return rows.length > 0;
}

/** Marks every unread message of this user read; answers how many. */
export async function markAllOpened(db: DbOrTx, userId: number, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The unread count of each of these users (read through the partial index notifications_unread_idx). */
export async function unreadCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((userId) => [userId, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, Number(row.unread));
  return counts;
}

export async function removeOne(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function removeAll(db: DbOrTx, userId: number) {
  const rows = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
  return rows.length;
}

export async function usersOfPartners(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userPartners.userId })
    .from(userPartners)
    .where(and(inArray(userPartners.partnerId, partnerIds), eq(userPartners.blocked, false)));
  return rows.map((row) => row.userId);
}

/** Of these users, those whose portal notifications (settings order.lk.<setting>) are on; a missing setting is on. */
export async function usersWithSetting(db: DbOrTx, userIds: number[], setting: 'states' | 'changed' | 'created') {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        sql`coalesce((${users.notificationSettings} -> 'order' -> 'lk' ->> ${setting})::boolean, true)`,
      ),
    );
  return rows.map((row) => row.id);
}
