import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from './partners';

/** Catalogue menu groups (spec §3 "Catalogue"): a tree by parent_code; zone places a group on the interactive catalogue. */
export const catalogGroups = pgTable('catalog_groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  parentCode: text('parent_code'),
  sort: integer('sort').notNull().default(0),
  zone: text('zone'),
});

/** Spec §3 "Product". */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    name: text('name').notNull(),
    /** 'wear' or 'shoes': decides which bags of the order the product goes in. */
    type: text('type').notNull().default('wear'),
    article: text('article').notNull().unique(),
    /** The article upper-cased without spaces or hyphens: what article search matches by prefix. */
    articleKey: text('article_key').notNull(),
    /** The name lower-cased, quotes dropped, spaces collapsed: what name search matches, through its words (name_words). */
    nameKey: text('name_key').notNull(),
    price: money('price'),
    priceOpt: money('price_opt'),
    weight: numeric('weight', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    volume: numeric('volume', { precision: 12, scale: 4, mode: 'number' }).notNull().default(0),
    detailText: text('detail_text').notNull().default(''),
    /** '' or one of Outlet, Discount, Activity (no contract discount applies to those). */
    status: text('status').notNull().default(''),
    video: text('video'),
    characteristics: jsonb('characteristics').notNull().default(sql`'[]'::jsonb`),
    maxDiscount: numeric('max_discount', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    groupCode: text('group_code'),
    seasonSale: boolean('season_sale').notNull().default(false),
    /** Protective properties (PROTECT of the search result). */
    protect: text('protect').notNull().default(''),
    /** When the product came into the catalogue: novelty sort and the «new» status filter. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Read from the characteristics (migration 0009): what the catalogue's filters group by. */
    season: text('season').generatedAlwaysAs(
      sql`nullif(btrim(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "Сезон").VALUE') #>> '{}'), '')`,
    ),
    protectionClass: text('protection_class').generatedAlwaysAs(
      sql`nullif(btrim(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "Класс защиты").VALUE') #>> '{}'), '')`,
    ),
    /** «ГОСТ …» or «ТР ТС …» from the characteristic of that name. */
    standard: text('standard').generatedAlwaysAs(
      sql`coalesce('ГОСТ ' || nullif(btrim(regexp_replace(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "ГОСТ").VALUE') #>> '{}', '^ГОСТ\s*', '')), ''), 'ТР ТС ' || nullif(btrim(regexp_replace(jsonb_path_query_first("characteristics", '$[*] ? (@.NAME == "ТР ТС").VALUE') #>> '{}', '^ТР ТС\s*', '')), ''))`,
    ),
    /** The name starts with a Latin letter: sorted after Cyrillic names (the name sort, migration 0009). */
    nameLatin: boolean('name_latin').generatedAlwaysAs(sql`"name" ~ '^[^A-Za-zА-Яа-яЁё]*[A-Za-z]'`),
  },
  (t) => [
    // With the id beside the key, an article prefix's products are read from the index alone (the order history's
    // article search reads thousands of them for a short prefix: one heap page each before, issue 36).
    index('products_article_key_prefix_idx').on(t.articleKey.op('text_pattern_ops'), t.id),
    index('products_group_idx').on(t.groupCode, t.id),
    index('products_season_sale_idx').on(t.id).where(sql`${t.seasonSale}`),
    index('products_name_ru_idx').on(t.nameLatin, sql`${t.name} collate "und-x-icu"`, t.id),
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_season_idx').on(t.season).where(sql`${t.season} is not null`),
    index('products_protection_class_idx').on(t.protectionClass).where(sql`${t.protectionClass} is not null`),
    index('products_standard_idx').on(t.standard).where(sql`${t.standard} is not null`),
  ],
);

/**
 * The distinct words of all products' name_key (split at its single spaces, so already in nameKey form): what a name
 * search looks its query words up in. A query word lies within a name exactly when it lies within one of its words, so
 * searching this small table by substring and then following product_name_words finds the same products as a
 * substring search of every name. Filled by the triggers on products (migration 0008); a word no product has any more
 * stays and simply leads nowhere.
 */
export const nameWords = pgTable(
  'name_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
  },
  (t) => [
    // Byte order: a prefix is a range of it (word ~>=~ key and word ~<~ next key), and equality finds a word.
    uniqueIndex('name_words_word_idx').on(t.word.op('text_pattern_ops')),
    // Substrings of words (LIKE '%…%'): cheap to keep, the table changes only when a name brings a new word.
    index('name_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
  ],
);

/** Which products have which name word (name_words.id → products.id); kept by the triggers on products (migration 0008). */
export const productNameWords = pgTable(
  'product_name_words',
  {
    // No foreign keys: a check per row would double what writing a product costs, and the triggers on products are
    // the only writers (they also remove a deleted product's rows, and empty the table when products is truncated).
    wordId: integer('word_id').notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [
    // A word's products in id order: name search reads them range by range of ids. No index by product: a rename or a
    // deletion finds a product's rows from the words of its previous name_key, through this key.
    primaryKey({ columns: [t.wordId, t.productId] }),
  ],
);

/** Spec §3 "Offer": one characteristic (size, height) of a product shipped by one organisation, with its stock. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    guid: text('guid').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    characteristic: text('characteristic').notNull(),
    /** Units in stock. Never negative: orders take stock with conditional updates. */
    residue: integer('residue').notNull().default(0),
    price: money('price'),
    /** Payment/date info, parts split by '/'. */
    ppdata: text('ppdata').notNull().default(''),
    orgGuid: text('org_guid').notNull(),
  },
  (t) => [
    index('offers_product_idx').on(t.productId),
    index('offers_characteristic_idx').on(t.characteristic, t.productId),
    check('offers_residue_non_negative', sql`${t.residue} >= 0`)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Key in the file storage. */
    storageKey: text('storage_key').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [index('certificates_product_idx').on(t.productId)],
);

/**
 * Products whose stock went to zero or came back from zero: written by the trigger on offers (migration 0010) and read
 * by the catalogue index, which re-reads just those products' offers instead of all stock. An order that leaves stock
 * above zero writes nothing here. Rows older than an hour are removed by the index's keeper.
 */
export const catalogStockFlips = pgTable(
  'catalog_stock_flips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_stock_flips_at_idx').on(t.at)],
);
