import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning({ id: files.id, name: files.name, mime: files.mime, size: files.size });
  return row!;
}

export async function findFile(db: DbOrTx, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export function listFiles(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: files.id, name: files.name, mime: files.mime, size: files.size }).from(files).where(inArray(files.id, ids));
}
