import { screen } from '@testing-library/react';
import type { TAuditPage } from '@portal/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { AuditPage } from './audit-page';

const journal: TAuditPage = {
  records: [
    {
      id: 2,
      time: 1_795_800_000,
      person: 'Закупкин Олег',
      login: 'oleg@example.ru',
      action: 'order.held',
      action_name: 'Заказ отправлен на согласование',
      object: 'Заказ на согласовании № 7',
      changes: { total: 13323.02, units: 2, reason: 'больше лимита закупщика на один заказ 100.00 ₽' },
      ip: '203.0.113.7',
    },
    {
      id: 1,
      time: 1_795_790_000,
      person: 'Соколов Иван',
      login: 'demo',
      action: 'team.invited',
      action_name: 'Сотрудник приглашён',
      object: 'Сотрудник oleg@example.ru',
      changes: { role: { from: '—', to: 'Закупщик' }, orderLimit: { from: '—', to: '100.00 ₽' } },
      ip: '203.0.113.8',
    },
  ],
  total: 2,
  page: 1,
  pages: 1,
  people: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', () => {
  it('names what changed by the fields’ Russian names, a change as «было → стало»', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ error: null, response: String(url).startsWith('/api/companies/c-1/audit') ? journal : [] }))),
    );
    renderWithProviders(
      <Routes>
        <Route path="/companies/:uid/audit" element={<AuditPage />} />
      </Routes>,
      { route: '/companies/c-1/audit' },
    );
    const [held, invited] = await screen.findAllByTestId('audit-record');
    expect(held).toHaveTextContent('Сумма, ₽: 13323.02; Количество, шт.: 2; Причина: больше лимита закупщика на один заказ 100.00 ₽');
    expect(invited).toHaveTextContent('Роль: — → Закупщик; Лимит заказа: — → 100.00 ₽');
    expect(held).not.toHaveTextContent(/total|units|reason/);
  });
});
