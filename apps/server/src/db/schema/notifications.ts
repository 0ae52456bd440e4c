/** Realtime messages kept per user (spec §3 "Realtime message"), so the notifications bar survives a reload and reads the same on every device. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'popup' (shows once, closes by itself) or 'notification' (goes to the bar). */
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** What happened (check_status, bill_ready, …): lets the client refresh the right screens. */
    event: text('event'),
    /** A portal route that shows the object, e.g. /orders. */
    link: text('link'),
    /** The objects concerned, e.g. {order: 10001, check: "…"}: for support, and for the client to refresh. */
    data: jsonb('data'),
    readPopup: boolean('read_popup').notNull().default(false),
    /** When the user opened it (or marked all read); null while unread. The bell counts the unread ones. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The bell's count reads only the unread rows of one user.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
