/** The working orders and drafts of users: every statement names the user, and reads only their rows. */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { orderDrafts, userPartners, workingOrders } from '../../db/schema';
import { liveLink } from '../../lib/partner-scope';

export type DraftRow = typeof orderDrafts.$inferSelect;
export type WorkingOrderRow = typeof workingOrders.$inferSelect;

/** A row's company is still one the user acts for with a role that orders (or none was chosen). */
const stillTheirs = (userId: number, partnerId: typeof orderDrafts.partnerId | typeof workingOrders.partnerId) =>
  or(
    isNull(partnerId),
    sql`exists (select 1 from ${userPartners} where ${liveLink(userId, 'orders.place')} and ${userPartners.partnerId} = ${partnerId})`,
  );

export function listDrafts(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(orderDrafts)
    .where(and(eq(orderDrafts.userId, userId), stillTheirs(userId, orderDrafts.partnerId)))
    .orderBy(desc(orderDrafts.id));
}

export async function findDraft(db: DbOrTx, userId: number, id: number): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(orderDrafts)
    .where(and(eq(orderDrafts.userId, userId), eq(orderDrafts.id, id), stillTheirs(userId, orderDrafts.partnerId)));
  return row;
}

/**
 * Stores a new draft while the user has fewer than `limit` (one statement, so two saves at the limit cannot both pass
 * on the embedded database); answers it, or null when the limit is reached or the id is taken.
 */
export async function insertDraft(
  db: DbOrTx,
  draft: { userId: number; id: number; name: string; partnerId: number | null; order: unknown },
  limit: number,
): Promise<DraftRow | null> {
  const result = await db.execute(sql`
    insert into ${orderDrafts} (user_id, id, name, partner_id, "order", revision)
    select ${draft.userId}, ${draft.id}, ${draft.name}, ${draft.partnerId}, ${JSON.stringify(draft.order)}::jsonb, 1
    where (select count(*) from ${orderDrafts} where user_id = ${draft.userId}) < ${limit}
    on conflict (user_id, id) do nothing
    returning id`);
  if (rowsOf(result).length === 0) return null;
  return (await findDraft(db, draft.userId, draft.id)) ?? null;
}

export async function countDrafts(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orderDrafts).where(eq(orderDrafts.userId, userId));
  return row?.n ?? 0;
}

/** Renames a draft if it is still at `revision`; answers the renamed row, or undefined. */
export async function renameDraft(db: DbOrTx, userId: number, id: number, name: string, revision: number) {
  const [row] = await db
    .update(orderDrafts)
    .set({ name, revision: sql`${orderDrafts.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(orderDrafts.userId, userId), eq(orderDrafts.id, id), eq(orderDrafts.revision, revision), stillTheirs(userId, orderDrafts.partnerId)))
    .returning();
  return row;
}

/** Removes these drafts of the user; answers the ids removed. */
export async function removeDrafts(db: DbOrTx, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(orderDrafts)
    .where(and(eq(orderDrafts.userId, userId), inArray(orderDrafts.id, ids), stillTheirs(userId, orderDrafts.partnerId)))
    .returning({ id: orderDrafts.id });
  return rows.map((row) => row.id);
}

export async function findWorkingOrder(db: DbOrTx, userId: number): Promise<(WorkingOrderRow & { visible: boolean }) | undefined> {
  const [row] = await db
    .select({ row: workingOrders, visible: sql<boolean>`${stillTheirs(userId, workingOrders.partnerId)}` })
    .from(workingOrders)
    .where(eq(workingOrders.userId, userId));
  return row && { ...row.row, visible: row.visible };
}

/**
 * Writes the working order if the stored one is still at `revision` (0: none stored yet); answers the new revision,
 * or null when another device wrote first.
 */
export async function writeWorkingOrder(db: DbOrTx, userId: number, partnerId: number | null, order: unknown, revision: number): Promise<number | null> {
  if (revision === 0) {
    const inserted = await db
      .insert(workingOrders)
      .values({ userId, partnerId, order, revision: 1 })
      .onConflictDoNothing()
      .returning({ revision: workingOrders.revision });
    return inserted[0]?.revision ?? null;
  }
  const [row] = await db
    .update(workingOrders)
    .set({ partnerId, order, revision: sql`${workingOrders.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(workingOrders.userId, userId), eq(workingOrders.revision, revision)))
    .returning({ revision: workingOrders.revision });
  return row?.revision ?? null;
}
