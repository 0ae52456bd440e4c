import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Main-page content (the content service of spec §3 "Other lists"). `guid` is the id the back office knows the item
 * by: the integration API upserts on it. Unpublished items stay stored but are not shown.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    guid: text('guid').notNull().unique(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** An image address (absolute, or a path of this server), if the item has one. */
    image: text('image'),
    link: text('link'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

/** Showcase cases of the main-page carousel: finished projects for customers. Shown in `sort` order. */
export const showcaseCases = pgTable(
  'showcase_cases',
  {
    id: serial('id').primaryKey(),
    guid: text('guid').notNull().unique(),
    title: text('title').notNull(),
    customer: text('customer').notNull().default(''),
    text: text('text').notNull().default(''),
    image: text('image'),
    link: text('link'),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('showcase_cases_sort_idx').on(t.sort)],
);
