import { blankOrder, type Position, type TOrderPayload, type TPricesChangedError } from '@portal/contracts';
import { addPositions } from '../model/working-order';
import { ORGANISATION, formatPrice } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { useOrderStore } from '../model/order-store';
import { OrderSummary } from './order-checkout';

const contracts = [{ organisation: ORGANISATION.FRO, discountPercent: 12 }];

/** A jacket of size 50 as the page priced it: 1 999.99 full, 12 % off → 1 759.99. */
const jacket: Position = {
  guid: 'jacket',
  article: 'КСТ105',
  product: { ID: '1', ARTICLE: 'КСТ105', NAME: 'Куртка', UID: 'jacket' },
  type: 'wear',
  status: '',
  weight: 1,
  volume: 0.01,
  characteristics: [
    { ID: 'o50', CHARACTERISTIC: '50', PRICE: 1759.99, fullprice: 1999.99, price_discount: 240, count: 5, RESIDUE: 10, MAX_DISCOUNT: 0, PPDATA: '', GUID: 'o50', ORGGUID: ORGANISATION.FRO, discount: 12 },
  ],
  count: 5,
  total: 0,
  total_discount: 0,
};

/** The server's order: the full price is 2 000 now, so 1 760.00 a unit. */
const serverOrder: TOrderPayload = {
  partner_id: 'specsnab',
  total: 8800,
  count: 1,
  position: [{ guid: 'jacket', characteristics: [{ guid: 'o50', orgguid: ORGANISATION.FRO, quantity: 5, price: 1760, fullprice: 2000, discount: 0.12 }] }],
  position_presail: [],
};

const conflict: TPricesChangedError = {
  code: 'PRICES_CHANGED',
  message: 'Заказ не отправлен: цены изменились.',
  order: serverOrder as TPricesChangedError['order'],
  changes: [
    {
      guid: 'o50',
      product_guid: 'jacket',
      article: 'КСТ105',
      characteristic: '50',
      quantity: 5,
      old_price: 1759.99,
      new_price: 1760,
      old_fullprice: 1999.99,
      new_fullprice: 2000,
      old_discount: 12,
      new_discount: 12,
      reason: 'list_price',
      reason_text: 'цена по прайсу 1 999.99 ₽ → 2 000.00 ₽',
    },
  ],
  totals: { old: 8799.95, new: 8800 },
};

/** A price as the screen reads it (toHaveTextContent folds the narrow no-break space into a space). */
const shown = (roubles: number) => formatPrice(roubles).replace(/\s/g, ' ');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Summary() {
  const order = useOrderStore((state) => state.order);
  return (
    <OrderSummary
      order={order}
      patch={useOrderStore.getState().patch}
      companies={[]}
      companiesLoading={false}
      companyChosen
      onChooseCompany={() => {}}
      contracts={[]}
      contract={undefined}
      contractOrderKopecks={0}
      deliveryKopecks={0}
      repricing={false}
      canSubmit
    />
  );
}

let posts: Array<{ body: unknown; key: string | null }>;

beforeEach(() => {
  localStorage.clear();
  useOrderStore.getState().replace({ ...addPositions({ ...blankOrder(), partner_id: 'specsnab' }, [jacket], contracts, 1_700_000_000_000), contracts });
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      posts.push({ body: JSON.parse(String(init?.body)), key: headers.get('idempotency-key') });
      return posts.length === 1
        ? json(409, { error: conflict, response: null })
        : json(200, { error: null, response: { id: 10042, message: 'Заказ № 10042 принят.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the prices-changed confirmation', () => {
  it('shows old and new prices, sums and totals side by side, and sends the server’s order when confirmed', async () => {
    renderWithProviders(<Summary />);
    expect(useOrderStore.getState().order.total).toBe(8799.95);
    fireEvent.click(screen.getByTestId('submit-order'));

    const dialog = await screen.findByRole('dialog', { name: 'Цены изменились' });
    const row = within(dialog).getByTestId('price-change');
    expect(row).toHaveTextContent('КСТ105 (50)');
    expect(row).toHaveTextContent('цена по прайсу 1 999.99 ₽ → 2 000.00 ₽');
    expect(row).toHaveTextContent('5 шт.');
    for (const figure of [1759.99, 1760, 8799.95, 8800]) expect(row).toHaveTextContent(shown(figure));
    expect(within(dialog).getByTestId('prices-changed-old-total')).toHaveTextContent(shown(8799.95));
    expect(within(dialog).getByTestId('prices-changed-new-total')).toHaveTextContent(shown(8800));
    expect(dialog).toHaveTextContent(`+${shown(0.05)}`);
    // Behind the dialog the order already shows what the server charges.
    expect(useOrderStore.getState().order.total).toBe(8800);

    fireEvent.click(within(dialog).getByTestId('confirm-new-prices'));
    await waitFor(() => expect(posts).toHaveLength(2));
    // Exactly the server's order, under the same key (the refused attempt stored nothing under it).
    expect(posts[1]!.body).toEqual(serverOrder);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    await waitFor(() => expect(useOrderStore.getState().order.position).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Цены изменились' })).not.toBeInTheDocument());
  });

  it('goes back to the order without sending anything when the dealer declines', async () => {
    renderWithProviders(<Summary />);
    fireEvent.click(screen.getByTestId('submit-order'));
    const dialog = await screen.findByRole('dialog', { name: 'Цены изменились' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Вернуться к заказу' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Цены изменились' })).not.toBeInTheDocument());
    expect(posts).toHaveLength(1);
    expect(useOrderStore.getState().order.position).toHaveLength(1);
    expect(useOrderStore.getState().order.total).toBe(8800);
  });
});
