import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG_PAGE_MAX, catalogPageAsked, catalogPageCount, catalogPageOffset } from './catalog-paging';
import { catalogSelectionOf } from './catalog-filters';

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

describe('catalogPageAsked', () => {
  it('reads an absurd page number as the highest page, which the server answers as the last one', () => {
    expect(catalogPageAsked('99999999999')).toBe(CATALOG_PAGE_MAX);
    expect(catalogPageAsked('1'.repeat(400))).toBe(CATALOG_PAGE_MAX);
    expect(catalogPageAsked(String(CATALOG_PAGE_MAX + 1))).toBe(CATALOG_PAGE_MAX);
    expect(catalogSelectionOf(new URLSearchParams('page=99999999999')).page).toBe(CATALOG_PAGE_MAX);
  });

  it('reads an ordinary page as itself and no page as the first', () => {
    expect(catalogPageAsked('7')).toBe(7);
    expect(catalogPageAsked('007')).toBe(7);
    expect(catalogPageAsked(undefined)).toBe(1);
    expect(catalogPageAsked('')).toBe(1);
  });

  it('refuses what is not a page number', () => {
    for (const text of ['0', '000', '-2', '2.5', 'abc', '1e3']) expect(catalogPageAsked(text), text).toBeNull();
    expect(catalogSelectionOf(new URLSearchParams('page=abc')).page).toBe(1);
  });
});
