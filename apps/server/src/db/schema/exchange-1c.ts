/**
 * The 1C exchange (modules/exchange-1c): one row per package 1C uploaded and the portal applied or refused, with its
 * counts and the reasons of what was refused, for the operators (`npm run portal -- exchange:log`).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const exchange1cLog = pgTable(
  'exchange_1c_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** catalog or sale: the exchange's `type`. */
    exchangeType: text('exchange_type').notNull(),
    /** The file as 1C named it (import0_1.xml, offers.xml…). */
    fileName: text('file_name').notNull(),
    /** import (goods and groups), offers (offers, prices, stock) or another kind of CommerceML document. */
    packageKind: text('package_kind').notNull(),
    /** The package's «СодержитТолькоИзменения». */
    onlyChanges: text('only_changes').notNull().default('false'),
    schemaVersion: text('schema_version').notNull().default(''),
    /** success or failure. */
    outcome: text('outcome').notNull(),
    created: integer('created').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** [{key, reason}] of refused items, the first EXCHANGE_LOGGED_REFUSALS of them. */
    refusals: jsonb('refusals').notNull().default(sql`'[]'::jsonb`),
    /** Why the whole package was refused (outcome failure), as 1C was told. */
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_1c_log_finished_idx').on(t.finishedAt.desc())],
);
