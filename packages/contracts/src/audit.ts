/**
 * The record of who did what (issue #39 point 5): a company's page of records, its filters and its exports.
 * Times are unix seconds; periods are Moscow days, both ends included.
 */
import { AUDIT_ACTIONS } from '@portal/domain';
import { z } from 'zod';

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: дата в виде ГГГГ-ММ-ДД.`)
    .optional();

export const ZAuditQuerySchema = z.object({
  /** Only this person's records (their user id). */
  person: z.coerce.number({ error: 'person — номер сотрудника.' }).int().positive().optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Неизвестное действие: выберите его из списка.' }).optional(),
  from: day('from'),
  to: day('to'),
  page: z.coerce.number({ error: 'page — номер страницы.' }).int().min(1, 'page — номер страницы от 1.').default(1),
});
export type TAuditQuery = z.input<typeof ZAuditQuerySchema>;

export const ZAuditExportQuerySchema = ZAuditQuerySchema.omit({ page: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: 'format: csv или xlsx.' }).default('csv'),
});
export type TAuditExportQuery = z.input<typeof ZAuditExportQuerySchema>;

export const ZAuditRecordSchema = z.object({
  id: z.number(),
  time: z.number(),
  /** Who: the person's name (or login); '' when the person was removed. */
  person: z.string(),
  login: z.string(),
  action: z.string(),
  /** The action in Russian. */
  action_name: z.string(),
  object: z.string(),
  changes: z.record(z.string(), z.unknown()),
  ip: z.string(),
});
export type TAuditRecord = z.infer<typeof ZAuditRecordSchema>;

export const ZAuditPageSchema = z.object({
  records: z.array(ZAuditRecordSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  /** The company's people, for the filter. */
  people: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;

export const ZCompanyUidParamsSchema = z.object({ uid: z.string().min(1, 'Укажите компанию.') });
