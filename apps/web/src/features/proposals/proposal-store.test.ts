import type { TProductSearchResult } from '@portal/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasPickedLine, itemsFromPositions, startProposalFromPositions, useProposalStore } from './proposal-store';
import { buildProposalRequest, stepProblems } from './lib/proposal-payload';
import { atTodaysPrices } from './lib/todays-prices';

const jacket = { guid: 'uid-jacket', article: 'КРТ-2', name: 'Куртка', image: null };
const size48 = { guid: 'offer-48', characteristic: '48-50', fullprice: 1000, residue: 5 };
const size52 = { guid: 'offer-52', characteristic: '52-54', fullprice: 1100, residue: 0 };

beforeEach(() => {
  localStorage.clear();
  useProposalStore.getState().reset();
});

describe('picking lines (spec §5 «Proposal and lines»)', () => {
  it('starts at step 1 with nothing picked, and going on needs a line above 0', () => {
    const state = useProposalStore.getState();
    expect(state.step).toBe(1);
    expect(state.format).toBe('PDF');
    expect(stepProblems(1, state)).toEqual(['Выберите хотя бы одну позицию с количеством больше 0.']);
  });

  it('picking sets the count to 1, unpicking to 0, and a count above 0 counts as picked', () => {
    const { setLineQuantity } = useProposalStore.getState();
    setLineQuantity(jacket, size48, 1);
    expect(useProposalStore.getState().items[0]!.lines).toEqual([{ ...size48, quantity: 1 }]);
    expect(hasPickedLine(useProposalStore.getState().items)).toBe(true);
    setLineQuantity(jacket, size48, 0);
    expect(useProposalStore.getState().items[0]!.lines[0]!.quantity).toBe(0);
    expect(hasPickedLine(useProposalStore.getState().items)).toBe(false);
    setLineQuantity(jacket, size52, 4);
    expect(hasPickedLine(useProposalStore.getState().items)).toBe(true);
  });

  it('does not add a product for a zero count', () => {
    useProposalStore.getState().setLineQuantity(jacket, size48, 0);
    expect(useProposalStore.getState().items).toEqual([]);
  });
});

describe('startProposalFromPositions (the drafts modal)', () => {
  it('copies the positions of a draft, merging the stock and pre-sale parts of a line, and opens step 2', () => {
    startProposalFromPositions([
      {
        guid: 'uid-jacket',
        article: 'КРТ-2',
        product: { ID: '7', ARTICLE: 'КРТ-2', NAME: 'Куртка', UID: 'uid-jacket' },
        characteristics: [
          { GUID: 'offer-48', CHARACTERISTIC: '48-50', count: 2, fullprice: 1000, RESIDUE: 2 },
          { GUID: 'offer-52', CHARACTERISTIC: '52-54', count: 0, fullprice: 1100 },
        ],
      },
      { guid: 'uid-jacket', characteristics: [{ GUID: 'offer-48', CHARACTERISTIC: '48-50', count: 3, fullprice: 1000 }] },
      // The order payload's spelling works too.
      { guid: 'uid-boots', characteristics: [{ guid: 'uid-boots', quantity: 1 }] },
    ]);
    const state = useProposalStore.getState();
    expect(state.step).toBe(2);
    expect(state.items).toHaveLength(2);
    expect(state.items[0]).toMatchObject({ guid: 'uid-jacket', name: 'Куртка', article: 'КРТ-2', markup: { kind: 'percent', value: 0 } });
    expect(state.items[0]!.lines).toEqual([{ guid: 'offer-48', characteristic: '48-50', quantity: 5, fullprice: 1000, savedprice: 1000, residue: 2 }]);
    // The draft's prices are replaced by today's before any step shows them.
    expect(state.needsTodaysPrices).toBe(true);
    expect(state.items[1]!.lines[0]!.quantity).toBe(1);
    // The draft keeps the product's id: its main picture; a position without one has none.
    expect(state.items[0]!.image).toBe('/api/content/products/7/image');
    expect(state.items[1]!.image).toBeNull();
  });

  it('drops positions without any counted line', () => {
    expect(itemsFromPositions([{ guid: 'x', characteristics: [{ GUID: 'o', count: 0 }] }])).toEqual([]);
  });
});

