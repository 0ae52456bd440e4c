/**
 * Outgoing e-mail (modules/mail). A cause writes a mail event in its own transaction; the dispatcher turns each event
 * into one message per recipient (mail_outbox) and sends them. Messages whose text is known at once (a password
 * reset link) are written straight into the outbox. Tokens sent by mail (reset, address confirmation) are stored as
 * hashes only.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const mailEvents = pgTable(
  'mail_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** order.created, order.changed, check.status, bill.ready, shipment.created, shipment.status, claim.created, claim.status. */
    kind: text('kind').notNull(),
    /** The order, shipment request or claim concerned. */
    subjectId: integer('subject_id').notNull(),
    /** What the message needs beyond the subject: a status, the check's guid. */
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once its messages are in the outbox. */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
  },
  (t) => [index('mail_events_pending_idx').on(t.id).where(sql`${t.expandedAt} IS NULL`)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One message per event and recipient: `<event id>:<recipient>`, or `<token purpose>:<token hash>`. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    eventId: bigint('event_id', { mode: 'number' }).references(() => mailEvents.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** pending → sending → sent, or back to pending (retry), or failed (last retry, or interrupted mid-send). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending: until when the sender that claimed it holds it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Where it went: the SMTP server's answer, or the .eml file written. */
    sentTo: text('sent_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Single-use links sent by mail: password reset, e-mail address confirmation. Only the token's SHA-256 is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password_reset' or 'email_confirm'. */
    purpose: text('purpose').notNull(),
    /** The address being confirmed (email_confirm). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);
