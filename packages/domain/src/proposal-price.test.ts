import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NO_MARKUP,
  PROPOSAL_AMOUNT_MIN,
  proposalLinePrice,
  proposalMarkupProblem,
  proposalTotals,
  proposalUnitPrice,
  proposalUnitPriceKopecks,
} from './proposal-price';

describe('proposalUnitPrice', () => {
  it('adds a percent markup of the full price', () => {
    expect(proposalUnitPrice(1000, { kind: 'percent', value: 15 })).toBe(1150);
  });
  it('takes a percent discount (a negative value) off the full price', () => {
    expect(proposalUnitPrice(1000, { kind: 'percent', value: -10 })).toBe(900);
  });
  it('keeps fractional percents exact and rounds to the kopeck', () => {
    expect(proposalUnitPrice(1234.56, { kind: 'percent', value: 12.5 })).toBe(1388.88);
    // 333.33 × 1 % = 3.3333 → 3.33
    expect(proposalUnitPrice(333.33, { kind: 'percent', value: 1 })).toBe(336.66);
  });
  it('adds a fixed markup and takes a fixed discount', () => {
    expect(proposalUnitPrice(1500, { kind: 'fixed', value: 250.5 })).toBe(1750.5);
    expect(proposalUnitPrice(1500, { kind: 'fixed', value: -499.99 })).toBe(1000.01);
  });
  it('adds the optional added sum after the percent or the fixed amount', () => {
    expect(proposalUnitPrice(1000, { kind: 'percent', value: -10, add_sum: 50 })).toBe(950);
    expect(proposalUnitPrice(1000, { kind: 'fixed', value: 100, add_sum: -30 })).toBe(1070);
  });
  it('leaves the price as it is with no change', () => {
    expect(proposalUnitPrice(789.1, { kind: 'percent', value: 0, add_sum: 0 })).toBe(789.1);
  });
  it('never drifts by floating point: 0.1 + 0.2 style amounts stay exact', () => {
    expect(proposalUnitPrice(0.1, { kind: 'fixed', value: 0.2 })).toBe(0.3);
  });
});

describe('proposalMarkupProblem', () => {
  it('accepts the lower bound itself', () => {
    expect(proposalMarkupProblem(2_000_000, { kind: 'fixed', value: PROPOSAL_AMOUNT_MIN })).toBeNull();
    expect(proposalMarkupProblem(2_000_000, { kind: 'fixed', value: 0, add_sum: PROPOSAL_AMOUNT_MIN })).toBeNull();
  });
  it('refuses a discount or an added sum below -1,000,000', () => {
    expect(proposalMarkupProblem(5_000_000, { kind: 'fixed', value: -1_000_000.01 })).toMatch(/меньше -1\s000\s000/);
    expect(proposalMarkupProblem(5_000_000, { kind: 'fixed', value: 0, add_sum: -1_000_001 })).toMatch(/Добавленная сумма/);
  });
  it('refuses a discount that makes the price negative, naming the position', () => {
    expect(proposalMarkupProblem(100, { kind: 'fixed', value: -101 }, 'позиции «Куртка»')).toBe(
      'Цена позиции «Куртка» после скидки получается меньше нуля: уменьшите скидку.',
    );
    expect(proposalMarkupProblem(100, { kind: 'percent', value: -100 })).toBeNull();
    expect(proposalMarkupProblem(100, { kind: 'percent', value: -100.5 })).not.toBeNull();
  });
  it('refuses a markup above 10 000 %', () => {
    expect(proposalMarkupProblem(100, { kind: 'percent', value: 10_000 })).toBeNull();
    expect(proposalMarkupProblem(100, { kind: 'percent', value: 10_000.01 })).toMatch(/10\s000 %/);
  });
  it('refuses what is not a number', () => {
    expect(proposalMarkupProblem(100, { kind: 'percent', value: Number.NaN })).toMatch(/числом/);
  });
});

