/** SQL of the 1C exchange: the stored groups a package's classifier is compared against, the log (the staged packages: catalog-staging.repository.ts). */
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogGroups, exchange1cLog } from '../../db/schema';

export async function catalogGroupsByCode(db: DbOrTx) {
  const rows = await db.select().from(catalogGroups);
  return new Map(rows.map((row) => [row.code, row]));
}

export async function insertLogEntry(db: DbOrTx, entry: typeof exchange1cLog.$inferInsert) {
  await db.insert(exchange1cLog).values(entry);
}

export async function latestLogEntries(db: DbOrTx, limit: number) {
  return db.select().from(exchange1cLog).orderBy(desc(exchange1cLog.id)).limit(limit);
}
