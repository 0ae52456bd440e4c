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
      erp: null,
    },
  ],
  preorder_count: 0,
  documents: [],
  timeline: [],
};

/** The order (`shown`, the page above by default) belongs to company c-1, where the user holds `role`. */
function renderDetail(role: CompanyRole, shown: TOrderPage = page) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = url.includes('/partners') ? [{ uid: 'c-1', name: 'ООО «СпецСнаб»', inn: '7707083893', ...testMembership(role) }] : shown;
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

describe('OrderDetailPage: what 1C said of a check', () => {
  const withErp = (erp: TOrderPage['checks'][number]['erp']): TOrderPage => ({ ...page, checks: page.checks.map((check) => ({ ...check, erp })) });

  it('shows the check’s number in 1C and its payment and shipment days as dd.mm.yyyy', async () => {
    renderDetail('buyer', withErp({ number: 'ФР-000701', paidOn: '2026-11-27', shippedOn: '2026-11-28' }));
    const check = await screen.findByTestId('check-check-1');
    expect(within(check).getByTestId('check-erp')).toHaveTextContent('№ в 1С ФР-000701 · оплачен 27.11.2026 · отгружен 28.11.2026');
  });

  it('leaves out the days 1C has not set and the number it did not send', async () => {
    renderDetail('buyer', withErp({ number: '', paidOn: null, shippedOn: '2026-11-28' }));
    const check = await screen.findByTestId('check-check-1');
    expect(within(check).getByTestId('check-erp')).toHaveTextContent(/^отгружен 28\.11\.2026$/);
  });

  it('shows nothing of 1C when 1C has said nothing of the check', async () => {
    renderDetail('buyer');
    const check = await screen.findByTestId('check-check-1');
    expect(within(check).getByText('ФРО')).toBeInTheDocument();
    expect(within(check).queryByTestId('check-erp')).toBeNull();
    expect(within(check).queryByText(/в 1С/)).toBeNull();
  });
});
