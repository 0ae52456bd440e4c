import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, e.g. that the demo seed finished (a start interrupted mid-seed seeds again). */
export const portalMeta = pgTable('portal_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
