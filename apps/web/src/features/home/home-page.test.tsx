import { screen, within } from '@testing-library/react';
import { ORGANISATION } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromToday, testMembership } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { HomePage } from './home-page';

const contract = (
  guid: string,
  discount: number,
  debt: number,
  date = 1_770_000_000,
  { limit = 0, documents = [] as Array<{ date: number; number: string; debt: number; expires: number }> } = {},
) => ({
  guid, name: 'Д', spent: 0, contract: '', deferment: 30, debt, balance: 100, discount, case: 'calendar', limit, percent: 0,
  date, pricetype: '', base_discount: 0, cashback: 0, documents,
});

const answers: Record<string, unknown> = {
  '/api/partners': [
    {
      uid: 'a', name: 'Общество с ограниченной ответственностью «СпецСнаб»', inn: '1', payment: '', bik: '', correspondent: '',
      address: '', city: '', email: '', phone: '', managerName: 'Смирнова', managerUid: 'm', ...testMembership(),
      storages: [
        contract(ORGANISATION.FRO, 12, 100.1, 1_770_000_000, { limit: 1000, documents: [{ date: fromToday(-30), number: 'Р-1', debt: 100.1, expires: fromToday(5) }] }),
        contract(ORGANISATION.ES, 12, 200.2),
      ],
    },
    {
      uid: 'b', name: 'Акционерное общество «ТехноЩит»', inn: '2', payment: '', bik: '', correspondent: '',
      address: '', city: '', email: '', phone: '', managerName: '', managerUid: '', ...testMembership(),
      storages: [contract(ORGANISATION.FRO, 5, 10, -1), contract(ORGANISATION.ES, 0, 0)],
    },
    {
      uid: 'c', name: 'Общество с ограниченной ответственностью «Поздно»', inn: '3', payment: '', bik: '', correspondent: '',
      address: '', city: '', email: '', phone: '', managerName: '', managerUid: '', ...testMembership(),
      storages: [
        contract(ORGANISATION.FRO, 12, 57_800, 1_770_000_000, {
          limit: 50_000,
          documents: [
            { date: fromToday(-40), number: 'Р-2', debt: 21_300, expires: fromToday(-6) },
            { date: fromToday(-10), number: 'Р-3', debt: 36_500, expires: fromToday(20) },
          ],
        }),
        contract(ORGANISATION.ES, 12, 0),
      ],
    },
  ],
  '/api/content/news': [
    { id: 'n1', title: 'Новая коллекция', text: 'Текст новости', date: 1_768_900_000, image: null, link: null },
  ],
  '/api/content/cases': [
    { id: 'c1', title: 'Первый кейс', customer: 'Нефтебаза', text: 'Описание', image: null, link: null },
    { id: 'c2', title: 'Второй кейс', customer: 'Ритейл', text: 'Описание', image: null, link: null },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the companies with shortened names and contract summaries, the news and the cases carousel', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ error: null, response: answers[String(input)] ?? null }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('id_token', 'secret');
    renderWithProviders(<HomePage />);

    const cards = await screen.findAllByTestId('company-summary');
    expect(cards.map((card) => within(card).getByRole('link', { name: /ООО|АО/ }).textContent)).toEqual(['ООО «СпецСнаб»', 'АО «ТехноЩит»', 'ООО «Поздно»']);
    // Debts of both contracts summed exactly: 100.10 + 200.20.
    expect(cards[0]).toHaveTextContent('300.30 ₽');
    expect(within(cards[0]!).getByText('Всё в порядке')).toBeInTheDocument();
    // Per contract: what the limit leaves (limit − debt), and nothing overdue.
    const [fro] = within(cards[0]!).getAllByTestId('contract-credit-row');
    expect(within(fro!).getByTestId('credit-available')).toHaveTextContent('899.90 ₽');
    expect(within(cards[0]!).getByTestId('company-overdue')).toHaveTextContent('0.00 ₽');
    // An overdue document and a debt above the limit: never «all well»; overdue comes from the documents, not above the debt.
    expect(within(cards[2]!).queryByText('Всё в порядке')).toBeNull();
    expect(within(cards[2]!).getByText('Замечаний: 2')).toBeInTheDocument();
    expect(within(cards[2]!).getByTestId('company-overdue')).toHaveTextContent('21 300.00 ₽');
    const [late] = within(cards[2]!).getAllByTestId('contract-credit-row');
    expect(within(late!).getByTestId('credit-available')).toHaveTextContent('-7 800.00 ₽');
    // A debt without a date on deferment, a zero discount, unequal discounts.
    expect(within(cards[1]!).getByText('Замечаний: 3')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('--.--.----');
    // Current discount falls back to the first contract when ES has 0.
    expect(cards[1]).toHaveTextContent('Текущая скидка5 %');

    expect(await screen.findByText('Новая коллекция')).toBeInTheDocument();
    expect(screen.getByText('20.01.2026')).toBeInTheDocument();
    const carousel = await screen.findByTestId('cases-carousel');
    expect(within(carousel).getByText('Первый кейс')).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Следующий кейс' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Предыдущий кейс' })).toBeInTheDocument();

    // Content-service calls go without the token (spec §7).
    const headersOf = (url: string) => fetchMock.mock.calls.find(([called]) => String(called) === url)?.[1]?.headers as Record<string, string>;
    expect(headersOf('/api/content/news').authorization).toBeUndefined();
    expect(headersOf('/api/content/cases').authorization).toBeUndefined();
    expect(headersOf('/api/partners').authorization).toBe('Bearer secret');
  });
});
