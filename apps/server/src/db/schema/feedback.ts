import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';

/** Feedback of spec §3: an error report (type 'error') or an improvement suggestion ('info') from a user. */
export const feedbackRequests = pgTable(
  'feedback_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_requests_user_idx').on(t.userId)],
);

/** The files attached to a feedback request (rows of `files` with purpose 'feedback'). */
export const feedbackFiles = pgTable(
  'feedback_files',
  {
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.fileId] })],
);
