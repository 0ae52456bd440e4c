/**
 * Orders kept «На согласовании» (issue #39 point 3): a purchaser's order above their per-order limit, or over a
 * contract's credit when the company chose so, waits here for an administrator. It is not an `orders` row until
 * approved — it takes no stock and no export or ERP selects it — and it holds the request exactly as the server
 * priced it, so approving places that very order (or asks to confirm new prices).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { orders } from './orders';
import { partners } from './partners';

export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The purchaser who submitted it; the order is placed in their name when approved. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The request as the server priced it (ZOrderPayload with the server's prices). */
    payload: jsonb('payload').notNull(),
    /** What the dealer pays (kopecks, the domain's order total), its positions and units, when it was held. */
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    totalCount: integer('total_count').notNull(),
    /** Why it waits, in Russian (the limit or the contract's credit it exceeds). */
    heldFor: text('held_for').notNull(),
    /**
     * pending → approving (an administrator is placing it) → approved; pending → rejected → replaced (the purchaser
     * sent an order instead of it: «Изменить и отправить снова»; it leaves the lists).
     */
    state: text('state').notNull().default('pending'),
    /** The administrator's reason for a rejection. */
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The order placed on approval. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The purchaser's Idempotency-Key: a retry of the submission answers the same approval. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('order_approvals_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('order_approvals_partner_idx').on(t.partnerId, t.state),
    check('order_approvals_state_check', sql`${t.state} in ('pending', 'approving', 'approved', 'rejected', 'replaced')`),
  ],
);
