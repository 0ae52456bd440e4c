import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from './audit-actions';
import { AUDIT_FIELD_LABELS, auditChangesText, auditFieldLabel } from './audit-fields';

const CYRILLIC = /[А-Яа-яЁё]/;

describe('the record’s Russian names', () => {
  it('name every action and every field in Russian', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action], action).toMatch(CYRILLIC);
    for (const [field, label] of Object.entries(AUDIT_FIELD_LABELS)) expect(label, field).toMatch(CYRILLIC);
  });

  it('write what changed with the fields’ Russian names, a change as «было → стало»', () => {
    expect(auditChangesText({ total: 1234.5, units: 3, reason: 'больше лимита' })).toBe('Сумма, ₽: 1234.5; Количество, шт.: 3; Причина: больше лимита');
    expect(auditChangesText({ role: { from: '—', to: 'Закупщик' }, orderLimit: { from: null, to: '100.00 ₽' } })).toBe('Роль: — → Закупщик; Лимит заказа: — → 100.00 ₽');
    expect(auditChangesText({ 'notify.email.created': { from: true, to: false }, phone: { from: '', to: '+7 900 000-00-00' } })).toBe(
      'Письмо «Заказ создан»: да → нет; Телефон: — → +7 900 000-00-00',
    );
    expect(auditChangesText({})).toBe('');
  });

  it('read records stored before the table: Russian field names as they are, the old notification object by its name', () => {
    expect(auditFieldLabel('Роль')).toBe('Роль');
    expect(auditFieldLabel('notifications')).toBe('Уведомления');
    expect(auditChangesText({ Заблокирован: { from: 'нет', to: 'да' } })).toBe('Заблокирован: нет → да');
  });
});
