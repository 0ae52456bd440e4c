/**
 * The 1C exchange (modules/exchange-1c): one row per package 1C uploaded and the portal applied or refused, with its
 * counts and the reasons of what was refused, for the operators (`npm run portal -- exchange:log`).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * A catalogue package being read (modules/exchange-1c/catalog-import.ts): its goods are staged here in short batches,
 * each its own transaction, so the catalogue keeps answering while a large file is parsed; then the whole package is
 * applied to products by a few set-based statements in one short transaction, and its rows are removed. Unlogged: a
 * staged package is scratch, and a crash of the database empties the table instead of leaving a half-read package.
 * Columns left null are what the package does not carry: the stored value is kept.
 */
export const exchange1cStagedGoods = pgTable(
  'exchange_1c_staged_goods',
  {
    packageId: text('package_id').notNull(),
    /** The good's place in the file: the first of two with one Ид or article wins, and products keep the file's order. */
    seq: integer('seq').notNull(),
    uid: text('uid').notNull(),
    article: text('article').notNull(),
    articleKey: text('article_key').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** 'shoes' when 1C says so; null keeps the stored type ('wear' for a new good). */
    type: text('type'),
    weight: numeric('weight', { precision: 12, scale: 3, mode: 'number' }),
    detailText: text('detail_text'),
    characteristics: jsonb('characteristics').notNull(),
    /** An «only changes» good that names no properties (or none the portal can name) keeps the stored ones. */
    keepCharacteristics: boolean('keep_characteristics').notNull(),
    groupCode: text('group_code'),
    /** Storage keys of the good's pictures, in order; null when it lists none (the stored ones stay). */
    pictures: text('pictures').array(),
    /** Why the apply refused the good (an article another product holds); null while accepted. */
    refusal: text('refusal'),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_1c_staged_goods_uid_idx').on(t.packageId, t.uid), uniqueIndex('exchange_1c_staged_goods_article_idx').on(t.packageId, t.article)],
);

/** The offers of a catalogue package being read, as exchange_1c_staged_goods. */
export const exchange1cStagedOffers = pgTable(
  'exchange_1c_staged_offers',
  {
    packageId: text('package_id').notNull(),
    seq: integer('seq').notNull(),
    guid: text('guid').notNull(),
    productUid: text('product_uid').notNull(),
    characteristic: text('characteristic'),
    residue: integer('residue'),
    /** The dealer price (the offer's price), kopeck-exact. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    /** The list price sent with it: the product's PRICE is the lowest of them. */
    listPrice: numeric('list_price', { precision: 14, scale: 2, mode: 'number' }),
    refusal: text('refusal'),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_1c_staged_offers_guid_idx').on(t.packageId, t.guid)],
);
