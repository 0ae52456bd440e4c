/** SQL of the orders area. Every statement is one round trip whatever the number of lines (a test counts them). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rawQuery, rowsOf, type DbOrTx } from '../../db/client';
import { prefixUpperBound } from '../products';
import { exchange1cCheckStates, files, offers, orderChecks, orderDocuments, orderEdits, orderLines, orderTimeline, orders, partners, products, storages } from '../../db/schema';

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

/** The offers' columns an order needs, as JSON. */
const offerJson = `json_build_object('id', o.id, 'guid', o.guid, 'productId', o.product_id, 'characteristic', o.characteristic,
  'residue', o.residue, 'price', o.price, 'ppdata', o.ppdata, 'orgGuid', o.org_guid)`;

/**
 * Offers by guid or id in id order, locked or not. On PostgreSQL the lock makes the residue read exact for the rest
 * of the transaction, and the fixed order prevents deadlocks between orders; PGlite runs one transaction at a time,
 * where the lock is a no-op and the read is exact anyway. Arrays arrive as JSON ($n::jsonb), so the statement's text —
 * and its prepared plan — is the same for any number of lines.
 */
const offersOf = (guids: string, ids: string, lock: boolean) => `(
  select coalesce(json_agg(${offerJson} order by o.id), '[]')
  from (select * from offers
        where guid = any(array(select jsonb_array_elements_text(${guids}::jsonb)))
           or id = any(array(select jsonb_array_elements_text(${ids}::jsonb)::int))
        order by id${lock ? ' for update' : ''}) as o)`;

const orderContextText = (lock: boolean) => `
  select
    (select json_build_object('id', p.id, 'uid', p.uid, 'name', p.name, 'linked', up.user_id is not null and not up.blocked,
              'role', up.role, 'orderLimitKopecks', up.order_limit_kopecks, 'approvalOverCredit', p.approval_over_credit)
       from partners p left join user_partners up on up.partner_id = p.id and up.user_id = $1 where p.uid = $2) as partner,
    (select coalesce(json_agg(json_build_object('guid', s.guid, 'name', s.name, 'discount', s.discount, 'pricetype', s.price_type)), '[]')
       from storages s join partners p on p.id = s.partner_id where p.uid = $2) as contracts,
    (select json_build_object('id', o.id, 'requestHash', o.request_hash, 'firstAnswer', o.first_answer)
       from orders o where o.user_id = $1 and o.idempotency_key = $3) as known,
    (select coalesce(json_agg(json_build_object('id', id, 'uid', uid, 'name', name, 'article', article, 'type', type,
              'price', price, 'priceOpt', price_opt, 'weight', weight, 'volume', volume, 'status', status,
              'maxDiscount', max_discount)), '[]')
       from products where uid = any(array(select jsonb_array_elements_text($4::jsonb)))) as products,
    ${offersOf('$5', "'[]'", lock)} as offers`;

const ORDER_CONTEXT_LOCKED = orderContextText(true);
const ORDER_CONTEXT = orderContextText(false);

export interface OrderContext {
  /**
   * The company with this uid, and whether the user acts for it; null when there is none. With the user's role and
   * order limit there (null when not linked) and the company's choice to hold orders over credit: whether the order
   * waits for approval (submit/hold-for-approval.ts).
   */
  partner: {
    id: number;
    uid: string;
    name: string;
    linked: boolean;
    role: string | null;
    orderLimitKopecks: number | null;
    approvalOverCredit: boolean;
  } | null;
  contracts: Array<{ guid: string; name: string; discount: number; pricetype: string }>;
  /** The order already stored under this user's key, if any. */
  known: { id: number; requestHash: string | null; firstAnswer: unknown } | null;
  products: ProductRow[];
  /** The offers sent (locked when asked: see offersOf). */
  offers: OfferRow[];
}

/**
 * Everything an order is checked against, in one statement: the company and whether it is the user's, its
 * contracts, the order already stored under the key, the products sent and their offers — locked with `lock`
 * (inside the order's transaction, this is then the stock the order is split against), or read as committed, for
 * a write that checks the stock itself (placeNewOrders).
 */
