import type { TCatalogPage } from '@portal/contracts';
import { CATALOG_PAGE_MAX, CATALOG_PAGE_SIZE } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { SeasonSalePage } from './season-sale-page';

const LAST_PAGE = 3;

/** The server's sale: any page past the last is answered as the last (page 3 of 3). */
function mockApi() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      let body: unknown = [];
      if (url.pathname === '/api/content/season-sale') {
        const page: TCatalogPage = {
          products: [{ ID: 51, ARTICLE: 'ХЛТ151Б', NAME: 'Халат рабочий', PRICE: 900, STATUS: 'Outlet', IMAGE: null, RESIDUE: 4, PRICE_DEALER: 800, PRICE_NET: 800, BOUGHT: null }],
          count: 1,
          total: (LAST_PAGE - 1) * CATALOG_PAGE_SIZE + 1,
          page: Math.min(Number(url.searchParams.get('page') ?? '1'), LAST_PAGE),
          filters: { inStock: 51, type: [], season: [], size: [], protection: [], standard: [], status: [], price: { min: 900, max: 900 } },
          without: [],
        };
        body = page;
      }
      return new Response(JSON.stringify({ error: null, response: body }), { status: 200 });
    }),
  );
  return asked;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the season sale page', () => {
  it('shows the last page for an absurd page number in the address, and the address follows (issue 37)', async () => {
    const asked = mockApi();
    renderWithProviders(
      <>
        <SeasonSalePage />
        <Address />
      </>,
      { route: '/catalog/season-sale?page=99999999999' },
    );
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(`/catalog/season-sale?page=${LAST_PAGE}`));
    const sale = asked.filter((url) => url.pathname === '/api/content/season-sale');
    // Asked for the highest page the address can mean (never the absurd number the server refuses), then the last.
    expect(sale[0]!.searchParams.get('page')).toBe(String(CATALOG_PAGE_MAX));
    expect(await screen.findByRole('button', { name: `Страница ${LAST_PAGE}` })).toHaveAttribute('data-active', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Халат рабочий')).toBeInTheDocument();
  });

  it('offers no «В наличии» switch: the sale lists only what is in stock anyway (issue 37)', async () => {
    mockApi();
    renderWithProviders(<SeasonSalePage />, { route: '/catalog/season-sale' });
    const filters = await screen.findByTestId('catalog-filters');
    expect(within(filters).getByRole('group', { name: 'Ваша цена, ₽' })).toBeInTheDocument();
    expect(within(filters).queryByRole('checkbox', { name: /В наличии/ })).not.toBeInTheDocument();
  });
});
