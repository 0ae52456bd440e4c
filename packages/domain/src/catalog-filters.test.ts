import { describe, expect, it } from 'vitest';
import { catalogQueryParams, catalogSelectionOf, emptyCatalogFilters, filterToRelax } from './catalog-filters';

describe('catalogue filters in the URL', () => {
  it('writes only what is set and reads it back the same', () => {
    expect(catalogQueryParams(emptyCatalogFilters())).toEqual({});
    const filters = { ...emptyCatalogFilters(), inStock: true, size: ['9', '10'], status: ['new'], priceFrom: 100, priceTo: 250.5 };
    const params = catalogQueryParams(filters, '-price', 3);
    expect(params).toEqual({ stock: '1', size: '9,10', status: 'new', priceFrom: '100', priceTo: '250.5', sort: '-price', page: '3' });
    expect(catalogSelectionOf(new URLSearchParams(params))).toEqual({ filters, sort: '-price', page: 3 });
  });

  it('drops what a hand-typed address cannot mean', () => {
    const read = catalogSelectionOf(new URLSearchParams({ sort: 'cheap', page: '-2', priceFrom: 'abc', size: ',,9,' }));
    expect(read.sort).toBe('');
    expect(read.page).toBe(1);
    expect(read.filters.priceFrom).toBeNull();
    expect(read.filters.size).toEqual(['9']);
  });
});

describe('the filter to relax on an empty page', () => {
  it('names the filter whose removal brings back the most products', () => {
    expect(filterToRelax([{ filter: 'size', total: 3 }, { filter: 'inStock', total: 12 }, { filter: 'price', total: 0 }])).toBe(
      'Ничего не найдено: снимите фильтр «В наличии» — без него товаров: 12.',
    );
    expect(filterToRelax([{ filter: 'size', total: 0 }])).toBeNull();
    expect(filterToRelax([])).toBeNull();
  });
});
