/** Claims (spec §3 "Claim", §4, §7). */
import { z } from 'zod';
import { TEXT_LIMITS } from './limits';
import { ZAttachedFileSchema } from './logistics';

/** A product line of a claim: what was wrong and how many pieces. */
export const ZClaimProductSchema = z.object({
  /** The offer's GUID when the line comes from an order. */
  guid: z.string().max(100).optional(),
  article: z.string().trim().min(1, 'У товара рекламации нет артикула.').max(100),
  name: z.string().trim().max(300).default(''),
  characteristic: z.string().trim().max(200).default(''),
  quantity: z
    .number({ error: 'Количество товара должно быть числом.' })
    .int('Количество товара должно быть целым числом.')
    .positive('Количество товара должно быть больше нуля.'),
});
export type TClaimProduct = z.infer<typeof ZClaimProductSchema>;

export const ZClaimHistoryEntrySchema = z.object({ status: z.string(), comment: z.string(), date: z.string() });
export type TClaimHistoryEntry = z.infer<typeof ZClaimHistoryEntrySchema>;

/** Spec §3 "Claim", with its status history. */
export const ZClaimSchema = z.object({
  id: z.number(),
  /** The back office's id; null until the back office has registered the claim (sorts as 0). */
  bitrix_id: z.number().nullable(),
  guid: z.string(),
  date_create: z.string(),
  status: z.string(),
  title: z.string(),
  partner_name: z.string(),
  partner_guid: z.string(),
  case: z.number(),
  products: z.array(ZClaimProductSchema),
  message: z.string(),
  files: z.array(ZAttachedFileSchema),
  /** The order the claim is about: its number and date. */
  order_detail: z.object({ n: z.number(), date: z.string() }).nullable(),
  history: z.array(ZClaimHistoryEntrySchema),
});
export type TClaim = z.infer<typeof ZClaimSchema>;

/** Multipart text fields of POST /api/user/claims/add (files go in `files`). */
export const ZClaimRequestFieldsSchema = z.object({
  partner_guid: z.string({ error: 'Выберите компанию (поле partner_guid).' }).trim().min(1, 'Выберите компанию (поле partner_guid).'),
  case: z
    .string()
    .trim()
    .default('1')
    .transform((value) => (value === '' ? 1 : Number(value)))
    .pipe(z.number({ error: 'Вид рекламации (case) должен быть числом.' }).int('Вид рекламации (case) должен быть целым числом.').min(1).max(99)),
  title: z.string().trim().max(200, 'Тема длиннее 200 символов: сократите её.').default(''),
  message: z
    .string({ error: 'Опишите проблему (поле message).' })
    .trim()
    .min(10, 'Опишите проблему подробнее: не меньше 10 символов.')
    .max(5000, 'Описание длиннее 5000 символов: сократите его.'),
  order: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().regex(/^\d{1,9}$/, 'Номер заказа (order) должен быть числом.').transform(Number).optional()),
  products: z
    .string()
    .max(TEXT_LIMITS.document)
    .trim()
    .default('[]')
    .meta({ description: 'A JSON array of the claimed products: {guid?, article, name?, characteristic?, quantity}; with an order, its lines.' }),
});
export type TClaimRequestFields = z.infer<typeof ZClaimRequestFieldsSchema>;

export const ZClaimCreatedSchema = z.object({ id: z.number() });
