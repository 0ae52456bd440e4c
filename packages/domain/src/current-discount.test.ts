import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORGANISATION } from './constants';
import { currentDiscount } from './current-discount';

const fro = (discount: number) => ({ guid: ORGANISATION.FRO, discount });
const es = (discount: number) => ({ guid: ORGANISATION.ES, discount });

describe('currentDiscount', () => {
  it("is the ES contract's discount when it is above 0, wherever ES stands in the list", () => {
    expect(currentDiscount([fro(5), es(7)])).toBe(7);
    expect(currentDiscount([es(7), fro(5)])).toBe(7);
  });
  it("falls back to the first contract's discount when the ES discount is 0 or less", () => {
    expect(currentDiscount([fro(5), es(0)])).toBe(5);
    expect(currentDiscount([fro(5), es(-2)])).toBe(5);
  });
  it('falls back to the first contract when there is no ES contract', () => {
    expect(currentDiscount([fro(12)])).toBe(12);
    expect(currentDiscount([{ guid: 'other', discount: 3 }, fro(9)])).toBe(3);
  });
  it('is 0 without contracts', () => {
    expect(currentDiscount([])).toBe(0);
  });
  it('is always either the ES discount or the first discount', () => {
    const contract = fc.record({ guid: fc.constantFrom(ORGANISATION.FRO, ORGANISATION.ES, 'x'), discount: fc.integer({ min: -5, max: 50 }) });
    fc.assert(
      fc.property(fc.array(contract, { minLength: 1, maxLength: 4 }), (storages) => {
        const result = currentDiscount(storages);
        const esDiscount = storages.find((s) => s.guid === ORGANISATION.ES)?.discount;
        expect(result).toBe(esDiscount !== undefined && esDiscount > 0 ? esDiscount : storages[0]!.discount);
      }),
    );
  });
});
