import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The VAT each selling organisation charges, by the day it takes effect (docs/decisions.md "VAT by date and seller").
 * A row holds from `valid_from` until the seller's next row; `percent` null is a seller without VAT («Без НДС»).
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    orgGuid: text('org_guid').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    percent: integer('percent'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orgGuid, table.validFrom] })],
);
