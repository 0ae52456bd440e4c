/** The SQL of 1C's order exchange: which orders 1C has not taken yet, what it was handed, and what it said back. */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { exchange1cCheckStates, exchange1cOrderHandouts, exchange1cSaleQueries, offers, orderChecks, orders, partners, products, storages } from '../../../db/schema';

/**
 * THE selection of orders 1C is handed by `query`: every order 1C has not taken yet (no handout, or handed out by a
 * query that no `success` confirmed) and every order edited since the revision 1C took. Any condition that keeps an
 * order from 1C goes in this WHERE and nowhere else — an order «На согласовании» (awaiting the company's approval),
 * once orders have that state, is excluded here.
 */
export async function ordersNotTakenByOneC(db: DbOrTx, limit?: number): Promise<Array<{ id: number; revision: number }>> {
  const query = db
    .select({ id: orders.id, revision: orders.revision })
    .from(orders)
    .leftJoin(exchange1cOrderHandouts, eq(exchange1cOrderHandouts.orderId, orders.id))
    .where(or(isNull(exchange1cOrderHandouts.takenRevision), lt(exchange1cOrderHandouts.takenRevision, orders.revision)))
    .orderBy(asc(orders.id));
  return limit === undefined ? await query : await query.limit(limit);
}

/**
 * Records a query and that it carried these orders at these revisions (an order re-sent by a later query belongs to
 * that one; what 1C took before stays until a `success` confirms the new revision).
 */
export async function recordQuery(db: DbOrTx, handedOut: ReadonlyArray<{ id: number; revision: number }>): Promise<number> {
  const [query] = await db.insert(exchange1cSaleQueries).values({ orderCount: handedOut.length }).returning({ id: exchange1cSaleQueries.id });
  if (handedOut.length > 0) {
    await db
      .insert(exchange1cOrderHandouts)
      .values(handedOut.map((order) => ({ orderId: order.id, revision: order.revision, queryId: query!.id })))
      .onConflictDoUpdate({ target: exchange1cOrderHandouts.orderId, set: { queryId: sql`excluded.query_id`, revision: sql`excluded.revision` } });
  }
  return query!.id;
}

/**
 * `success`: the orders of the newest query become taken at the revision it carried; the orders placed or edited after
 * that query stay for the next one.
 */
export async function confirmNewestQuery(db: DbOrTx): Promise<{ queryId: number; taken: number } | undefined> {
  const [newest] = await db.select({ id: exchange1cSaleQueries.id }).from(exchange1cSaleQueries).orderBy(desc(exchange1cSaleQueries.id)).limit(1);
  if (!newest) return undefined;
  const taken = await db
    .update(exchange1cOrderHandouts)
    .set({ takenAt: new Date(), takenRevision: exchange1cOrderHandouts.revision })
    .where(
      and(
        eq(exchange1cOrderHandouts.queryId, newest.id),
        or(isNull(exchange1cOrderHandouts.takenRevision), lt(exchange1cOrderHandouts.takenRevision, exchange1cOrderHandouts.revision)),
      ),
    )
    .returning({ orderId: exchange1cOrderHandouts.orderId });
  await db.update(exchange1cSaleQueries).set({ confirmedAt: new Date() }).where(eq(exchange1cSaleQueries.id, newest.id));
  return { queryId: newest.id, taken: taken.length };
}

/** The orders with their company, as the documents of a query need them. */
export function ordersWithCompany(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      comment: orders.comment,
      delivery: orders.delivery,
      partnerId: orders.partnerId,
      partnerUid: partners.uid,
      partnerName: partners.name,
      inn: partners.inn,
      address: partners.address,
      payment: partners.payment,
      bik: partners.bik,
      correspondent: partners.correspondent,
    })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(inArray(orders.id, [...orderIds]))
    .orderBy(asc(orders.id));
}

/** The contracts of these companies: a check's contract is the company's contract with the check's organisation. */
export function contractsOf(db: DbOrTx, partnerIds: readonly number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ partnerId: storages.partnerId, guid: storages.guid, name: storages.name, contract: storages.contract })
    .from(storages)
    .where(inArray(storages.partnerId, [...new Set(partnerIds)]));
}

export interface CheckOfOrder {
  id: number;
  guid: string;
  orderId: number;
  orgGuid: string;
  status: number;
  /** The order's company: whose open pages are told when 1C changes what they show. */
  partnerId: number;
}

