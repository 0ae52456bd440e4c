/**
 * The fields of what changed, as the record of who did what stores them (a code), and their Russian names, as the
 * record's page and its CSV/XLSX exports show them. A writer's `changes` is typed by these codes, so a field without a
 * Russian name does not compile; the trigger that records orders placed (SQL) is checked by the server's audit test.
 */
export const AUDIT_FIELD_LABELS = {
  // Orders and approvals.
  total: 'Сумма, ₽',
  units: 'Количество, шт.',
  reason: 'Причина',
  approval: 'Номер заказа на согласовании',
  check: 'Код счёта',
  // Delivery addresses.
  label: 'Адрес',
  // The team.
  role: 'Роль',
  orderLimit: 'Лимит заказа',
  blocked: 'Заблокирован',
  approvalOverCredit: 'Согласование заказов сверх кредита',
  // The person's profile: what changed, never a password itself.
  name: 'Имя',
  lastname: 'Фамилия',
  patronymic: 'Отчество',
  email: 'Электронная почта',
  phone: 'Телефон',
  avatar: 'Фото профиля',
  password: 'Пароль',
  // How a sign-in happened, when not with the login and password (the first one, by an invitation's link).
  signInBy: 'Способ входа',
  // Notification settings, one field per event and channel.
  'notify.email.created': 'Письмо «Заказ создан»',
  'notify.email.changed': 'Письмо «Заказ изменён»',
  'notify.email.states': 'Письмо «Статус заказа»',
  'notify.lk.created': 'В личном кабинете «Заказ создан»',
  'notify.lk.changed': 'В личном кабинете «Заказ изменён»',
  'notify.lk.states': 'В личном кабинете «Статус заказа»',
} as const;

export type AuditField = keyof typeof AUDIT_FIELD_LABELS;

/** What changed: a field's value, or its change `{ from, to }`. */
export type AuditChanges = Partial<Record<AuditField, unknown>>;

/**
 * Names of fields that records written before the table existed carry (the team's were Russian from the start,
 * the notification settings one object): they still read in Russian.
 */
const EARLIER_FIELD_LABELS: Record<string, string> = {
  notifications: 'Уведомления',
};

export function isAuditField(field: string): field is AuditField {
  return Object.prototype.hasOwnProperty.call(AUDIT_FIELD_LABELS, field);
}

/** The Russian name of a stored field; a field stored under its Russian name shows as it is. */
export function auditFieldLabel(field: string): string {
  if (isAuditField(field)) return AUDIT_FIELD_LABELS[field];
  return EARLIER_FIELD_LABELS[field] ?? field;
}

const NOTHING = '—';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** What changed, as one line: «Роль: Бухгалтер → Закупщик; Лимит заказа: — → 100.00 ₽». */
export function auditChangesText(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([field, value]) => `${auditFieldLabel(field)}: ${isChange(value) ? `${valueText(value.from)} → ${valueText(value.to)}` : valueText(value)}`)
    .join('; ');
}
