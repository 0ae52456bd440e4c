import { screen, within } from '@testing-library/react';
import type { TProductSearchResult } from '@portal/contracts';
import { ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompanyInUseStore } from '../../shared/company-in-use';
import { testCompany } from '../../shared/testing/companies';
import { renderWithProviders } from '../../shared/testing/render';
import { ProductPage } from './product-page';

const SPECSNAB = testCompany('specsnab', 'Общество с ограниченной ответственностью «СпецСнаб»');
const PETROV = testCompany('petrov', 'Индивидуальный предприниматель Петров Алексей Викторович', PRICE_TYPE.BASE);

/** The server's answer for a company: base prices for Петров, dealer prices for СпецСнаб. */
function resultFor(partner: string | null, pack: Pick<TProductSearchResult['PRODUCT'], 'WEIGHT' | 'VALUME'>): TProductSearchResult {
  const base = partner === 'petrov';
  return {
    PRODUCT: {
      ID: 11, UID: 'u11', NAME: 'Костюм летний «Профи»', TYPE: 'wear', ARTICLE: 'КСТ105А', PRICE: 4990, PRICE_OPT: base ? 4320.25 : 3650.5,
      // «Ваша цена» after a 10 % contract discount.
      PRICE_NET: base ? 3888.23 : 3285.45,
      ...pack, DETAIL_TEXT: '', STATUS: '', VIDEO: null, CHARACTERISTICS: [], MAX_DISCOUNT: 0,
    },
    OFFERS: [
      { ID: 1, CHARACTERISTIC: '48-50/170-176', RESIDUE: 5, PRICE: base ? 4320.25 : 3650.5, PRICE_LIST: 4990, PPDATA: '', GUID: 'o1', ORGGUID: ORGANISATION.FRO },
      { ID: 2, CHARACTERISTIC: '60-62/182-188', RESIDUE: 0, PRICE: base ? 4502.78 : 3833.03, PRICE_LIST: 5172.53, PRICE_NET: base ? 4052.5 : 3449.73, PPDATA: '', GUID: 'o2', ORGGUID: ORGANISATION.FRO },
    ],
    FOUND: [],
    IMAGES: [],
    PROTECT: '',
    VIDEO: null,
    PRICETYPE: base ? { id: PRICE_TYPE.BASE, name: 'Базовая' } : { id: PRICE_TYPE.DEALER, name: 'Дилерская' },
  };
}

function mockApi(pack = { WEIGHT: 1, VALUME: 0.01 }) {
  const searches: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      let body: unknown = null;
      if (url.pathname === '/api/partners') body = [SPECSNAB, PETROV];
      if (url.pathname === '/api/product/search') {
        searches.push(url.searchParams.get('PARTNER'));
        body = resultFor(url.searchParams.get('PARTNER'), pack);
      }
      return new Response(JSON.stringify({ error: null, response: body }), { status: 200 });
    }),
  );
  return searches;
}

afterEach(() => vi.unstubAllGlobals());

const renderProduct = () =>
  renderWithProviders(
    <Routes>
      <Route path="/product/:article?" element={<ProductPage />} />
    </Routes>,
    { route: '/product/КСТ105А' },
  );

describe('ProductPage prices', () => {
  it('a base-price company in use sees its price after the contract discount as «Ваша цена», the base price it comes from, and «Розничная» beside them', async () => {
    useCompanyInUseStore.getState().choose('petrov');
    const searches = mockApi();
    renderProduct();
    expect(await screen.findByTestId('user-price', {}, { timeout: 10_000 })).toHaveTextContent('3 888.23 ₽');
    expect(screen.getByText('Ваша цена', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByTestId('user-price-basis')).toHaveTextContent('базовая цена 4 320.25 ₽ за вычетом скидки по договору');
    expect(screen.getByTestId('list-price')).toHaveTextContent('4 990.00 ₽');
    expect(screen.getByText('Розничная', { selector: 'p' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('offer-row');
    expect(within(rows[1]!).getByTestId('offer-own-price')).toHaveTextContent('4 052.50 ₽');
    expect(within(rows[1]!).getByTestId('offer-list-price')).toHaveTextContent('5 172.53 ₽');
    // Asked once, for the company in use (never first for someone else's prices).
    expect(searches).toEqual(['petrov']);
  });
});

describe('ProductPage pack weight and volume', () => {
  const packRow = async () => {
    const properties = await screen.findByRole('table', { name: 'Свойства товара' }, { timeout: 10_000 });
    return within(properties).getByRole('row', { name: /Вес \/ объём упаковки/ });
  };

  it('shows the pack’s weight and volume when 1C gave them', async () => {
    useCompanyInUseStore.getState().choose('specsnab');
    mockApi({ WEIGHT: 1.2, VALUME: 0.01 });
    renderProduct();
    expect(await packRow()).toHaveTextContent('1.2 кг / 0.01 м³');
  });

  it('says «не указаны» for a good with neither, instead of a pack of 0 kg and 0 m³', async () => {
    useCompanyInUseStore.getState().choose('specsnab');
    mockApi({ WEIGHT: 0, VALUME: 0 });
    renderProduct();
    const row = await packRow();
    expect(row).toHaveTextContent('не указаны');
    expect(row).not.toHaveTextContent('кг');
  });
});
