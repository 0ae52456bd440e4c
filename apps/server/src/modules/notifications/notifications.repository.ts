import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications, userPartners, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readPopup'>;

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
