/** Feedback (spec §3, §4): an error report or a suggestion, stored with its files for the back office. */
import { ZFeedbackFieldsSchema } from '@portal/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import type { MultipartForm } from '../../lib/uploads';
import * as repo from './feedback.repository';

export async function createFeedback(db: Db, storage: FileStorage, userId: number, form: MultipartForm): Promise<{ id: number }> {
  const parsed = ZFeedbackFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues.map((issue) => issue.message).join(' '));

  // Bytes first, rows after: if the database refuses, the stored bytes are removed and nothing is half-written.
  const stored = form.files.map((file) => ({ file, key: newStorageKey('feedback', file.extension) }));
  try {
    for (const { file, key } of stored) await storage.put(key, file.bytes);
    const id = await db.transaction(async (tx) => {
      const feedbackId = await repo.insertFeedback(tx, { userId, type: parsed.data.type, text: parsed.data.text });
      for (const { file, key } of stored) {
        await repo.insertFeedbackFile(tx, feedbackId, {
          ownerUserId: userId,
          purpose: 'feedback',
          name: file.name,
          mime: file.mime,
          size: file.bytes.length,
          storageKey: key,
        });
      }
      return feedbackId;
    });
    return { id };
  } catch (error) {
    await Promise.all(stored.map(({ key }) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
