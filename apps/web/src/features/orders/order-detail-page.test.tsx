import { CHECK_STATUS_NAMES, type CompanyRole } from '@portal/domain';
import type { TOrderPage } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMembership } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { OrderDetailPage } from './order-detail-page';

afterEach(() => vi.restoreAllMocks());

const page: TOrderPage = {
  n: 10012,
  name: 'Заказ № 10012',
  date: 1_770_000_000,
  edit: false,
  partner_id: 'c-1',
  partner_name: 'ООО «СпецСнаб»',
  position: [],
  position_presail: [],
  comment: '',
  delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
  bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0 },
  count: 1,
  total_count: 3,
  total: 4500,
  total_discount: 0,
  request_certificate: false,
  reserved: true,
  checks: [
    {
      guid: 'check-1',
      id: '1',
      org: 'fro',
      org_name: 'ФРО',
      status: 1,
      status_name: CHECK_STATUS_NAMES[1]!,
      total: 4500,
      doc_status: { id: 'check-1', StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false },
    },
  ],
  preorder_count: 0,
  documents: [],
  timeline: [],
};

/** The order belongs to company c-1, where the user holds `role`. */
function renderDetail(role: CompanyRole) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = url.includes('/partners') ? [{ uid: 'c-1', name: 'ООО «СпецСнаб»', inn: '7707083893', ...testMembership(role) }] : page;
    return new Response(JSON.stringify({ error: null, response }), { status: 200 });
  });
  renderWithProviders(
    <Routes>
      <Route path="/orders/:id" element={<OrderDetailPage />} />
    </Routes>,
    { route: '/orders/10012' },
  );
  return fetchMock;
}

const partnersAsked = (fetchMock: ReturnType<typeof renderDetail>) =>
  waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/partners'))).toBe(true));

describe('OrderDetailPage actions follow the role in the order’s company', () => {
  it('offers a purchaser editing, «Создать на основе» and a claim', async () => {
    const fetchMock = renderDetail('buyer');
    await screen.findByRole('heading', { name: 'Заказ № 10012' });
    await partnersAsked(fetchMock);
    const actions = screen.getByTestId('order-actions');
    for (const label of ['Редактировать', 'Создать на основе', 'Рекламация', 'Сертификаты']) {
      expect(within(actions).getByRole('button', { name: new RegExp(label) }), label).toBeInTheDocument();
    }
  });

  it('hides from an accountant what needs ordering or claims, keeping the documents', async () => {
    const fetchMock = renderDetail('accountant');
    await screen.findByRole('heading', { name: 'Заказ № 10012' });
    await partnersAsked(fetchMock);
    const actions = screen.getByTestId('order-actions');
    await waitFor(() => expect(within(actions).queryByRole('button', { name: /Редактировать/ })).toBeNull());
    expect(within(actions).queryByRole('button', { name: /Создать на основе/ })).toBeNull();
    expect(within(actions).queryByRole('button', { name: /Рекламация/ })).toBeNull();
    expect(within(actions).getByRole('button', { name: /Сертификаты/ })).toBeInTheDocument();
    expect(within(actions).getByTestId('print-invoice')).toBeInTheDocument();
  });
});
