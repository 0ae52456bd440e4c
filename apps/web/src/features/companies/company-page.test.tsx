import { screen, within } from '@testing-library/react';
import type { TCompany, TStorage } from '@portal/contracts';
import { ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { CompanyPage } from './company-page';

const storage = (guid: string, values: Partial<TStorage>): TStorage => ({
  guid,
  name: guid === ORGANISATION.FRO ? 'ФРО' : 'ЭС',
  spent: 1000,
  contract: 'ДП-1',
  deferment: 30,
  debt: 0,
  balance: 1000,
  discount: 12,
  case: 'calendar',
  limit: 5000,
  percent: 20,
  date: 1_770_000_000,
  pricetype: PRICE_TYPE.DEALER,
  base_discount: 0,
  cashback: 0,
  documents: [],
  ...values,
});

const company = (uid: string, name: string, storages: TStorage[]): TCompany => ({
  uid,
  name,
  inn: '7707083893',
  payment: '40702810938000012345',
  bik: '044525225',
  correspondent: '30101810400000000225',
  address: 'Москва',
  city: 'Москва',
  email: 'a@b.ru',
  phone: '+7 495 000-00-00',
  managerName: 'Смирнова Анна Сергеевна',
  managerUid: 'm1',
  storages,
});

const CLEAN = company('clean', 'Общество с ограниченной ответственностью «СпецСнаб»', [storage(ORGANISATION.FRO, {}), storage(ORGANISATION.ES, {})]);
const TROUBLED = company('troubled', 'Индивидуальный предприниматель Петров Алексей Викторович', [
  storage(ORGANISATION.FRO, {
    date: -1,
    deferment: 14,
    case: 'work',
    debt: 57_800,
    discount: 5,
    documents: [{ date: 1_765_000_000, number: 'РН-001', debt: 45_000, expires: 1_767_600_000 }],
  }),
  storage(ORGANISATION.ES, { discount: 7 }),
]);

function mockApi(companies: TCompany[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const body = url.startsWith('/api/partners')
      ? companies
      : url.startsWith('/api/managers')
        ? [{ uid: 'm1', name: 'Кузнецов Дмитрий Олегович', position: 'Менеджер', email: 'k@example.ru', phone: '+7 812 765-43-21', photo: null }]
        : null;
    return new Response(JSON.stringify({ error: null, response: body }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/company/:id?" element={<CompanyPage />} />
    </Routes>,
    { route },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CompanyPage', () => {
  it('shows the warnings, the current discount, the placeholder date and the manager of a troubled company', async () => {
    const fetchMock = mockApi([CLEAN, TROUBLED]);
    renderAt('/company/troubled');
    expect(await screen.findByTestId('company-name')).toHaveTextContent('ИП Петров Алексей Викторович');
    const warnings = screen.getAllByTestId('partner-warning');
    expect(warnings.map((warning) => warning.dataset.code)).toEqual(['UNDATED_DEBT', 'UNEQUAL_DISCOUNTS']);
    expect(warnings[0]).toHaveTextContent('57 800.00 ₽');
    // ES discount 7 > 0 is the current discount.
    expect(screen.getByTestId('current-discount-value')).toHaveTextContent('7 %');
    const fro = screen.getAllByTestId('contract')[0]!;
    expect(within(fro).getByTestId('contract-date')).toHaveTextContent('--.--.----');
    expect(within(fro).getByTestId('contract-documents')).toHaveTextContent('РН-001');
    expect(await screen.findByTestId('manager-name')).toHaveTextContent('Кузнецов Дмитрий Олегович');
    expect(fetchMock).toHaveBeenCalledWith('/api/managers?partnerId=troubled', expect.anything());
  });

  it('shows the first company without an id, with no warnings and a chooser of both', async () => {
    mockApi([CLEAN, TROUBLED]);
    renderAt('/company');
    expect(await screen.findByTestId('company-name')).toHaveTextContent('ООО «СпецСнаб»');
    expect(screen.queryAllByTestId('partner-warning')).toHaveLength(0);
    expect(screen.getByText('Замечаний нет')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ИП Петров Алексей Викторович' })).toBeInTheDocument();
    expect(screen.getByTestId('company-requisites')).toHaveTextContent('40702810938000012345');
  });

  it('tells a user without companies that none is linked', async () => {
    mockApi([]);
    renderAt('/company');
    const warning = await screen.findByTestId('partner-warning');
    expect(warning.dataset.code).toBe('NO_COMPANIES');
  });

  it('offers the own companies for an unknown id', async () => {
    mockApi([CLEAN]);
    renderAt('/company/someone-else');
    expect(await screen.findByText('Компания не найдена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ООО «СпецСнаб»' })).toHaveAttribute('href', '/company/clean');
  });
});
