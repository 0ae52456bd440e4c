/** Delivery addresses (per user) and shipment requests (per company), spec §3 "Shipment", "Delivery address". */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { attachedFileId, filedRequestIdentity, filedRequestProgress } from './filed-request';

/**
 * A user's delivery addresses. The calls carry no company, so the book is the user's own (docs/decisions.md);
 * `id` is the address's `index` in the API: stable, so deleting one never renumbers the others.
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_addresses_user_label_uq').on(t.userId, sql`lower(${t.label})`)],
);

/** A shipment request of a company for one of its orders. */
export const shipments = pgTable(
  'shipments',
  {
    // userId is null for shipments the back office made itself; orderId, for one of an order placed outside the portal.
    ...filedRequestIdentity(),
    address: text('address').notNull(),
    /** The wanted shipment date. */
    date: date('date', { mode: 'string' }).notNull(),
    comment: text('comment').notNull().default(''),
    ...filedRequestProgress(),
  },
  (t) => [index('shipments_partner_idx').on(t.partnerId)],
);

export const shipmentFiles = pgTable(
  'shipment_files',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    fileId: attachedFileId(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.fileId] })],
);
