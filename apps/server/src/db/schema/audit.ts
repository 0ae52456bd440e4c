/**
 * The record of who did what (issue #39 point 5): sign-ins, orders placed, edited, held, approved or rejected, bills
 * requested, addresses, settings and team changes — who, when, from which address, what changed. Written in the same
 * transaction as the action; kept for AUDIT_KEEP_DAYS. A record of a company's object names the company; what is the
 * person's own (a sign-in, their profile, password and settings) is recorded once in each company they act for, and
 * without a company only for a person of none (shown then in the companies they act for later).
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { partners } from './partners';

export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done: 'auth.sign_in', 'order.placed', … (the domain's AUDIT_ACTIONS). */
    action: text('action').notNull(),
    /** What it was done to, in Russian («Заказ № 10012», «Адрес доставки …»). */
    object: text('object').notNull().default(''),
    /** What changed: field → value (or {from, to}). */
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    /** The address the request came from; '' when the action had no request. */
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_records_partner_idx').on(t.partnerId, t.createdAt), index('audit_records_user_idx').on(t.userId, t.createdAt), index('audit_records_created_idx').on(t.createdAt)],
);
