import { z } from 'zod';

/** A news item of the main page (content service, spec §3 "Other lists"). `id` is the external guid; `date` unix seconds. */
export const ZNewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  date: z.number(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});
export type TNewsItem = z.infer<typeof ZNewsItemSchema>;

/** A showcase case of the main-page carousel: a finished project for a customer. */
export const ZShowcaseCaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  customer: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
});
export type TShowcaseCase = z.infer<typeof ZShowcaseCaseSchema>;