/** A check by its guid (the Ид of the document the query handed out). */
export async function checkByGuid(db: DbOrTx, guid: string): Promise<CheckOfOrder | undefined> {
  const [row] = await db
    .select({ id: orderChecks.id, guid: orderChecks.guid, orderId: orderChecks.orderId, orgGuid: orderChecks.orgGuid, status: orderChecks.status, partnerId: orders.partnerId })
    .from(orderChecks)
    .innerJoin(orders, eq(orders.id, orderChecks.orderId))
    .where(eq(orderChecks.guid, guid))
    .limit(1);
  return row;
}

/** The checks of an order (a document 1C sends by the order's number alone applies to all of them). */
export function checksOfOrder(db: DbOrTx, orderId: number): Promise<CheckOfOrder[]> {
  return db
    .select({ id: orderChecks.id, guid: orderChecks.guid, orderId: orderChecks.orderId, orgGuid: orderChecks.orgGuid, status: orderChecks.status, partnerId: orders.partnerId })
    .from(orderChecks)
    .innerJoin(orders, eq(orders.id, orderChecks.orderId))
    .where(eq(orderChecks.orderId, orderId))
    .orderBy(asc(orderChecks.id));
}

/** Keeps what 1C said of a check beyond its status: its number in 1C, the payment and shipment dates. */
export async function saveCheckState(db: DbOrTx, checkId: number, state: { number1c?: string; paidOn?: string | null; shippedOn?: string | null }) {
  const values = {
    ...(state.number1c !== undefined && { number1c: state.number1c }),
    ...(state.paidOn !== undefined && { paidOn: state.paidOn }),
    ...(state.shippedOn !== undefined && { shippedOn: state.shippedOn }),
  };
  await db
    .insert(exchange1cCheckStates)
    .values({ checkId, ...values })
    .onConflictDoUpdate({ target: exchange1cCheckStates.checkId, set: { ...values, updatedAt: new Date() } });
}

export async function checkState(db: DbOrTx, checkId: number) {
  const [row] = await db.select().from(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, checkId));
  return row;
}

/**
 * Marks these orders as taken by 1C at their present revision, without a query: orders that reached the back office
 * another way (the demo's history) and must not go out in 1C's first query.
 */
export async function markTakenAsTheyAre(db: DbOrTx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .insert(exchange1cOrderHandouts)
    .select(
      db
        .select({ orderId: orders.id, queryId: sql<null>`null`.as('query_id'), revision: orders.revision, takenAt: sql<Date>`now()`.as('taken_at'), takenRevision: sql<number>`${orders.revision}`.as('taken_revision') })
        .from(orders)
        .where(inArray(orders.id, [...orderIds])),
    )
    .onConflictDoUpdate({ target: exchange1cOrderHandouts.orderId, set: { revision: sql`excluded.revision`, takenAt: sql`excluded.taken_at`, takenRevision: sql`excluded.taken_revision` } });
}

/** An offer a goods line of 1C can name, with its product's uid. */
export interface GoodsOffer {
  guid: string;
  productUid: string;
  orgGuid: string;
  characteristic: string;
}

/** The offers with these guids (1C's goods ids: «product#offer», or an offer's own guid). */
export function offersByGuids(db: DbOrTx, guids: readonly string[]): Promise<GoodsOffer[]> {
  if (guids.length === 0) return Promise.resolve([]);
  return db
    .select({ guid: offers.guid, productUid: products.uid, orgGuid: offers.orgGuid, characteristic: offers.characteristic })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(inArray(offers.guid, [...new Set(guids)]));
}

/** The products with these uids and every offer of theirs (a goods id without a size part names a product). */
export async function productsWithOffers(db: DbOrTx, uids: readonly string[]): Promise<Map<string, GoodsOffer[]>> {
  const found = new Map<string, GoodsOffer[]>();
  if (uids.length === 0) return found;
  const rows = await db
    .select({ productUid: products.uid, guid: offers.guid, orgGuid: offers.orgGuid, characteristic: offers.characteristic })
    .from(products)
    .leftJoin(offers, eq(offers.productId, products.id))
    .where(inArray(products.uid, [...new Set(uids)]));
  for (const row of rows) {
    const list = found.get(row.productUid) ?? [];
    if (row.guid !== null) list.push({ guid: row.guid, productUid: row.productUid, orgGuid: row.orgGuid!, characteristic: row.characteristic! });
    found.set(row.productUid, list);
  }
  return found;
}
