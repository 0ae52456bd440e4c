/**
 * A dealer company's team, managed by its administrators: the colleagues with their roles, limits and status, the
 * invitation by e-mail, changes of a role, a purchaser's limit and blocking, and the company's approval setting.
 */
import { COMPANY_ROLES } from '@portal/domain';
import { z } from 'zod';

const role = z.enum(COMPANY_ROLES, { error: 'Выберите роль: Администратор, Закупщик или Бухгалтер.' });

/** A purchaser's limit per order in roubles (kopecks allowed); null — no limit. */
const orderLimit = z
  .number({ error: 'Лимит заказа — сумма в рублях, например 50000 или 50000.50.' })
  .min(0, 'Лимит заказа не может быть отрицательным: укажите сумму или оставьте поле пустым (без лимита).')
  .max(1_000_000_000, 'Лимит заказа больше миллиарда рублей: проверьте сумму.')
  .multipleOf(0.01, 'В лимите заказа не больше двух знаков после точки (копейки).')
  .nullable();

export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'blocked'] as const;

export const ZTeamMemberSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  /** Surname, name and patronymic as one line. */
  name: z.string(),
  email: z.string(),
  role,
  orderLimit: orderLimit,
  /** active — signed in at least once; invited — the invitation's link not used yet; blocked — by an administrator. */
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** ISO time of the last sign-in; null — never. */
  lastSignInAt: z.string().nullable(),
  /** The signed-in administrator themself. */
  you: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamSchema = z.object({
  company: z.object({ uid: z.string(), name: z.string(), approvalOverCredit: z.boolean() }),
  members: z.array(ZTeamMemberSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZTeamCompanyParamsSchema = z.object({ uid: z.string().min(1).max(100) });
export const ZTeamMemberParamsSchema = z.object({
  uid: z.string().min(1).max(100),
  userId: z.coerce.number({ error: 'Номер сотрудника — целое число.' }).int('Номер сотрудника — целое число.').positive('Номер сотрудника — целое число.'),
});

export const ZTeamInviteBodySchema = z.object({
  email: z
    .string({ error: 'Укажите e-mail сотрудника.' })
    .trim()
    .toLowerCase()
    .max(200, 'E-mail длиннее 200 символов: проверьте адрес.')
    .pipe(z.email('E-mail указан неверно: проверьте адрес, например ivanov@company.ru.')),
  name: z.string({ error: 'Укажите имя сотрудника.' }).trim().min(1, 'Укажите имя сотрудника.').max(200, 'Имя длиннее 200 символов.'),
  role,
  orderLimit: orderLimit.optional(),
});
export type TTeamInviteBody = z.infer<typeof ZTeamInviteBodySchema>;

/** One change at a time of a colleague: a role, a purchaser's limit, blocking or unblocking. */
export const ZTeamMemberChangeSchema = z
  .object({ role: role.optional(), orderLimit: orderLimit.optional(), blocked: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.orderLimit !== undefined || change.blocked !== undefined, {
    message: 'Укажите, что изменить: роль, лимит заказа или блокировку.',
  });
export type TTeamMemberChange = z.infer<typeof ZTeamMemberChangeSchema>;

export const ZTeamSettingsSchema = z.object({
  approvalOverCredit: z.boolean({ error: 'Укажите, согласовывать ли заказы сверх кредита (да или нет).' }),
});
export type TTeamSettings = z.infer<typeof ZTeamSettingsSchema>;

export const ZTeamMessageSchema = z.object({ message: z.string(), team: ZTeamSchema });
export type TTeamMessage = z.infer<typeof ZTeamMessageSchema>;
