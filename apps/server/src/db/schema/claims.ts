/** Claims (spec §3 "Claim"): a company's complaint about delivered goods, with products, files and a status history. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { attachedFileId, filedRequestIdentity, filedRequestProgress } from './filed-request';

export const claims = pgTable(
  'claims',
  {
    ...filedRequestIdentity(),
    /** The kind of claim (packages/domain CLAIM_CASES), 1 by default (spec §9). */
    case: integer('case').notNull().default(1),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** [{guid?, article, name, characteristic, quantity}] as filed: a snapshot, the order may change later. */
    products: jsonb('products').notNull().default(sql`'[]'::jsonb`),
    ...filedRequestProgress(),
  },
  (t) => [index('claims_partner_idx').on(t.partnerId)],
);

export const claimFiles = pgTable(
  'claim_files',
  {
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fileId: attachedFileId(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.fileId] })],
);

/** Every status a claim has had, oldest first; the integration API appends to it. */
export const claimStatusHistory = pgTable(
  'claim_status_history',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    comment: text('comment').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_status_history_claim_idx').on(t.claimId, t.at)],
);