describe('the request', () => {
  it('sends only lines above 0, the markup, and no values of switched-off conditions', () => {
    const store = useProposalStore.getState();
    store.setLineQuantity(jacket, size48, 2);
    store.setLineQuantity(jacket, size52, 1);
    store.setLineQuantity(jacket, size52, 0);
    store.setMarkup('uid-jacket', { kind: 'fixed', value: -100, add_sum: 30 });
    store.setOffer({ executorUID: 'company-1', customer: '  ООО «Ромашка» ' });
    store.setAdditionally({ delay: false, delayWorkValue: 10, prepayment: true, prepaymentValue: 50 });
    const request = buildProposalRequest(useProposalStore.getState(), 'ООО «СпецСнаб»');
    expect(request.offer.customer).toBe('ООО «Ромашка»');
    expect(request.offer.position).toEqual([
      { guid: 'uid-jacket', characteristics: [{ guid: 'offer-48', quantity: 2 }], markup: { kind: 'fixed', value: -100, add_sum: 30 } },
    ]);
    expect(request.additionally).toMatchObject({ delay: false, delayWorkValue: null, delayCalendarValue: null, prepayment: true, prepaymentValue: 50 });
    expect(request.as).toBe('PDF');
    expect(request.portrait).toBe(true);
  });

  it('names a price that falls below zero and a bad customer INN', () => {
    const store = useProposalStore.getState();
    store.setLineQuantity(jacket, size48, 1);
    store.setMarkup('uid-jacket', { kind: 'fixed', value: -1001, add_sum: 0 });
    store.setOffer({ executorUID: 'c', customer: 'ИП Иванов', customerInn: '7707083894' });
    const problems = stepProblems(3, useProposalStore.getState());
    expect(problems).toContain('Цена позиции «Куртка» после скидки получается меньше нуля: уменьшите скидку.');
    expect(problems.some((problem) => problem.startsWith('ИНН заказчика: Контрольная сумма'))).toBe(true);
  });
});

describe('a proposal from a draft at today\'s prices', () => {
  it('re-prices every line from today\'s catalogue, drops lines no longer sold and says what changed', () => {
    const items = itemsFromPositions([
      {
        guid: 'uid-jacket',
        article: 'КРТ-2',
        characteristics: [
          { GUID: 'offer-48', CHARACTERISTIC: '48-50', count: 2, fullprice: 1900 },
          { GUID: 'offer-52', CHARACTERISTIC: '52-54', count: 1, fullprice: 2000 },
        ],
      },
    ]);
    const today = {
      PRODUCT: { ID: 7, UID: 'uid-jacket', ARTICLE: 'КРТ-2', NAME: 'Куртка', PRICE: 2800, PRICE_OPT: 2059.9 },
      OFFERS: [{ ID: 1, CHARACTERISTIC: '48-50', RESIDUE: 4, PRICE: 2059.9, PPDATA: '', GUID: 'offer-48', ORGGUID: 'fro' }],
    } as unknown as TProductSearchResult;
    const priced = atTodaysPrices(items, new Map([['uid-jacket', today]]));
    expect(priced.items[0]!.lines).toEqual([
      { guid: 'offer-48', characteristic: '48-50', quantity: 2, fullprice: 2059.9, retailprice: 2800, residue: 4, savedprice: undefined },
    ]);
    expect(priced.changes).toEqual([
      'КРТ-2 (48-50): цена изменилась с 1\u202f900.00 ₽ на 2\u202f059.90 ₽.',
      'КРТ-2 (52-54): товар больше не продаётся — строка убрана.',
    ]);
  });
});
