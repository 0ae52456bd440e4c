import { PENDING_CHECK_STATUSES } from '@portal/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { managers, orderChecks, orders, partners, storageDocuments, storages, userPartners } from '../../db/schema';
import { liveLink } from '../../lib/partner-scope';

export function listUserPartners(db: DbOrTx, userId: number) {
  return db
    .select({ partner: partners, manager: managers, role: userPartners.role })
    .from(partners)
    .innerJoin(userPartners, eq(userPartners.partnerId, partners.id))
    .leftJoin(managers, eq(managers.id, partners.managerId))
    .where(liveLink(userId))
    .orderBy(asc(partners.id));
}

export function listStorages(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db.select().from(storages).where(inArray(storages.partnerId, partnerIds)).orderBy(asc(storages.id));
}

export function listDocuments(db: DbOrTx, storageIds: number[]) {
  if (storageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(storageDocuments)
    .where(inArray(storageDocuments.storageId, storageIds))
    .orderBy(asc(storageDocuments.date));
}

export async function findManagerOfPartner(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({ manager: managers })
    .from(partners)
    .innerJoin(managers, eq(managers.id, partners.managerId))
    .where(eq(partners.id, partnerId));
  return row?.manager;
}

/** A manager assigned to at least one of the user's companies. */
export async function findUserManager(db: DbOrTx, userId: number, managerUid: string) {
  const rows = await db
    .select({ manager: managers })
    .from(managers)
    .innerJoin(partners, eq(partners.managerId, managers.id))
    .innerJoin(userPartners, eq(userPartners.partnerId, partners.id))
    .where(liveLink(userId));
  return rows.find((row) => row.manager.uid === managerUid)?.manager;
}

/**
 * What each company's orders from this portal add to its contracts before the back office puts them in the debt
 * (domain `isCheckPending`: not cancelled, not shipped, no shipping document yet), summed per company and contract
 * (the check's organisation) in kopecks.
 */
export async function pendingChecks(db: DbOrTx, partnerIds: number[], exceptOrderId?: number): Promise<Array<{ partnerId: number; orgGuid: string; kopecks: number }>> {
  if (partnerIds.length === 0) return [];
  const rows = await db
    .select({
      partnerId: orders.partnerId,
      orgGuid: orderChecks.orgGuid,
      kopecks: sql<string>`sum(round(${orderChecks.total} * 100))`,
    })
    .from(orderChecks)
    .innerJoin(orders, eq(orders.id, orderChecks.orderId))
    .where(
      and(
        inArray(orders.partnerId, partnerIds),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
        inArray(orderChecks.status, [...PENDING_CHECK_STATUSES]),
        sql`coalesce((${orderChecks.docStatus} ->> 'StatusUPD')::boolean, false) = false`,
        sql`coalesce((${orderChecks.docStatus} ->> 'StatusSF')::boolean, false) = false`,
      ),
    )
    .groupBy(orders.partnerId, orderChecks.orgGuid);
  return rows.map((row) => ({ partnerId: row.partnerId, orgGuid: row.orgGuid, kopecks: Number(row.kopecks) }));
}
