import { screen, within } from '@testing-library/react';
import type { TCompany, TStorage } from '@portal/contracts';
import { ORGANISATION } from '@portal/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromToday, testContract, testMembership } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { CompanyPage } from './company-page';

const storage = (guid: string, values: Partial<TStorage>): TStorage =>
  testContract(guid, { spent: 1000, balance: 1000, discount: 12, limit: 5000, percent: 20, ...values });

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
  ...testMembership(),
});

const CLEAN = company('clean', 'Общество с ограниченной ответственностью «СпецСнаб»', [storage(ORGANISATION.FRO, {}), storage(ORGANISATION.ES, {})]);
const TROUBLED = company('troubled', 'Индивидуальный предприниматель Петров Алексей Викторович', [
  storage(ORGANISATION.FRO, {
    date: -1,
    deferment: 14,
    case: 'work',
    debt: 57_800,
    limit: 50_000,
    discount: 5,
    documents: [
      { date: fromToday(-20), number: 'РН-001', debt: 21_300, expires: fromToday(-6) },
      { date: fromToday(-11), number: 'РН-002', debt: 16_500, expires: fromToday(3) },
      { date: fromToday(-2), number: 'РН-003', debt: 20_000, expires: fromToday(12) },
    ],
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
    expect(warnings.map((warning) => warning.dataset.code)).toEqual(['UNDATED_DEBT', 'OVERDUE_DEBT', 'DEBT_OVER_LIMIT', 'UNEQUAL_DISCOUNTS']);
    expect(warnings[0]).toHaveTextContent('57 800.00 ₽');
    expect(warnings[1]).toHaveTextContent('Договор «ФРО» (ДП-1): просроченный долг 21 300.00 ₽ (документов: 1)');
    expect(warnings[2]).toHaveTextContent('долг 57 800.00 ₽ больше лимита 50 000.00 ₽ на 7 800.00 ₽');
    expect(screen.getByText('Замечаний: 4')).toBeInTheDocument();
    expect(screen.queryByText('Замечаний нет')).toBeNull();
    // ES discount 7 > 0 is the current discount.
    expect(screen.getByTestId('current-discount-value')).toHaveTextContent('7 %');
    const fro = screen.getAllByTestId('contract')[0]!;
    expect(within(fro).getByTestId('contract-date')).toHaveTextContent('--.--.----');
    expect(within(fro).getByTestId('contract-documents')).toHaveTextContent('РН-001');
    // Figures from the contract's own documents: overdue never above the debt; what the limit leaves.
    expect(within(fro).getByTestId('credit-debt')).toHaveTextContent('57 800.00 ₽');
    expect(within(fro).getByTestId('credit-overdue')).toHaveTextContent('21 300.00 ₽');
    expect(within(fro).getByTestId('credit-available')).toHaveTextContent('-7 800.00 ₽');
    expect(within(fro).getAllByTestId('contract-document').map((row) => row.dataset.term)).toEqual(['overdue', 'due-soon', 'current']);
    expect(within(fro).getByText('просрочен')).toBeInTheDocument();
    expect(within(fro).getByText('скоро срок')).toBeInTheDocument();
    const es = screen.getAllByTestId('contract')[1]!;
    expect(within(es).getByTestId('credit-overdue')).toHaveTextContent('0.00 ₽');
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

  it('never says «Замечаний нет» for a company with one overdue document, even with everything else in order', async () => {
    const overdue = company('late', 'Общество с ограниченной ответственностью «СпецСнаб»', [
      storage(ORGANISATION.FRO, { debt: 1_000, documents: [{ date: fromToday(-31), number: 'РН-9', debt: 1_000, expires: fromToday(-1) }] }),
      storage(ORGANISATION.ES, {}),
    ]);
    mockApi([overdue]);
    renderAt('/company/late');
    const warning = await screen.findByTestId('partner-warning');
    expect(warning.dataset.code).toBe('OVERDUE_DEBT');
    expect(screen.getByText('Замечаний: 1')).toBeInTheDocument();
    expect(screen.queryByText('Замечаний нет')).toBeNull();
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
