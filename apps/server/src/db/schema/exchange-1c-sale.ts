import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orderChecks, orders } from './orders';

/**
 * Each `query` of 1C's order exchange («обмен с сайтом», type=sale): when it was asked and how many orders it handed
 * out; `confirmedAt` is set by the `success` that follows it. Only the newest query's orders are confirmed by a success.
 */
export const exchange1cSaleQueries = pgTable('exchange_1c_sale_queries', {
  id: serial('id').primaryKey(),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  orderCount: integer('order_count').notNull().default(0),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});

/**
 * An order handed out to 1C: the last query that carried it and the order's revision in it; once 1C confirmed that
 * query, when 1C took it and which revision. An order without a row, with no `takenRevision`, or edited since
 * (`orders.revision` above `takenRevision`) goes out in the next query; otherwise never again.
 */
export const exchange1cOrderHandouts = pgTable(
  'exchange_1c_order_handouts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the orders placed before the exchange existed (marked taken by migration 0019). */
    queryId: integer('query_id').references(() => exchange1cSaleQueries.id, { onDelete: 'set null' }),
    /** The order's revision the query carried. */
    revision: integer('revision').notNull().default(1),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The revision 1C confirmed by `success`; null until it took one. */
    takenRevision: integer('taken_revision'),
  },
  (t) => [index('exchange_1c_order_handouts_query_idx').on(t.queryId)],
);

/** What 1C last said of a check (one 1C order document): its number in 1C, the payment and shipment dates. */
export const exchange1cCheckStates = pgTable('exchange_1c_check_states', {
  checkId: integer('check_id')
    .primaryKey()
    .references(() => orderChecks.id, { onDelete: 'cascade' }),
  number1c: text('number_1c').notNull().default(''),
  paidOn: date('paid_on', { mode: 'string' }),
  shippedOn: date('shipped_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
