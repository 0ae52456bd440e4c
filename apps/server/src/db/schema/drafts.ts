/**
 * The working order and the order drafts of each user, kept on the server so they follow the dealer to every device
 * (issue #35 point 8); the browser keeps its copy under the spec's storage keys for offline use. Each row carries the
 * company it is for, so a user who no longer acts for that company no longer sees it.
 */
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { partners } from './partners';

/** One working order per user: the order they are building, whatever device they build it on. */
export const workingOrders = pgTable('working_orders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The company the order is for (its partner_id); null while none is chosen. */
  partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
  /** The order as the browser keeps it (spec §3 «Working order»). */
  order: jsonb('order').notNull(),
  /** Raised by every write; a write names the revision it was made on, and a stale one is refused (409). */
  revision: integer('revision').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderDrafts = pgTable(
  'order_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The save time in ms, chosen by the device that saved it (spec §3: the draft's id is a timestamp). */
    id: bigint('id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    order: jsonb('order').notNull(),
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('order_drafts_partner_idx').on(t.partnerId)],
);