export async function orderContext(
  db: DbOrTx,
  input: {
    userId: number;
    partnerUid: string;
    key: string | null;
    productUids: readonly string[];
    offerGuids: readonly string[];
    lock: boolean;
  },
): Promise<OrderContext> {
  const [row] = await rawQuery<Partial<OrderContext>>(db, input.lock ? ORDER_CONTEXT_LOCKED : ORDER_CONTEXT, [
    input.userId,
    input.partnerUid,
    input.key,
    JSON.stringify(input.productUids),
    JSON.stringify(input.offerGuids),
  ]);
  return {
    partner: row?.partner ?? null,
    contracts: row?.contracts ?? [],
    known: row?.known ?? null,
    products: row?.products ?? [],
    offers: row?.offers ?? [],
  };
}

const LOCK_OFFERS = `select ${offersOf('$1', '$2', true)} as offers`;

/** Offers by guid or id, locked (an edit adds the offers its previous version holds). */
export async function lockOffers(db: DbOrTx, guids: readonly string[], ids: readonly number[]): Promise<OfferRow[]> {
  if (guids.length === 0 && ids.length === 0) return [];
  const [row] = await rawQuery<{ offers: OfferRow[] }>(db, LOCK_OFFERS, [JSON.stringify(guids), JSON.stringify(ids)]);
  return row?.offers ?? [];
}

export interface NewOrder {
  order: Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'edited'>;
  lines: Array<Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>>;
  checks: Array<Omit<typeof orderChecks.$inferInsert, 'id' | 'orderId' | 'billRequestedAt'>>;
}

/** The order's rows as the JSON values place_new_orders reads. */
function orderRowsJson(input: NewOrder) {
  const o = input.order;
  const order = {
    user_id: o.userId,
    partner_id: o.partnerId,
    name: o.name ?? '',
    comment: o.comment ?? '',
    delivery: o.delivery ?? {},
    request_certificate: o.requestCertificate ?? false,
    bags: o.bags ?? {},
    total: o.total ?? 0,
    total_discount: o.totalDiscount ?? 0,
    count: o.count ?? 0,
    total_count: o.totalCount ?? 0,
    storage_guid: o.storageGuid ?? '',
    idempotency_key: o.idempotencyKey ?? null,
    request_hash: o.requestHash ?? null,
    first_answer: o.firstAnswer ?? null,
  };
  const lines = input.lines.map((l) => ({
    product_id: l.productId,
    offer_id: l.offerId ?? null,
    org_guid: l.orgGuid,
    characteristic: l.characteristic ?? '',
    quantity: l.quantity,
    presale: l.presale ?? false,
    fullprice: l.fullprice ?? 0,
    price: l.price ?? 0,
    discount: l.discount ?? 0,
  }));
  const checks = input.checks.map((c) => ({ guid: c.guid, org_guid: c.orgGuid, status: c.status ?? 0, total: c.total ?? 0, doc_status: c.docStatus ?? {} }));
  return { order, lines, checks };
}

/** An offer as the order was split against it (see place_new_orders in migration 0011). */
export interface OfferAsRead {
  offerId: number;
  /** Units the order takes from stock. */
  units: number;
  /** The order took all the offer had (the rest went to pre-order): the residue must be exactly `units`. */
  allOfIt: boolean;
  price: number;
}

/** A new order and the offers as it read them (without locks, or under the locked path's locks). */
export type NewOrderAsRead = NewOrder & { offers: readonly OfferAsRead[] };

/**
 * What became of one order of place_new_orders: its number; `changed` — an offer is no longer as the order read it
 * (nothing of it written); `key` — its user's Idempotency-Key is taken by an order already stored.
 */
export type Placement = number | 'changed' | 'key';

const PLACE_NEW_ORDERS = 'select place_new_orders($1::jsonb) as answers';

/**
 * New orders in one statement, each written while every offer it names is as it read them (the function of migration
 * 0011, which locks them for the statement's length, or for the transaction's when called inside one): one answer per
 * order, in order. A failure of the statement writes none of them.
 */
