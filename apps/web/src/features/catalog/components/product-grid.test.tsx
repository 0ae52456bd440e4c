import { screen, waitFor, within } from '@testing-library/react';
import { PRICE_TYPE } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompanyInUseStore } from '../../../shared/company-in-use';
import { testCompany, testMembership } from '../../../shared/testing/companies';
import { renderWithProviders } from '../../../shared/testing/render';
import type { CatalogPageView } from '../api/get-catalog-products';
import { ProductGrid } from './product-grid';

const SPECSNAB = testCompany('specsnab', 'Общество с ограниченной ответственностью «СпецСнаб»');
const PETROV = testCompany('petrov', 'Индивидуальный предприниматель Петров Алексей Викторович', PRICE_TYPE.BASE);

/** A page priced for Петров (base prices): PRICE_DEALER is his price, PRICE the list price. */
const page: CatalogPageView = {
  products: [
    { ID: 11, ARTICLE: 'КСТ105А', NAME: 'Костюм летний', PRICE: 4990, STATUS: '', IMAGE: null, RESIDUE: 12, PRICE_DEALER: 4320.25, PRICE_NET: 3888.23, BOUGHT: null },
    { ID: 12, ARTICLE: 'БОТ200', NAME: 'Ботинки', PRICE: 3000, STATUS: '', IMAGE: null, RESIDUE: 0, PRICE_DEALER: 2600, PRICE_NET: 2600, BOUGHT: null },
  ],
  count: 2,
  total: 2,
  page: 1,
  filters: { inStock: 1, type: [], season: [], size: [], protection: [], standard: [], status: [], price: { min: 3000, max: 4990 } },
  without: [],
  pricedFor: 'petrov',
};

/** The API of the company chooser (the grid's other calls are made by the screen, not by it). */
function mockApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      const body = url.pathname === '/api/partners' ? [SPECSNAB, PETROV] : null;
      return new Response(JSON.stringify({ error: null, response: body }), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('catalogue cards', () => {
  it('show the company in use’s price after its discount (PRICE_NET) as «Ваша цена» with the list price labelled «Розничная», from the page itself', async () => {
    useCompanyInUseStore.getState().choose('petrov');
    const asked = mockApi();
    renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} />);
    // The first row (one card in a narrow window) is drawn first, the other cards once it has painted.
    await waitFor(() => expect(screen.getAllByTestId('catalog-card')).toHaveLength(2));
    const cards = screen.getAllByTestId('catalog-card');
    expect(await within(cards[0]!).findByTestId('card-own-price', {}, { timeout: 10_000 })).toHaveTextContent('3 888.23 ₽');
    expect(within(cards[0]!).getByText('Ваша цена')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('card-list-price')).toHaveTextContent('Розничная 4 990.00 ₽');
    expect(within(cards[1]!).getByTestId('card-own-price')).toHaveTextContent('2 600.00 ₽');
    // The page carries the dealer's price: no second call for the cards' prices.
    expect(asked.filter((url) => url.startsWith('/api/product/prices'))).toEqual([]);
  });

  it('say which sizes their stock is of when a size filter is on (issue 37)', async () => {
    mockApi();
    renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} stockSizes={['42']} />);
    await waitFor(() => expect(screen.getAllByTestId('card-stock')).toHaveLength(2));
    const [inStock, none] = screen.getAllByTestId('card-stock');
    expect(inStock).toHaveTextContent('42: 12 шт.');
    expect(inStock).toHaveAttribute('title', 'На складе размера 42');
    expect(none).toHaveTextContent('под заказ');
  });

  it('show only the list price while the page on screen is another company’s', async () => {
    useCompanyInUseStore.getState().choose('petrov');
    mockApi();
    const { container } = renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('card-own-price')).toHaveLength(2), { timeout: 10_000 });
    useCompanyInUseStore.getState().choose('specsnab');
    await waitFor(() => expect(within(container).queryAllByTestId('card-own-price')).toHaveLength(0));
    expect(within(container).getAllByTestId('card-list-price')[0]).toHaveTextContent('4 990.00 ₽');
    expect(localStorage.getItem('company_in_use')).toBe('specsnab');
  });

  it('offer «Размеры» (where an order is typed in) to a role that orders, and not to an accountant of the company in use', async () => {
    const accountantOf = { ...SPECSNAB, uid: 'books', ...testMembership('accountant') };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: null, response: [PETROV, accountantOf] }), { status: 200 })),
    );
    const onSizes = vi.fn();
    useCompanyInUseStore.getState().choose('petrov');
    const { container } = renderWithProviders(<ProductGrid data={page} loading={false} onPage={() => {}} onSizes={onSizes} />);
    // Petrov's own prices show once the companies (and the role in each) are known.
    await screen.findAllByTestId('card-own-price', {}, { timeout: 10_000 });
    const sizes = await screen.findAllByRole('button', { name: /^Размеры / }, { timeout: 10_000 });
    sizes[0]!.click();
    expect(onSizes).toHaveBeenCalledWith(11);
    useCompanyInUseStore.getState().choose('books');
    await waitFor(() => expect(within(container).queryAllByRole('button', { name: /^Размеры / })).toHaveLength(0));
    // The card itself is all there: price and stock.
    expect(within(container).getAllByTestId('catalog-card')[0]).toHaveTextContent('КСТ105А');
    expect(within(container).getAllByTestId('card-stock')[0]).toHaveTextContent('12 шт.');
  });

  it('show the list price, labelled, without a company in use', () => {
    mockApi();
    renderWithProviders(<ProductGrid data={{ ...page, pricedFor: null }} loading={false} onPage={() => {}} />);
    const [first] = screen.getAllByTestId('catalog-card');
    expect(within(first!).getByText('Розничная')).toBeInTheDocument();
    expect(within(first!).getByTestId('card-list-price')).toHaveTextContent('4 990.00 ₽');
    expect(within(first!).queryByTestId('card-own-price')).toBeNull();
  });
});
