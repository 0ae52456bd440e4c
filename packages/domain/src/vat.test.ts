import { describe, expect, it } from 'vitest';
import { GENERAL_VAT_SELLER, includedVatKopecks, vatInForce, vatLabel, vatRateProblem, type VatRate } from './vat';

const GENERAL: VatRate[] = [
  { seller: GENERAL_VAT_SELLER, from: '2019-01-01', percent: 20 },
  { seller: GENERAL_VAT_SELLER, from: '2026-01-01', percent: 22 },
];

describe('vatInForce', () => {
  it('takes 20 % to 31.12.2025 and 22 % from 01.01.2026 (Federal Law 425-FZ)', () => {
    expect(vatInForce(GENERAL, 'fro', '2025-12-31')).toEqual({ percent: 20 });
    expect(vatInForce(GENERAL, 'fro', '2026-01-01')).toEqual({ percent: 22 });
    expect(vatInForce(GENERAL, 'fro', '2026-11-27')).toEqual({ percent: 22 });
  });
  it("follows the seller's own table when it has one, whatever order the rows come in", () => {
    const rates: VatRate[] = [...GENERAL, { seller: 'ip', from: '2026-07-01', percent: 5 }, { seller: 'ip', from: '2025-01-01', percent: null }];
    expect(vatInForce(rates, 'ip', '2026-06-30')).toEqual({ percent: null });
    expect(vatInForce(rates, 'ip', '2026-07-01')).toEqual({ percent: 5 });
    // Before its first row the seller's own table covers nothing: the day is unknown rather than silently general.
    expect(vatInForce(rates, 'ip', '2024-12-31')).toBeUndefined();
    expect(vatInForce(GENERAL, 'fro', '2018-12-31')).toBeUndefined();
  });
});

describe('includedVatKopecks', () => {
  it('is p/(100+p) of the total, rounded once to the kopeck', () => {
    expect(includedVatKopecks(12_000, 20)).toBe(2_000);
    expect(includedVatKopecks(12_200, 22)).toBe(2_200);
    // 1 006.80 × 22/122 = 181.55…
    expect(includedVatKopecks(100_680, 22)).toBe(18_155);
    expect(includedVatKopecks(1, 22)).toBe(0);
    expect(includedVatKopecks(100_680, null)).toBe(0);
  });
});

describe('vatLabel and vatRateProblem', () => {
  it('prints the rate, or «Без НДС»', () => {
    expect(vatLabel(22)).toBe('В том числе НДС (22 %)');
    expect(vatLabel(null)).toBe('Без НДС');
  });
  it('refuses an impossible day or rate in Russian, saying what to send', () => {
    expect(vatRateProblem({ from: '2026-01-01', percent: 22 })).toBeNull();
    expect(vatRateProblem({ from: '2026-01-01', percent: null })).toBeNull();
    expect(vatRateProblem({ from: '2026-02-30', percent: 22 })).toMatch(/ГГГГ-ММ-ДД/);
    expect(vatRateProblem({ from: '01.01.2026', percent: 22 })).toMatch(/ГГГГ-ММ-ДД/);
    expect(vatRateProblem({ from: '2026-01-01', percent: 22.5 })).toMatch(/целое число процентов от 0 до 50/);
    expect(vatRateProblem({ from: '2026-01-01', percent: -1 })).toMatch(/от 0 до 50/);
  });
});