export async function placeNewOrders(db: DbOrTx, batch: readonly NewOrderAsRead[]): Promise<Placement[]> {
  const json = batch.map((input) => ({
    offers: input.offers.map((offer) => ({ id: offer.offerId, n: offer.units, exact: offer.allOfIt, price: offer.price })),
    ...orderRowsJson(input),
  }));
  const [row] = await rawQuery<{ answers: Placement[] }>(db, PLACE_NEW_ORDERS, [JSON.stringify(json)]);
  return row!.answers;
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

export async function updateOrder(db: DbOrTx, orderId: number, values: Partial<typeof orders.$inferInsert>) {
  await db.update(orders).set(values).where(eq(orders.id, orderId));
}

/** An edit's new values: the order is marked edited and its revision moves on (1C's exchange hands it out again). */
export async function updateEditedOrder(db: DbOrTx, orderId: number, values: Partial<typeof orders.$inferInsert>) {
  await db
    .update(orders)
    .set({ ...values, edited: true, revision: sql`${orders.revision} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
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

/** What 1C last said of the order's checks (the 1C exchange's check states), one row per check 1C spoke of. */
export function erpStatesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      checkGuid: orderChecks.guid,
      number: exchange1cCheckStates.number1c,
      paidOn: exchange1cCheckStates.paidOn,
      shippedOn: exchange1cCheckStates.shippedOn,
    })
    .from(exchange1cCheckStates)
    .innerJoin(orderChecks, eq(orderChecks.id, exchange1cCheckStates.checkId))
    .where(eq(orderChecks.orderId, orderId));
}

/** The history's columns of an order: the order, its company and how many of its units are on pre-order. */
function historyRows(db: DbOrTx) {
  return db
    .select({
      order: orders,
      partnerUid: partners.uid,
      partnerName: partners.name,
      /** Units stored as a pre-order (above stock when sent): the history says how many are not reserved. */
      preorderUnits: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.presale})`,
    })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId));
}

