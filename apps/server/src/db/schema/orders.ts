import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { offers, products } from './catalog';
import { files } from './files';
import { money, partners } from './partners';

/** A submitted order. `id` is the order number the dealer sees (n in the order list). */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    comment: text('comment').notNull().default(''),
    /** {address, case, date, cost, bill_to} of spec §3. */
    delivery: jsonb('delivery').notNull().default(sql`'{}'::jsonb`),
    requestCertificate: boolean('request_certificate').notNull().default(false),
    bags: jsonb('bags').notNull().default(sql`'{}'::jsonb`),
    total: money('total'),
    totalDiscount: money('total_discount'),
    /** Distinct positions and units (spec §3 count, total_count). */
    count: integer('count').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    /** Set once the dealer edits the order (number and date stay). */
    edited: boolean('edited').notNull().default(false),
    /**
     * The order's version: 1 as placed, one more with each edit (never moved by a status). 1C's order exchange hands
     * out an order again when its revision is newer than the one 1C took.
     */
    revision: integer('revision').notNull().default(1),
    /** The contract (organisation guid) the dealer chose on the order page, '' when none. */
    storageGuid: text('storage_guid').notNull().default(''),
    /** The client's Idempotency-Key: a retry answers the first answer again. */
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request body the key was first used with: the same key with another body is a conflict. */
    requestHash: text('request_hash'),
    firstAnswer: jsonb('first_answer'),
  },
  (t) => [
    unique('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('orders_partner_idx').on(t.partnerId),
    index('orders_created_idx').on(t.createdAt),
    // The history's pages: a company's orders newest first, and a company's calendar month (migration 0020).
    index('orders_partner_number_idx').on(t.partnerId, t.id),
    index('orders_partner_created_idx').on(t.partnerId, t.createdAt),
    // The history's search by a fragment of the name or comment, at any number of orders. Without GIN's pending list:
    // orders are written seldom, and the embedded database has no autovacuum to merge it — a long pending list made
    // the planner read the whole table instead (order-history-plans.test.ts).
    index('orders_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('orders_comment_trgm_idx').using('gin', t.comment.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Null for the «Только под заказ» placeholder of a product without offers. */
    offerId: integer('offer_id').references(() => offers.id),
    orgGuid: text('org_guid').notNull(),
    characteristic: text('characteristic').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** True for the pre-sale (pre-order) part: above stock, takes no stock. */
    presale: boolean('presale').notNull().default(false),
    fullprice: money('fullprice'),
    price: money('price'),
    /** Percent, as kept in the working order; sent to and from clients as a fraction. */
    discount: numeric('discount', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_product_idx').on(t.productId, t.orderId)],
);

/** One check (bill) per organisation of an order; its status and document statuses come from the back office. */
export const orderChecks = pgTable(
  'order_checks',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull().unique(),
    orgGuid: text('org_guid').notNull(),
    status: integer('status').notNull().default(0),
    total: money('total'),
    /** {id, StatusSchet, StatusSF, StatusUPD, StatusUPK} of spec §3. */
    docStatus: jsonb('doc_status').notNull().default(sql`'{}'::jsonb`),
    billRequestedAt: timestamp('bill_requested_at', { withTimezone: true }),
  },
  // By status: the history's status filter finds its orders without reading every check.
  (t) => [index('order_checks_order_idx').on(t.orderId), index('order_checks_status_idx').on(t.status, t.orderId)],
);

/** Each accepted edit of an order, keyed like submissions so a retried edit answers the first answer again. */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    firstAnswer: jsonb('first_answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('order_edits_user_idempotency_uq').on(t.userId, t.idempotencyKey), index('order_edits_order_idx').on(t.orderId)],
);

/**
 * A document file the back office sent for one check of an order (счёт, счёт-фактура, УПД, УПК): the bytes are a
 * private file (`files`, owned by the order's company); the same kind and number sent again replaces the file.
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The check's guid: checks are rewritten by an edit, their guids stay. */
    checkGuid: text('check_guid').notNull(),
    /** bill, sf, upd or upk (domain ORDER_DOCUMENT_KINDS). */
    kind: text('kind').notNull(),
    /** The document's number and date as the back office gives them ('' when not given). */
    number: text('number').notNull().default(''),
    issuedOn: text('issued_on').notNull().default(''),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_documents_order_idx').on(t.orderId), unique('order_documents_check_kind_number_uq').on(t.checkGuid, t.kind, t.number)],
);

/**
 * The status timeline of an order: its creation, each edit, each status change of a check and each document made
 * ready. Rows are written by triggers of migration 0020 (creation, check statuses, document flags) and by the edit's
 * transaction, so no path that changes an order can forget one.
 */
export const orderTimeline = pgTable(
  'order_timeline',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** created, edited, check_status or document. */
    event: text('event').notNull(),
    checkGuid: text('check_guid'),
    orgGuid: text('org_guid'),
    /** The check's new status (check_status). */
    status: integer('status'),
    /** The doc_status flag turned on (document): StatusSchet, StatusSF, StatusUPD or StatusUPK. */
    document: text('document'),
  },
  (t) => [index('order_timeline_order_idx').on(t.orderId, t.at)],
);
