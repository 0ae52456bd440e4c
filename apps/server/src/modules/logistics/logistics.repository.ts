import { SHIPMENT_CLOSED_CHECK_STATUSES } from '@portal/domain';
import { and, asc, desc, eq, exists, inArray, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryAddresses, files, orderChecks, orders, partners, shipmentFiles, shipments } from '../../db/schema';

// Delivery addresses (the user's own book).

export function listAddresses(db: DbOrTx, userId: number) {
  return db
    .select({ index: deliveryAddresses.id, label: deliveryAddresses.label })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId))
    .orderBy(asc(deliveryAddresses.id));
}

export async function countAddresses(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(deliveryAddresses).where(eq(deliveryAddresses.userId, userId));
  return row?.n ?? 0;
}

/** Another address of the user with the same label, ignoring case. */
export async function findSameLabel(db: DbOrTx, userId: number, label: string, exceptIndex?: number) {
  const [row] = await db
    .select({ index: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(
      and(
        eq(deliveryAddresses.userId, userId),
        sql`lower(${deliveryAddresses.label}) = lower(${label})`,
        exceptIndex === undefined ? undefined : ne(deliveryAddresses.id, exceptIndex),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAddress(db: DbOrTx, userId: number, label: string) {
  const rows = await db.insert(deliveryAddresses).values({ userId, label }).onConflictDoNothing().returning({ index: deliveryAddresses.id });
  return rows[0];
}

export async function updateAddress(db: DbOrTx, userId: number, index: number, label: string) {
  const rows = await db
    .update(deliveryAddresses)
    .set({ label, updatedAt: new Date() })
    .where(and(eq(deliveryAddresses.id, index), eq(deliveryAddresses.userId, userId)))
    .returning({ index: deliveryAddresses.id });
  return rows.length > 0;
}

export async function deleteAddress(db: DbOrTx, userId: number, index: number) {
  const rows = await db
    .delete(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, index), eq(deliveryAddresses.userId, userId)))
    .returning({ index: deliveryAddresses.id });
  return rows.length > 0;
}

// Shipments.

export function listShipments(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ shipment: shipments, partnerUid: partners.uid, partnerName: partners.name })
    .from(shipments)
    .innerJoin(partners, eq(partners.id, shipments.partnerId))
    .where(inArray(shipments.partnerId, partnerIds))
    .orderBy(desc(shipments.id));
}

export function listShipmentFiles(db: DbOrTx, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ shipmentId: shipmentFiles.shipmentId, id: files.id, name: files.name, mime: files.mime, size: files.size })
    .from(shipmentFiles)
    .innerJoin(files, eq(files.id, shipmentFiles.fileId))
    .where(inArray(shipmentFiles.shipmentId, shipmentIds))
    .orderBy(asc(files.id));
}

export async function findOrder(db: DbOrTx, orderNumber: number) {
  const [row] = await db.select({ id: orders.id, partnerId: orders.partnerId }).from(orders).where(eq(orders.id, orderNumber)).limit(1);
  return row;
}

/** The statuses of an order's checks (the domain's canRequestShipment decides on them). */
export function orderCheckStatuses(db: DbOrTx, orderId: number) {
  return db.select({ status: orderChecks.status }).from(orderChecks).where(eq(orderChecks.orderId, orderId));
}

/**
 * The companies' latest orders that a shipment can still be requested for, newest first: some check of the order is
 * neither shipped nor cancelled, or it has no checks yet (domain canRequestShipment; filtered in SQL so the limit
 * counts only such orders).
 */
export function listShippableOrders(db: DbOrTx, partnerIds: number[], limit: number) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  const checksOf = (onlyOpen: boolean) =>
    db
      .select({ one: sql`1` })
      .from(orderChecks)
      .where(and(eq(orderChecks.orderId, orders.id), onlyOpen ? notInArray(orderChecks.status, [...SHIPMENT_CLOSED_CHECK_STATUSES]) : undefined));
  return db
    .select({ n: orders.id, name: orders.name, createdAt: orders.createdAt, partnerUid: partners.uid, partnerName: partners.name })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(and(inArray(orders.partnerId, partnerIds), or(exists(checksOf(true)), notExists(checksOf(false)))))
    .orderBy(desc(orders.id))
    .limit(limit);
}

export async function insertShipment(db: DbOrTx, values: typeof shipments.$inferInsert) {
  const [row] = await db.insert(shipments).values(values).returning({ id: shipments.id });
  return row!;
}

export async function linkShipmentFiles(db: DbOrTx, shipmentId: number, fileIds: number[]) {
  if (fileIds.length > 0) await db.insert(shipmentFiles).values(fileIds.map((fileId) => ({ shipmentId, fileId })));
}
