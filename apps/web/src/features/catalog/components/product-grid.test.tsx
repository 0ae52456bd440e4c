import { screen, within } from '@testing-library/react';
import type { TCatalogPageWithCounts } from '@portal/contracts';
import { PRICE_TYPE } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompanyInUseStore } from '../../../shared/company-in-use';
import { testCompany } from '../../../shared/testing/companies';
import { renderWithProviders } from '../../../shared/testing/render';
import { ProductGrid } from './product-grid';

const SPECSNAB = testCompany('specsnab', 'Общество с ограниченной ответственностью «СпецСнаб»');
const PETROV = testCompany('petrov', 'Индивидуальный предприниматель Петров Алексей Викторович', PRICE_TYPE.BASE);

const page: TCatalogPageWithCounts = {
  products: [
    { ID: 11, ARTICLE: 'КСТ105А', NAME: 'Костюм летний', PRICE: 4990, STATUS: '', IMAGE: null, RESIDUE: 12, PRICE_DEALER: 4990, BOUGHT: null },
    { ID: 12, ARTICLE: 'БОТ200', NAME: 'Ботинки', PRICE: 3000, STATUS: '', IMAGE: null, RESIDUE: 0, PRICE_DEALER: 3000, BOUGHT: null },
  ],
  count: 2,
  total: 2,
  page: 1,
  filters: { inStock: 1, type: [], season: [], size: [], protection: [], standard: [], status: [], price: { min: 3000, max: 4990 } },
  without: [],
};

/** The server's prices per company: base for Петров, dealer for СпецСнаб. */
const PRICES: Record<string, Record<number, number>> = { petrov: { 11: 4320.25, 12: 2600 }, specsnab: { 11: 3650.5, 12: 2200 } };

function mockApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      const partner = url.searchParams.get('PARTNER') ?? '';
      const body =
        url.pathname === '/api/partners'
          ? [SPECSNAB, PETROV]
          : {
              PRICETYPE: { id: '', name: '' },
              PRICES: (url.searchParams.get('IDS') ?? '').split(',').map((id) => ({ ID: Number(id), PRICE: 0, PRICE_OPT: PRICES[partner]![Number(id)] })),
            };
      return new Response(JSON.stringify({ error: null, response: body }), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('catalogue cards', () => {
  it('show the company in use’s price as «Ваша цена» with the list price labelled «Розничная»', async () => {
    useCompanyInUseStore.getState().choose('petrov');
    const asked = mockApi();
    renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} />);
    const cards = screen.getAllByTestId('catalog-card');
    expect(await within(cards[0]!).findByTestId('card-own-price', {}, { timeout: 10_000 })).toHaveTextContent('4 320.25 ₽');
    expect(within(cards[0]!).getByText('Ваша цена')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('card-list-price')).toHaveTextContent('Розничная 4 990.00 ₽');
    expect(within(cards[1]!).getByTestId('card-own-price')).toHaveTextContent('2 600.00 ₽');
    expect(asked).toContain('/api/product/prices?IDS=11%2C12&PARTNER=petrov');
  });

  it('follow the company chosen on the page', async () => {
    useCompanyInUseStore.getState().choose('petrov');
    mockApi();
    const { container } = renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} />);
    expect(await screen.findAllByTestId('card-own-price', {}, { timeout: 10_000 })).toHaveLength(2);
    useCompanyInUseStore.getState().choose('specsnab');
    expect(await within(container).findByText('3 650.50 ₽', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem('company_in_use')).toBe('specsnab');
  });

  it('show the list price, labelled, until the company’s price is known', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} />);
    const [first] = screen.getAllByTestId('catalog-card');
    expect(within(first!).getByText('Розничная')).toBeInTheDocument();
    expect(within(first!).getByTestId('card-list-price')).toHaveTextContent('4 990.00 ₽');
    expect(within(first!).queryByTestId('card-own-price')).toBeNull();
  });
});
