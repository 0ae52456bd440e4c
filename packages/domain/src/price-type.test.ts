import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORGANISATION, PRICE_TYPE } from './constants';
import { contractPriceType, isPriceType, offerPriceForType, priceKopecksForHalves, priceTypeHalves, productPriceForType } from './price-type';

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

  it('prices in kopecks by halves, rounding the half kopeck up, as the price types do', () => {
    expect(priceKopecksForHalves(499000, 365050, priceTypeHalves(PRICE_TYPE.BASE))).toBe(432025);
    expect(priceKopecksForHalves(30, 11, { listHalves: 1, dealerHalves: 1 })).toBe(21);
    expect(priceKopecksForHalves(30, 11, priceTypeHalves(PRICE_TYPE.DEALER))).toBe(11);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (list, dealer) => {
        for (const type of [PRICE_TYPE.DEFAULT, PRICE_TYPE.DEALER, PRICE_TYPE.BASE]) {
          const kopecks = priceKopecksForHalves(list, dealer, priceTypeHalves(type));
          expect(kopecks / 100).toBe(productPriceForType({ price: list / 100, priceOpt: dealer / 100 }, type));
        }
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
