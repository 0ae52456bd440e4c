import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryAddresses, files, orders, partners, shipmentFiles, shipments } from '../../db/schema';

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

/** The companies' latest orders, newest first: what a shipment can be requested for. */
export function listPartnerOrders(db: DbOrTx, partnerIds: number[], limit: number) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ n: orders.id, name: orders.name, createdAt: orders.createdAt, partnerUid: partners.uid, partnerName: partners.name })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(inArray(orders.partnerId, partnerIds))
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