export function listOrders(db: DbOrTx, partnerIds: number[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return historyRows(db).where(inArray(orders.partnerId, partnerIds)).orderBy(desc(orders.id)).limit(500);
}

/** What a history page is narrowed by; every field but the companies is optional. */
export interface HistoryFilter {
  /** The companies whose orders are read (the user's, or the one chosen among them). */
  partnerIds: readonly number[];
  /** Orders numbered below this (the next page). */
  before?: number;
  /** A calendar month 'YYYY-MM', Moscow time. */
  month?: string;
  /** Orders with a check in this status. */
  status?: number;
  /** The search: an order number, a prefix of an article key, a fragment of the name or comment (any of them). */
  search?: { number?: number; articleKey?: string; text?: string };
  /** Rows to read: a page and one more, to know whether another page follows. */
  limit: number;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The statement of a history page: only the conditions a filter sets are in its text, so each combination has a plan
 * of its own that reads orders by an index — the companies' newest first (orders_partner_number_idx), a month
 * (orders_partner_created_idx), a status (order_checks_status_idx), an article (products' article key, then
 * order_lines_product_idx) — at any number of orders (test: order-history-paging.test.ts, EXPLAIN).
 */
export function historyPageQuery(filter: HistoryFilter): { text: string; params: unknown[] } {
  const params: unknown[] = [JSON.stringify(filter.partnerIds)];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['o.partner_id = any(array(select jsonb_array_elements_text($1::jsonb)::int))'];
  if (filter.before !== undefined) where.push(`o.id < ${param(filter.before)}::int`);
  if (filter.month !== undefined) {
    const first = `(${param(`${filter.month}-01`)}::date)`;
    where.push(
      `o.created_at >= (${first}::timestamp at time zone 'Europe/Moscow')`,
      `o.created_at < ((${first} + interval '1 month')::timestamp at time zone 'Europe/Moscow')`,
    );
  }
  if (filter.status !== undefined) {
    where.push(`exists (select 1 from order_checks c where c.order_id = o.id and c.status = ${param(filter.status)}::int)`);
  }
  if (filter.search) {
    // The orders the search finds, each way through its own index — the number (the key), the name and comment
    // (trigram indexes), an article (the products' prefix index, then order_lines_product_idx) — and only then the
    // company and the other filters: an OR of these over the company's orders would read all of them.
    const { number, articleKey, text } = filter.search;
    const found: string[] = [];
    if (number !== undefined) found.push(`select ${param(number)}::int`);
    if (text) {
      const pattern = param(`%${likeLiteral(text)}%`);
      found.push(`select id from orders where name ilike ${pattern}`, `select id from orders where comment ilike ${pattern}`);
    }
    if (articleKey) {
      // A range rather than LIKE: a prepared statement's generic plan still reads it through the prefix index.
      const [from, to] = [param(articleKey), param(prefixUpperBound(articleKey))];
      found.push(`select l.order_id from order_lines l
        where l.product_id in (select p.id from products p where p.article_key ~>=~ ${from} and p.article_key ~<~ ${to})`);
    }
    where.push(found.length > 0 ? `o.id in (${found.join(' union ')})` : 'false');
  }
  return { text: `select o.id from orders o where ${where.join(' and ')} order by o.id desc limit ${param(filter.limit)}::int`, params };
}

/** A history page's order as one statement reads it: the columns the list shows, its company and its checks. */
export interface HistoryPageRow {
  order: Pick<OrderRow, 'id' | 'name' | 'createdAt' | 'edited' | 'total' | 'count' | 'totalCount'>;
  partnerUid: string;
  partnerName: string;
  preorderUnits: number;
  checks: Array<Pick<CheckRow, 'id' | 'guid' | 'orgGuid' | 'status' | 'total' | 'docStatus'>>;
}

/**
 * A history page's orders (and one more when another page follows), newest first, with their companies, pre-order
 * units and checks — one statement around the page's own (historyPageQuery, whose plans are tested), where it took
 * three: the page's numbers, their rows, their checks. Each statement queues in the embedded engine behind every
 * other request's, so the history page cost ~2.5 catalogue pages (docs/performance.md, mixed load).
 */
export async function historyPageRows(db: DbOrTx, filter: HistoryFilter): Promise<HistoryPageRow[]> {
  if (filter.partnerIds.length === 0) return [];
  const page = historyPageQuery(filter);
  const rows = await rawQuery<{
    id: number;
    name: string;
    created_at: Date | string;
    edited: boolean;
    total: string | number;
    count: number;
    total_count: number;
    partner_uid: string;
    partner_name: string;
    preorder_units: number;
    checks: Array<{ id: number; guid: string; orgGuid: string; status: number; total: string | number; docStatus: unknown }>;
  }>(
    db,
    `select o.id, o.name, o.created_at, o.edited, o.total, o.count, o.total_count, p.uid as partner_uid, p.name as partner_name,
       (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id and l.presale) as preorder_units,
       coalesce((select json_agg(json_build_object('id', c.id, 'guid', c.guid, 'orgGuid', c.org_guid, 'status', c.status,
         'total', c.total, 'docStatus', c.doc_status) order by c.id) from order_checks c where c.order_id = o.id), '[]'::json) as checks
     from (${page.text}) page join orders o on o.id = page.id join partners p on p.id = o.partner_id
     order by o.id desc`,
    page.params,
  );
  return rows.map((row) => ({
    order: {
      id: Number(row.id),
      name: row.name,
      createdAt: new Date(row.created_at),
      edited: row.edited,
      total: Number(row.total),
      count: Number(row.count),
      totalCount: Number(row.total_count),
    },
    partnerUid: row.partner_uid,
    partnerName: row.partner_name,
    preorderUnits: Number(row.preorder_units),
    checks: row.checks.map((check) => ({ ...check, total: Number(check.total) })),
  }));
}

/** The document files of an order, with their stored files' names and sizes, in the order they arrived. */
export function documentsOf(db: DbOrTx, orderId: number) {
  return db
    .select({ document: orderDocuments, fileName: files.name, size: files.size, storageKey: files.storageKey, mime: files.mime })
    .from(orderDocuments)
    .innerJoin(files, eq(files.id, orderDocuments.fileId))
    .where(eq(orderDocuments.orderId, orderId))
    .orderBy(asc(orderDocuments.id));
}

/** The order's status timeline, oldest first. */
export function timelineOf(db: DbOrTx, orderId: number) {
  return db.select().from(orderTimeline).where(eq(orderTimeline.orderId, orderId)).orderBy(asc(orderTimeline.at), asc(orderTimeline.id));
}

/** A timeline entry the triggers cannot see (an edit). */
export async function recordTimeline(db: DbOrTx, values: typeof orderTimeline.$inferInsert) {
  await db.insert(orderTimeline).values(values);
}

/** Dates an order's timeline as the back office's history of a seeded order: from `from`, `step` apart. */
/**
 * A new order placed as of a past moment (SubmitOptions.placedAt), in its transaction: the order and the «Заказ
 * оформлен» its trigger wrote are dated then instead of now().
 */
export async function datePlacedOrder(db: DbOrTx, orderId: number, at: Date) {
  await db.update(orders).set({ createdAt: at, updatedAt: at }).where(eq(orders.id, orderId));
  await db.update(orderTimeline).set({ at }).where(and(eq(orderTimeline.orderId, orderId), eq(orderTimeline.event, 'created')));
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

/** The company's contracts, for the invoice's basis and payment deadline. */
export function partnerContracts(db: DbOrTx, partnerId: number) {
  return db
    .select({ guid: storages.guid, contract: storages.contract, deferment: storages.deferment, case: storages.case })
    .from(storages)
    .where(eq(storages.partnerId, partnerId));
}
