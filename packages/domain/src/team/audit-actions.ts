/**
 * What the record of who did what names (issue #39 point 5): each action's code, as stored, and its Russian name, as
 * the record's page, its filter and its exports show it.
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'order.placed',
  'order.edited',
  'order.held',
  'order.approved',
  'order.rejected',
  'bill.requested',
  'address.created',
  'address.updated',
  'address.deleted',
  'settings.changed',
  'profile.changed',
  'password.changed',
  'team.changed',
  'team.invited',
  'team.role_changed',
  'team.limit_changed',
  'team.blocked',
  'team.unblocked',
  'team.removed',
  'team.approval_setting_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Вход в портал',
  'order.placed': 'Заказ оформлен',
  'order.edited': 'Заказ изменён',
  'order.held': 'Заказ отправлен на согласование',
  'order.approved': 'Заказ согласован',
  'order.rejected': 'Заказ отклонён',
  'bill.requested': 'Запрошен счёт',
  'address.created': 'Адрес добавлен',
  'address.updated': 'Адрес изменён',
  'address.deleted': 'Адрес удалён',
  'settings.changed': 'Настройки изменены',
  'profile.changed': 'Профиль изменён',
  'password.changed': 'Пароль изменён',
  'team.changed': 'Изменения в команде',
  'team.invited': 'Сотрудник приглашён',
  'team.role_changed': 'Роль сотрудника изменена',
  'team.limit_changed': 'Лимит заказа изменён',
  'team.blocked': 'Сотрудник заблокирован',
  'team.unblocked': 'Сотрудник разблокирован',
  'team.removed': 'Сотрудник удалён из команды',
  'team.approval_setting_changed': 'Согласование заказов сверх кредита изменено',
};

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The Russian name of a stored action; an unknown code (a newer portal's) shows as it is. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
