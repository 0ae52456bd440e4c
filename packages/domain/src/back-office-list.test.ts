import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitrixSortKey, sortClaims, sortShipments } from './back-office-list';

const record = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  bitrix_id: fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer({ min: 0, max: 1_000_000 })),
});

describe('sortShipments', () => {
  it('puts the highest bitrix_id first', () => {
    const sorted = sortShipments([
      { id: 1, bitrix_id: 40211 },
      { id: 2, bitrix_id: 40987 },
      { id: 3, bitrix_id: 39999 },
    ]);
    expect(sorted.map((s) => s.bitrix_id)).toEqual([40987, 40211, 39999]);
  });

  it('does not change the list it was given', () => {
    const list = [{ id: 1, bitrix_id: 1 }, { id: 2, bitrix_id: 2 }];
    sortShipments(list);
    expect(list.map((s) => s.id)).toEqual([1, 2]);
  });
});

describe('sortClaims', () => {
  it('counts a missing bitrix_id as 0: below every registered claim', () => {
    const sorted = sortClaims([
      { id: 10, bitrix_id: null },
      { id: 11, bitrix_id: 7 },
      { id: 12 },
      { id: 13, bitrix_id: 120 },
    ]);
    expect(sorted.map((c) => c.id)).toEqual([13, 11, 12, 10]);
  });

  it('orders claims without a bitrix_id newest first, level with a bitrix_id of 0', () => {
    const sorted = sortClaims([
      { id: 3, bitrix_id: 0 },
      { id: 5, bitrix_id: null },
      { id: 4, bitrix_id: undefined },
    ]);
    expect(sorted.map((c) => c.id)).toEqual([5, 4, 3]);
  });

  it('is a permutation with non-increasing keys, and sorting twice changes nothing', () => {
    fc.assert(
      // Ids are unique, as in the database: ties on bitrix_id are broken by id.
      fc.property(fc.uniqueArray(record, { maxLength: 40, selector: (r) => r.id }), (records) => {
        const sorted = sortClaims(records);
        expect(sorted).toHaveLength(records.length);
        expect([...sorted].sort((a, b) => a.id - b.id)).toEqual([...records].sort((a, b) => a.id - b.id));
        for (let i = 1; i < sorted.length; i++) {
          expect(bitrixSortKey(sorted[i - 1]!)).toBeGreaterThanOrEqual(bitrixSortKey(sorted[i]!));
        }
        expect(sortClaims(sorted)).toEqual(sorted);
      }),
    );
  });
});
