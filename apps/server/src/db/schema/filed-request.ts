/**
 * What every request a company files with the back office has in common — a claim (claims.ts), a shipment
 * (logistics.ts): our guid, the back office's id once it registers the request, the company, who filed it and for which
 * order, its status and times; and the link of an attached file. Columns only: each area's file makes its tables.
 */
import { integer, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';
import { orders } from './orders';
import { partners } from './partners';

/** The request's identity and whose it is. `userId` and `orderId` are null when the back office made the request. */
export const filedRequestIdentity = () => ({
  id: serial('id').primaryKey(),
  /** Our external id, given to the back office with the request. */
  guid: text('guid').notNull().unique(),
  /** The back office's (CRM) id: null until the back office registers the request; the lists count null as 0. */
  bitrixId: integer('bitrix_id').unique(),
  partnerId: integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
});

/** Where the request stands: its status (changed by the integration API) and when it was filed and last changed. */
export const filedRequestProgress = () => ({
  status: text('status').notNull().default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file attached to a request; the link goes when the file does. */
export const attachedFileId = () =>
  integer('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' });