describe('proposal lines and totals', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(proposalLinePrice({ fullPrice: 999.99, quantity: 3, markup: { kind: 'percent', value: -10 } })).toEqual({
      fullPrice: 999.99,
      price: 899.99,
      crossedRetailPrice: null,
      fullSum: 2999.97,
      sum: 2699.97,
    });
  });
  it('crosses out retail only on a line the dealer discounted to below retail — never the dealer price', () => {
    // −10 % is 900, below retail 1400: retail crossed out (the dealer's own 1000 never shows).
    expect(proposalLinePrice({ fullPrice: 1000, retailPrice: 1400, quantity: 1, markup: { kind: 'percent', value: -10 } }).crossedRetailPrice).toBe(1400);
    // +30 % is 1300, still below retail, but a markup is not a discount: nothing crossed out.
    expect(proposalLinePrice({ fullPrice: 1000, retailPrice: 1400, quantity: 1, markup: { kind: 'percent', value: 30 } }).crossedRetailPrice).toBeNull();
    // No discount set, the dealer price below retail: nothing crossed out either.
    expect(proposalLinePrice({ fullPrice: 1000, retailPrice: 1400, quantity: 1, markup: NO_MARKUP }).crossedRetailPrice).toBeNull();
    // A discount that leaves the price above retail: nothing to cross out.
    expect(proposalLinePrice({ fullPrice: 1000, retailPrice: 800, quantity: 1, markup: { kind: 'percent', value: -10 } }).crossedRetailPrice).toBeNull();
    expect(proposalLinePrice({ fullPrice: 1000, quantity: 1, markup: { kind: 'percent', value: -10 } }).crossedRetailPrice).toBeNull();
  });
  it("counts as the customer's discount only what the dealer took off its price", () => {
    const totals = proposalTotals(
      [
        { fullPrice: 1000, retailPrice: 1200, quantity: 2, markup: { kind: 'percent', value: -10 } },
        { fullPrice: 500, retailPrice: 550, quantity: 1, markup: { kind: 'fixed', value: 100 } },
      ],
      22,
    );
    // 2 × 100 off; the +100 markup is neither a discount nor netted against it. VAT 22/122 of 2 400.00 = 432.79.
    expect(totals).toEqual({ fullTotal: 2500, total: 2400, discount: 200, vat: 432.79, vatPercent: 22, count: 3 });
  });
  it('shows no discount when none was set, even below retail, and none for a markup', () => {
    const lines = [{ fullPrice: 69_567, retailPrice: 139_134, quantity: 1, markup: NO_MARKUP }];
    expect(proposalTotals(lines, 22).discount).toBe(0);
    expect(proposalTotals([{ ...lines[0]!, markup: { kind: 'percent', value: 10 } }], 22).discount).toBe(0);
    // A markup and a bigger negative added sum leave the price below the dealer's: that net reduction is the discount.
    expect(proposalTotals([{ ...lines[0]!, quantity: 2, markup: { kind: 'fixed', value: 100, add_sum: -300 } }], 22).discount).toBe(400);
  });
  it('taxes the total at the rate given, rounded once; a seller without VAT has none', () => {
    const lines = [{ fullPrice: 0.01, quantity: 3, markup: NO_MARKUP }, { fullPrice: 1219.99, quantity: 1, markup: NO_MARKUP }];
    // 1 220.02 × 20/120 = 203.336… → 203.34 once (per line it would be 0.00 × 3 + 203.33).
    expect(proposalTotals(lines, 20).vat).toBe(203.34);
    expect(proposalTotals(lines, null)).toMatchObject({ vat: 0, vatPercent: null });
  });
});

const kopecks = fc.integer({ min: 0, max: 10_000_000_000 });
const amount = fc.integer({ min: PROPOSAL_AMOUNT_MIN * 100, max: 100_000_000 }).map((k) => k / 100);

describe('properties', () => {
  it('a percent change is monotonic in the percent', () => {
    fc.assert(
      fc.property(kopecks, fc.integer({ min: -10_000, max: 100_000 }), fc.integer({ min: 1, max: 1000 }), (full, a, step) => {
        const low = proposalUnitPriceKopecks(full, { kind: 'percent', value: a / 100 });
        const high = proposalUnitPriceKopecks(full, { kind: 'percent', value: (a + step) / 100 });
        expect(high).toBeGreaterThanOrEqual(low);
      }),
    );
  });
  it('a fixed change moves the price by exactly the amount, and so does the added sum', () => {
    fc.assert(
      fc.property(kopecks, amount, amount, (full, value, addSum) => {
        const price = proposalUnitPriceKopecks(full, { kind: 'fixed', value, add_sum: addSum });
        expect(price).toBe(full + Math.round(value * 100) + Math.round(addSum * 100));
      }),
    );
  });
  it('a percent change stays within half a kopeck of the exact value', () => {
    fc.assert(
      fc.property(kopecks, fc.integer({ min: -10_000, max: 100_000 }), (full, hundredths) => {
        const price = proposalUnitPriceKopecks(full, { kind: 'percent', value: hundredths / 100 });
        const exact = full + (full * hundredths) / 10_000;
        expect(Math.abs(price - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
  it('the totals equal the sum of the line sums', () => {
    // Realistic magnitudes (up to 10 million roubles a unit, percents within the allowed range) so sums stay exact.
    const markup = fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: -10_000, max: 1_000_000 }).map((h) => h / 100), add_sum: amount }),
      fc.record({ kind: fc.constant('fixed' as const), value: amount, add_sum: amount }),
    );
    const line = fc.record({
      fullPrice: fc.integer({ min: 0, max: 1_000_000_000 }).map((k) => k / 100),
      quantity: fc.integer({ min: 0, max: 1000 }),
      markup,
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const totals = proposalTotals(lines, 22);
        const sum = lines.reduce((acc, l) => acc + Math.round(proposalLinePrice(l).sum * 100), 0);
        expect(Math.round(totals.total * 100)).toBe(sum);
      }),
    );
  });
  it('every amount at or above the lower bound that keeps the price non-negative is accepted', () => {
    fc.assert(
      fc.property(kopecks, amount, (full, value) => {
        const problem = proposalMarkupProblem(full / 100, { kind: 'fixed', value });
        expect(problem === null).toBe(full + Math.round(value * 100) >= 0);
      }),
    );
  });
});
