/**
 * An order sent again instead of a rejected one «На согласовании»: the checkout says which one it replaces, the submit
 * carries that approval's number, and the dealer may send it without the link (the rejected one then stays listed).
 */
import { blankOrder, type Position } from '@portal/contracts';
import { ORGANISATION } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { useOrderStore } from '../model/order-store';
import { addPositions } from '../model/working-order';
import { OrderSummary } from './order-checkout';

const contracts = [{ organisation: ORGANISATION.FRO, discountPercent: 0 }];
const jacket: Position = {
  guid: 'jacket',
  article: 'КСТ105',
  product: { ID: '1', ARTICLE: 'КСТ105', NAME: 'Куртка', UID: 'jacket' },
  type: 'wear',
  status: '',
  weight: 1,
  volume: 0.01,
  characteristics: [
    { ID: 'o50', CHARACTERISTIC: '50', PRICE: 2000, fullprice: 2000, price_discount: 0, count: 3, RESIDUE: 10, MAX_DISCOUNT: 0, PPDATA: '', GUID: 'o50', ORGGUID: ORGANISATION.FRO, discount: 0 },
  ],
  count: 3,
  total: 0,
  total_discount: 0,
};

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

let bodies: Array<Record<string, unknown>>;

beforeEach(() => {
  localStorage.clear();
  const order = addPositions({ ...blankOrder(), partner_id: 'specsnab' }, [jacket], contracts, 1_700_000_000_000);
  useOrderStore.getState().replace({ ...order, contracts, replaces_approval: 7 });
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const answer = { id: 0, approval: 8, message: 'Заказ отправлен на согласование администратору.' };
      return new Response(JSON.stringify({ error: null, response: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('an order sent instead of a rejected one', () => {
  it('says which one it replaces and sends that approval’s number with the order; the sent order leaves no link behind', async () => {
    renderWithProviders(<Summary />);
    expect(screen.getByTestId('order-replaces')).toHaveTextContent('Отправляется вместо отклонённого заказа на согласовании № 7');
    fireEvent.click(screen.getByTestId('submit-order'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ partner_id: 'specsnab', replaces_approval: 7 });
    await waitFor(() => expect(useOrderStore.getState().order.position).toEqual([]));
    expect(useOrderStore.getState().order.replaces_approval).toBeUndefined();
  });

  it('is sent without the link when the dealer keeps the rejected one in the list', async () => {
    renderWithProviders(<Summary />);
    fireEvent.click(screen.getByRole('button', { name: 'Оставить его в списке' }));
    expect(screen.queryByTestId('order-replaces')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-order'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('replaces_approval');
  });
});
