/** SQL of the orders area. Every statement is one round trip whatever the number of lines (a test counts them). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offers, orderChecks, orderEdits, orderLines, orders, partners, products, storages } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type CheckRow = typeof orderChecks.$inferSelect;
export type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'uid' | 'name' | 'article' | 'type' | 'price' | 'priceOpt' | 'weight' | 'volume' | 'status' | 'maxDiscount'
>;
export type OfferRow = typeof offers.$inferSelect;

const productColumns = {
  id: products.id,
  uid: products.uid,
  name: products.name,
  article: products.article,
  type: products.type,
  price: products.price,
  priceOpt: products.priceOpt,
  weight: products.weight,
  volume: products.volume,
  status: products.status,
  maxDiscount: products.maxDiscount,
};

export function partnerContracts(db: DbOrTx, partnerId: number) {
  return db
    .select({ guid: storages.guid, name: storages.name, discount: storages.discount, pricetype: storages.priceType })
    .from(storages)
    .where(eq(storages.partnerId, partnerId));
}

export async function findOrderByKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.requestHash, firstAnswer: orders.firstAnswer })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findEditByKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select({ orderId: orderEdits.orderId, requestHash: orderEdits.requestHash, firstAnswer: orderEdits.firstAnswer })
    .from(orderEdits)
    .where(and(eq(orderEdits.userId, userId), eq(orderEdits.idempotencyKey, key)));
  return row;
}

export function productsByUid(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return Promise.resolve([] as ProductRow[]);
  return db.select(productColumns).from(products).where(inArray(products.uid, uids));
}

/**
 * The offers an order touches, locked in id order. On PostgreSQL the lock makes the residue read here exact for
 * the rest of the transaction and the fixed order prevents deadlocks between orders; PGlite runs one transaction
 * at a time, where the lock is a no-op and the read is exact anyway.
 */
export function lockOffers(db: DbOrTx, guids: string[], ids: number[]) {
  if (guids.length === 0 && ids.length === 0) return Promise.resolve([] as OfferRow[]);
  const byGuid = guids.length > 0 ? inArray(offers.guid, guids) : undefined;
  const byId = ids.length > 0 ? inArray(offers.id, ids) : undefined;
  const where = byGuid && byId ? sql`${byGuid} OR ${byId}` : (byGuid ?? byId);
  return db.select().from(offers).where(where).orderBy(asc(offers.id)).for('update');
}

const valuesList = (pairs: ReadonlyArray<readonly [number, number]>) =>
  sql.join(
    pairs.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );

/** Takes stock, never below zero: answers the ids that had enough; a missing id means someone took it first. */
export async function takeStock(db: DbOrTx, take: ReadonlyArray<readonly [number, number]>): Promise<Set<number>> {
  if (take.length === 0) return new Set();
  const result = await db.execute<{ id: number }>(sql`
    UPDATE offers AS o SET residue = o.residue - w.n
    FROM (VALUES ${valuesList(take)}) AS w(id, n)
    WHERE o.id = w.id AND o.residue >= w.n
    RETURNING o.id`);
  return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

/** Gives back stock an earlier version of an order took (an edit). */
export async function returnStock(db: DbOrTx, give: ReadonlyArray<readonly [number, number]>): Promise<void> {
  if (give.length === 0) return;
  await db.execute(sql`
    UPDATE offers AS o SET residue = o.residue + w.n
    FROM (VALUES ${valuesList(give)}) AS w(id, n)
    WHERE o.id = w.id`);
}

export function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers a QueryResult, PGlite a Results object: both carry rows.
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id, createdAt: orders.createdAt });
  return row!;
}

export async function updateOrder(db: DbOrTx, orderId: number, values: Partial<typeof orders.$inferInsert>) {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

export async function insertEdit(db: DbOrTx, values: typeof orderEdits.$inferInsert) {
  await db.insert(orderEdits).values(values);
}

export async function setEditAnswer(db: DbOrTx, userId: number, key: string, answer: { notes: string; edited: boolean }) {
  await db
    .update(orderEdits)
    .set({ firstAnswer: answer })
    .where(and(eq(orderEdits.userId, userId), eq(orderEdits.idempotencyKey, key)));
}

export async function insertLines(db: DbOrTx, values: Array<typeof orderLines.$inferInsert>) {
  if (values.length > 0) await db.insert(orderLines).values(values);
}

export async function deleteLines(db: DbOrTx, orderId: number) {
  await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
}

export async function replaceChecks(db: DbOrTx, orderId: number, values: Array<typeof orderChecks.$inferInsert>, replace: boolean) {
  if (replace) await db.delete(orderChecks).where(eq(orderChecks.orderId, orderId));
  if (values.length > 0) await db.insert(orderChecks).values(values);
}

/** One order with its company, for access checks (locked when editing so two edits of one order queue up). */
export async function findOrder(db: DbOrTx, orderId: number, forUpdate = false) {
  const query = db
    .select({ order: orders, partnerUid: partners.uid, partnerName: partners.name })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(eq(orders.id, orderId));
  const [row] = forUpdate ? await query.for('update', { of: orders }) : await query;
  return row;
}

export function orderLinesOf(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ line: orderLines, product: productColumns, offer: { residue: offers.residue, ppdata: offers.ppdata, guid: offers.guid } })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(offers, eq(offers.id, orderLines.offerId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
}

export function checksOf(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([] as CheckRow[]);
  return db.select().from(orderChecks).where(inArray(orderChecks.orderId, orderIds)).orderBy(asc(orderChecks.id));
}

export function listOrders(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ order: orders, partnerUid: partners.uid, partnerName: partners.name })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(inArray(orders.partnerId, partnerIds))
    .orderBy(desc(orders.id))
    .limit(500);
}

export async function updateCheck(db: DbOrTx, checkId: number, values: Partial<typeof orderChecks.$inferInsert>) {
  const [row] = await db.update(orderChecks).set(values).where(eq(orderChecks.id, checkId)).returning();
  return row!;
}

/** Updates the check only while it still has the status the caller read; undefined when someone changed it first. */
export async function updateCheckInStatus(db: DbOrTx, checkId: number, status: number, values: Partial<typeof orderChecks.$inferInsert>) {
  const [row] = await db
    .update(orderChecks)
    .set(values)
    .where(and(eq(orderChecks.id, checkId), eq(orderChecks.status, status)))
    .returning();
  return row;
}

export async function partnerRequisites(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
  return row!;
}
