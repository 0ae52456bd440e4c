import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogPageCount, catalogPageOffset } from './catalog-paging';

describe('catalogPageCount', () => {
  it('is total divided by 25, rounded up', () => {
    expect(catalogPageCount(0)).toBe(0);
    expect(catalogPageCount(1)).toBe(1);
    expect(catalogPageCount(25)).toBe(1);
    expect(catalogPageCount(26)).toBe(2);
    expect(catalogPageCount(250)).toBe(10);
  });

  it('always has room for every product and no empty last page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (total) => {
        const pages = catalogPageCount(total);
        expect(pages * 25).toBeGreaterThanOrEqual(total);
        expect((pages - 1) * 25).toBeLessThan(total);
      }),
    );
  });
});

describe('catalogPageOffset', () => {
  it('skips the products of the earlier pages', () => {
    expect(catalogPageOffset(1)).toBe(0);
    expect(catalogPageOffset(3)).toBe(50);
  });
});
