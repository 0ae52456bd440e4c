/**
 * The SQL of orders kept «На согласовании» (db/schema/approvals.ts): holding one, the state changes an approval goes
 * through — each a compare-and-set on the state, so two administrators deciding at once cannot both win — and what
 * the history lists.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderApprovals, partners, storageDocuments, storages, userPartners, users } from '../../db/schema';

export type ApprovalRow = typeof orderApprovals.$inferSelect;
export type NewApproval = Pick<
  typeof orderApprovals.$inferInsert,
  'partnerId' | 'userId' | 'payload' | 'totalKopecks' | 'count' | 'totalCount' | 'heldFor' | 'idempotencyKey' | 'requestHash'
>;

export async function insertApproval(db: DbOrTx, row: NewApproval): Promise<number> {
  const [inserted] = await db.insert(orderApprovals).values(row).returning({ id: orderApprovals.id });
  return inserted!.id;
}

export async function findApproval(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(orderApprovals).where(eq(orderApprovals.id, id)).limit(1);
  return row;
}

export async function findApprovalByKey(db: DbOrTx, userId: number, key: string): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(orderApprovals)
    .where(and(eq(orderApprovals.userId, userId), eq(orderApprovals.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** An administrator takes the approval to place its order: pending (or a placing that never finished) → approving. */
export async function claimForApproval(db: DbOrTx, id: number, adminId: number): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(orderApprovals)
    .set({ state: 'approving', decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.id, id), inArray(orderApprovals.state, ['pending', 'approving'])))
    .returning();
  return row;
}

/** Placing failed (prices moved, stock, …): the approval waits again. */
export async function releaseClaim(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(orderApprovals)
    .set({ state: 'pending', decidedBy: null, decidedAt: null })
    .where(and(eq(orderApprovals.id, id), eq(orderApprovals.state, 'approving')));
}

/** The order is placed: approving → approved with its number. Answers whether this call made the change. */
export async function markApproved(db: DbOrTx, id: number, adminId: number, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orderApprovals)
    .set({ state: 'approved', orderId, decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.id, id), inArray(orderApprovals.state, ['pending', 'approving'])))
    .returning({ id: orderApprovals.id });
  return rows.length > 0;
}

/** pending → rejected with the reason; an approval being placed or decided already is left as it is. */
export async function markRejected(db: DbOrTx, id: number, adminId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(orderApprovals)
    .set({ state: 'rejected', reason, decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(orderApprovals.id, id), eq(orderApprovals.state, 'pending')))
    .returning({ id: orderApprovals.id });
  return rows.length > 0;
}

/**
 * The purchaser sent an order instead of their rejected one («Изменить и отправить снова»): rejected → replaced, so it
 * leaves the lists. One already replaced (the same order sent again after a lost answer) is left as it is.
 */
export async function markReplaced(db: DbOrTx, id: number, userId: number): Promise<void> {
  await db
    .update(orderApprovals)
    .set({ state: 'replaced' })
    .where(and(eq(orderApprovals.id, id), eq(orderApprovals.userId, userId), eq(orderApprovals.state, 'rejected')));
}

/** An approval with its company's uid: what an order sent instead of a rejected one is checked against. */
export async function findApprovalWithCompany(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ approval: orderApprovals, partnerUid: partners.uid })
    .from(orderApprovals)
    .innerJoin(partners, eq(partners.id, orderApprovals.partnerId))
    .where(eq(orderApprovals.id, id))
    .limit(1);
  return row;
}

/**
 * What the history shows: the approvals not yet placed (pending, being placed, rejected and not sent again) of
 * the companies where the user approves, and the user's own anywhere — newest first.
 */
export function listApprovals(db: DbOrTx, input: { userId: number; approverOf: number[] }) {
  const purchaser = sql<string>`trim(concat_ws(' ', ${users.lastname}, ${users.name}))`;
  return db
    .select({
      approval: orderApprovals,
      partnerUid: partners.uid,
      partnerName: partners.name,
      purchaserName: purchaser,
      purchaserLogin: users.login,
    })
    .from(orderApprovals)
    .innerJoin(partners, eq(partners.id, orderApprovals.partnerId))
    .innerJoin(users, eq(users.id, orderApprovals.userId))
    .where(
      and(
        inArray(orderApprovals.state, ['pending', 'approving', 'rejected']),
        input.approverOf.length > 0
          ? or(eq(orderApprovals.userId, input.userId), inArray(orderApprovals.partnerId, input.approverOf))
          : eq(orderApprovals.userId, input.userId),
      ),
    )
    .orderBy(desc(orderApprovals.id))
    .limit(200);
}

/** The user's place in the company an order is for and the company's choice about credit; undefined if none. */
export async function membershipForHold(db: DbOrTx, userId: number, partnerId: number) {
  const [row] = await db
    .select({ role: userPartners.role, orderLimitKopecks: userPartners.orderLimitKopecks, approvalOverCredit: partners.approvalOverCredit })
    .from(userPartners)
    .innerJoin(partners, eq(partners.id, userPartners.partnerId))
    .where(and(eq(userPartners.userId, userId), eq(userPartners.partnerId, partnerId)))
    .limit(1);
  return row;
}

/** The company's links where the user may approve (role admin, not blocked). */
export async function companiesApprovedBy(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ partnerId: userPartners.partnerId })
    .from(userPartners)
    .where(and(eq(userPartners.userId, userId), eq(userPartners.role, 'admin'), eq(userPartners.blocked, false)));
  return rows.map((row) => row.partnerId);
}

/** The company's contracts with their documents: what the domain's credit is computed from. */
export async function contractsForCredit(db: DbOrTx, partnerId: number) {
  const contracts = await db
    .select({ id: storages.id, guid: storages.guid, name: storages.name, limit: storages.limit, debt: storages.debt })
    .from(storages)
    .where(eq(storages.partnerId, partnerId));
  const documents =
    contracts.length === 0
      ? []
      : await db
          .select({ storageId: storageDocuments.storageId, debt: storageDocuments.debt, expires: storageDocuments.expires })
          .from(storageDocuments)
          .where(inArray(storageDocuments.storageId, contracts.map((contract) => contract.id)));
  return contracts.map((contract) => ({ ...contract, documents: documents.filter((document) => document.storageId === contract.id) }));
}
