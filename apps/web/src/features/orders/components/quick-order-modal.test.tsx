import type { TProductSearchResult } from '@portal/contracts';
import { ORDER_LINE_QUANTITY_MAX, ORGANISATION, PRICE_TYPE } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/testing/render';
import { useOrderStore } from '../model/order-store';
import { QuickOrderModal } from './quick-order-modal';

const SIZE = '182-188/104-108';

/** The catalogue's answer for ПКБ100-А, whatever form of the article was asked (the server forgives as the domain does). */
const jacket: TProductSearchResult = {
  PRODUCT: {
    ID: 7, UID: 'pkb-100a', NAME: 'Куртка летняя', TYPE: 'wear', ARTICLE: 'ПКБ100-А', PRICE: 2000, PRICE_OPT: 1800, PRICE_NET: 1800, WEIGHT: 1, VALUME: 1,
    DETAIL_TEXT: '', STATUS: '', VIDEO: null, CHARACTERISTICS: [], MAX_DISCOUNT: 0,
  },
  OFFERS: [{ ID: 71, CHARACTERISTIC: SIZE, RESIDUE: 10, PRICE: 1800, PPDATA: '', GUID: 'offer-71', ORGGUID: ORGANISATION.FRO }],
  FOUND: [],
  IMAGES: [],
  PROTECT: '',
  VIDEO: null,
  PRICETYPE: { id: PRICE_TYPE.DEALER, name: 'Дилерская' },
};

// The list box grows with its text and listens for web fonts loading, which jsdom has no list of.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

vi.mock('../../../shared/api/search-product', () => ({ searchProduct: vi.fn(async () => jacket) }));

const units = () => {
  const { order } = useOrderStore.getState();
  return [...order.position, ...order.position_presail].flatMap((position) => position.characteristics).reduce((sum, line) => sum + line.count, 0);
};

function openModal() {
  const onAdd = vi.fn((positions: Parameters<ReturnType<typeof useOrderStore.getState>['add']>[0]) => useOrderStore.getState().add(positions));
  renderWithProviders(<QuickOrderModal opened onClose={() => undefined} onAdd={onAdd} contracts={[]} />);
  return onAdd;
}

async function type(text: string) {
  fireEvent.change(await screen.findByLabelText('Список товаров'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('quick-order-submit'));
}

async function submit(text: string) {
  await type(text);
  return screen.findByTestId('quick-order-problems');
}

describe('QuickOrderModal never claims what it did not do (issue 37)', () => {
  it('lists a quantity past the line limit as a problem with the reason and counts only what was added', async () => {
    useOrderStore.getState().reset();
    const onAdd = openModal();
    const problems = await submit(`ПКБ100А ${SIZE} 99999999999\nПКБ 100А ${SIZE} 3`);
    expect(problems).toHaveTextContent('Добавлено в заказ: 3 шт. Не добавлено строк: 1');
    expect(within(problems).getByText(/Строка 1/).closest('li')).toHaveTextContent(/99999999999 слишком велико — укажите не больше 100\s000 шт\./);
    expect(units()).toBe(3);
    expect(onAdd).toHaveBeenCalledTimes(1);
    // Only the line to fix stays in the box.
    expect(screen.getByLabelText('Список товаров')).toHaveValue(`ПКБ100А ${SIZE} 99999999999`);
  });

  it('does not add a size whose total with what the order holds would pass the limit, and says so', async () => {
    useOrderStore.getState().reset();
    const onAdd = openModal();
    await type(`ПКБ100А ${SIZE} ${ORDER_LINE_QUANTITY_MAX - 1}`);
    await waitFor(() => expect(units()).toBe(ORDER_LINE_QUANTITY_MAX - 1));
    // Written with Latin look-alikes and a space: the same article and size, found as the domain forgives.
    const problems = await submit(`ПKБ 100-A ${SIZE} 5`);
    expect(problems).toHaveTextContent('Добавлено в заказ: 0 шт. Не добавлено строк: 1');
    expect(problems).toHaveTextContent(`В заказе уже ${ORDER_LINE_QUANTITY_MAX - 1} шт. ПКБ100-А ${SIZE}`);
    expect(units()).toBe(ORDER_LINE_QUANTITY_MAX - 1);
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
