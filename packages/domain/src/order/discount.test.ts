import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiscount } from './discount';
import { discountedKopecks } from './money';
import { fractionToPercent, percentToFraction } from './money';

const contracts = [
  { guid: 'fro', discount: 12 },
  { guid: 'es', discount: 7 },
];

describe('lineDiscount (spec §5)', () => {
  it('comes from the contract of the line organisation', () => {
    expect(lineDiscount({ status: '', maxDiscount: 0, orgGuid: 'fro', contracts })).toBe(12);
    expect(lineDiscount({ status: '', maxDiscount: 0, orgGuid: 'es', contracts })).toBe(7);
  });
  it('is zero without a contract with that organisation', () => {
    expect(lineDiscount({ status: '', maxDiscount: 0, orgGuid: 'other', contracts })).toBe(0);
  });
  it('is capped at MAX_DISCOUNT when that is non-zero', () => {
    expect(lineDiscount({ status: '', maxDiscount: 10, orgGuid: 'fro', contracts })).toBe(10);
    expect(lineDiscount({ status: '', maxDiscount: 20, orgGuid: 'fro', contracts })).toBe(12);
  });
  it.each(['Outlet', 'Discount', 'Activity'])('is zero for the status %s', (status) => {
    expect(lineDiscount({ status, maxDiscount: 0, orgGuid: 'fro', contracts })).toBe(0);
  });
  it('property: always within [0, cap] and zero for the no-discount statuses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 150 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('', 'Outlet', 'Discount', 'Activity', 'New'),
        (discount, cap, status) => {
          const result = lineDiscount({ status, maxDiscount: cap, orgGuid: 'x', contracts: [{ guid: 'x', discount }] });
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(100);
          if (cap > 0) expect(result).toBeLessThanOrEqual(cap);
          if (['Outlet', 'Discount', 'Activity'].includes(status)) expect(result).toBe(0);
        },
      ),
    );
  });
});

describe('the discounted price and the fraction form', () => {
  it('prices to the kopeck', () => {
    expect(discountedKopecks(199_999, 12)).toBe(175_999);
    expect(discountedKopecks(10, 50)).toBe(5);
    // The discount is rounded half away from zero and taken off: 5 % of 2 979.90 is 148.995 → 149.00.
    expect(discountedKopecks(297_990, 5)).toBe(283_090);
  });
  it('is kept as a percent and sent as a fraction', () => {
    expect(percentToFraction(12)).toBe(0.12);
    expect(percentToFraction(12.5)).toBe(0.125);
    expect(fractionToPercent(0.07)).toBe(7);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(fractionToPercent(percentToFraction(bp / 100))).toBe(bp / 100);
      }),
    );
  });
});
