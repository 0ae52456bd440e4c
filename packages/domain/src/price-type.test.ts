import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORGANISATION, PRICE_TYPE } from './constants';
import { contractPriceType, isPriceType, offerPriceForType, productPriceForType } from './price-type';

const product = { price: 4990, priceOpt: 3650.5 };

describe('prices by price type', () => {
  it('answers the list price to Default, PRICE_OPT to Dealer and the midpoint to Base', () => {
    expect(productPriceForType(product, PRICE_TYPE.DEFAULT)).toBe(4990);
    expect(productPriceForType(product, PRICE_TYPE.DEALER)).toBe(3650.5);
    expect(productPriceForType(product, PRICE_TYPE.BASE)).toBe(4320.25);
  });

  it('carries an offer surcharge over PRICE_OPT to every price type, to the kopeck', () => {
    expect(offerPriceForType(product, 3650.5, PRICE_TYPE.DEALER)).toBe(3650.5);
    expect(offerPriceForType(product, 3833.03, PRICE_TYPE.DEALER)).toBe(3833.03);
    expect(offerPriceForType(product, 3833.03, PRICE_TYPE.DEFAULT)).toBe(5172.53);
    expect(offerPriceForType({ price: 0.3, priceOpt: 0.1 }, 0.2, PRICE_TYPE.BASE)).toBe(0.3);
  });

  it('orders the types Dealer ≤ Base ≤ Default when the list price is not below PRICE_OPT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (a, b) => {
        const p = { price: Math.max(a, b) / 100, priceOpt: Math.min(a, b) / 100 };
        const dealer = productPriceForType(p, PRICE_TYPE.DEALER);
        const base = productPriceForType(p, PRICE_TYPE.BASE);
        const list = productPriceForType(p, PRICE_TYPE.DEFAULT);
        expect(dealer).toBeLessThanOrEqual(base);
        expect(base).toBeLessThanOrEqual(list);
        expect(Number(base.toFixed(2))).toBe(base);
      }),
    );
  });

  it('knows the price types', () => {
    expect(isPriceType(PRICE_TYPE.BASE)).toBe(true);
    expect(isPriceType('')).toBe(true);
    expect(isPriceType('x')).toBe(false);
  });
});

describe('contractPriceType', () => {
  const contracts = [
    { guid: ORGANISATION.FRO, pricetype: PRICE_TYPE.BASE },
    { guid: ORGANISATION.ES, pricetype: PRICE_TYPE.DEALER },
  ];
  it('takes the type of the contract with the organisation that ships the goods', () => {
    expect(contractPriceType(contracts, ORGANISATION.ES)).toBe(PRICE_TYPE.DEALER);
    expect(contractPriceType(contracts, ORGANISATION.FRO)).toBe(PRICE_TYPE.BASE);
  });
  it('falls back to the first contract, and to list prices without contracts or for an unknown type', () => {
    expect(contractPriceType(contracts)).toBe(PRICE_TYPE.BASE);
    expect(contractPriceType(contracts, 'other-organisation')).toBe(PRICE_TYPE.BASE);
    expect(contractPriceType([])).toBe(PRICE_TYPE.DEFAULT);
    expect(contractPriceType([{ guid: ORGANISATION.FRO, pricetype: 'special' }], ORGANISATION.FRO)).toBe(PRICE_TYPE.DEFAULT);
  });
});
