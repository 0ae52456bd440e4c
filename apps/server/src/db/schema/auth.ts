import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  patronymic: text('patronymic').notNull().default(''),
  email: text('email').notNull().default(''),
  /**
   * Whether mail may go to `email`: addresses from the ERP or the operator are trusted; one the user typed in the
   * profile waits for its confirmation link (modules/mail).
   */
  emailConfirmed: boolean('email_confirmed').notNull().default(true),
  phone: text('phone').notNull().default(''),
  /** Stored file id of the avatar, if any. */
  avatarFileId: integer('avatar_file_id'),
  blocked: boolean('blocked').notNull().default(false),
  /** Staff users get the internal tools link (response.src) at sign-in. */
  staff: boolean('staff').notNull().default(false),
  /** Notification settings of spec §3 (order.email and order.lk, each with changed, created, states). */
  notificationSettings: jsonb('notification_settings').notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last successful sign-in (or an accepted invitation): the team page shows it to the company's administrators. */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempt counters, kept in the database so the limits hold across server processes. One row per counted
 * thing — a login at an address, an address, a login — with the end of its window. An attempt is counted (one
 * atomic upsert) before its password is checked; a successful sign-in gives its attempt back.
 */
export const signInCounters = pgTable(
  'sign_in_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_counters_resets_idx').on(t.resetsAt)],
);

/** Addresses a login has signed in from: the per-login ceiling does not apply there, so a dealer's office stays open. */
export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    login: text('login').notNull(),
    ip: text('ip').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.login, t.ip] })],
);
