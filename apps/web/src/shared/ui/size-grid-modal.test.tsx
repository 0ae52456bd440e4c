import { screen } from '@testing-library/react';
import type { TProductSearchResult } from '@portal/contracts';
import { ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCompany, testMembership } from '../testing/companies';
import { renderWithProviders } from '../testing/render';
import { SizeGridModal } from './size-grid-modal';

const SUIT: TProductSearchResult = {
  PRODUCT: {
    ID: 11, UID: 'u11', NAME: 'Костюм летний «Профи»', TYPE: 'wear', ARTICLE: 'КСТ105А', PRICE: 4990, PRICE_OPT: 3650.5, PRICE_NET: 3285.45,
    WEIGHT: 1, VALUME: 0.01, DETAIL_TEXT: '', STATUS: '', VIDEO: null, CHARACTERISTICS: [], MAX_DISCOUNT: 0,
  },
  OFFERS: [
    { ID: 1, CHARACTERISTIC: '48-50/170-176', RESIDUE: 5, PRICE: 3650.5, PRICE_LIST: 4990, PRICE_NET: 3285.45, PPDATA: '', GUID: 'o1', ORGGUID: ORGANISATION.FRO },
  ],
  FOUND: [],
  IMAGES: [],
  PROTECT: '',
  VIDEO: null,
  PRICETYPE: { id: PRICE_TYPE.DEALER, name: 'Дилерская' },
};

function answerSearches() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname === '/api/product/search' ? SUIT : null;
      return new Response(JSON.stringify({ error: null, response: body }), { status: 200 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SizeGridModal and the role in the company in use', () => {
  it('an administrator types quantities and sees «Добавить в заказ»', async () => {
    answerSearches();
    const company = { ...testCompany('specsnab', 'ООО «СпецСнаб»'), ...testMembership('admin') };
    renderWithProviders(<SizeGridModal productId={11} company={company} onClose={() => {}} />);
    expect(await screen.findByRole('table', { name: 'Размерная сетка' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Количество, размер 48-50/170-176')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить в заказ' })).toBeInTheDocument();
  });

  it('an accountant sees sizes, stock and prices, but neither quantities nor «Добавить в заказ», and is told why', async () => {
    answerSearches();
    const company = { ...testCompany('specsnab', 'ООО «СпецСнаб»'), ...testMembership('accountant') };
    renderWithProviders(<SizeGridModal productId={11} company={company} onClose={() => {}} />);
    expect(await screen.findByRole('table', { name: 'Размерная сетка' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('size-own-price')).toHaveTextContent('3 285.45 ₽');
    expect(screen.queryByLabelText('Количество, размер 48-50/170-176')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить в заказ' })).toBeNull();
    expect(screen.getByTestId('size-grid-role-refusal')).toHaveTextContent('Ваша роль «Бухгалтер» не позволяет');
  });
});
