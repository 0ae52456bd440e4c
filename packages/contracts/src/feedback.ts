import { z } from 'zod';

/** Spec §3 "Feedback": an error report or an improvement suggestion, with text and files. */
export const FEEDBACK_TYPES = ['error', 'info'] as const;
export type TFeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_MAX_FILES = 5;
export const FEEDBACK_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FEEDBACK_MAX_TOTAL_BYTES = 20 * 1024 * 1024;
export const FEEDBACK_MAX_TEXT = 5000;

/** The text fields of POST /api/user/request/feedback (multipart, beside the `files`). */
export const ZFeedbackFieldsSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: 'Выберите тип обращения: error (ошибка) или info (предложение).' }),
  text: z
    .string({ error: 'Опишите ошибку или предложение.' })
    .trim()
    .min(1, 'Опишите ошибку или предложение.')
    .max(FEEDBACK_MAX_TEXT, `Текст обращения: не больше ${FEEDBACK_MAX_TEXT} символов.`),
});
export type TFeedbackFields = z.infer<typeof ZFeedbackFieldsSchema>;

export const ZFeedbackCreatedSchema = z.object({ id: z.number() });
