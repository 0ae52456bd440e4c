import { describe, expect, it } from 'vitest';
import { isPlaceholderOffer, offersOrPlaceholder, PREORDER_ONLY_LABEL } from './product-offers';

const offer = { ID: 7, CHARACTERISTIC: '44', RESIDUE: 3, PRICE: 100, PPDATA: '', GUID: 'g', ORGGUID: 'o' };

describe('offersOrPlaceholder', () => {
  it('keeps the offers a product has', () => {
    expect(offersOrPlaceholder([offer], { PRICE_OPT: 90 })).toEqual([offer]);
  });

  it('shows one «Только под заказ» offer with zero stock at PRICE_OPT when there are none', () => {
    const [placeholder, ...rest] = offersOrPlaceholder([], { PRICE_OPT: 1234.5 });
    expect(rest).toEqual([]);
    expect(placeholder).toMatchObject({ CHARACTERISTIC: PREORDER_ONLY_LABEL, RESIDUE: 0, PRICE: 1234.5 });
    expect(isPlaceholderOffer(placeholder!)).toBe(true);
    expect(isPlaceholderOffer(offer)).toBe(false);
  });
});
