import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, users } from '../../db/schema';

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export function updatePersonal(
  db: DbOrTx,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'name' | 'lastname' | 'patronymic' | 'email' | 'emailConfirmed' | 'phone' | 'avatarFileId'>>,
) {
  return db.update(users).set(values).where(eq(users.id, userId));
}

export function updateNotificationSettings(db: DbOrTx, userId: number, settings: unknown) {
  return db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId));
}

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  return row!.id;
}

export async function findFile(db: DbOrTx, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

export function deleteFile(db: DbOrTx, fileId: number) {
  return db.delete(files).where(eq(files.id, fileId));
}
