import type { DbOrTx } from '../../db/client';
import { feedbackFiles, feedbackRequests, files } from '../../db/schema';

export async function insertFeedback(db: DbOrTx, values: typeof feedbackRequests.$inferInsert) {
  const [row] = await db.insert(feedbackRequests).values(values).returning({ id: feedbackRequests.id });
  return row!.id;
}

export async function insertFeedbackFile(db: DbOrTx, feedbackId: number, values: typeof files.$inferInsert) {
  const [file] = await db.insert(files).values(values).returning({ id: files.id });
  await db.insert(feedbackFiles).values({ feedbackId, fileId: file!.id });
}
