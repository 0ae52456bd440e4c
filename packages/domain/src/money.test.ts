import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromKopecks, toKopecks } from './money';

describe('toKopecks', () => {
  it('rounds half away from zero despite binary fractions', () => {
    expect(toKopecks(1.005)).toBe(101);
    expect(toKopecks(-1.005)).toBe(-101);
    expect(toKopecks(0.1 + 0.2)).toBe(30);
    expect(toKopecks(-0.001)).toBe(0);
  });
  it('round-trips every amount with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (kopecks) => {
        expect(toKopecks(fromKopecks(kopecks))).toBe(kopecks);
      }),
    );
  });
});
