import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { partners } from './partners';

/** Every uploaded file: who owns it and where its bytes are in the storage backend (lib/storage). */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company the file belongs to, when it belongs to one: its users may download it. */
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** What the file is for: avatar, claim, shipment, feedback, logo, banner, … */
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId), index('files_partner_idx').on(t.partnerId)],
);
