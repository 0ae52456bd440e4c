/**
 * The catalogue's filters and sorts (issue 15), one definition for the server (validation, queries) and the web
 * (controls, the URL): their names, labels, the URL form of a selection, and which filter to relax when none is left.
 */
import { catalogPageAsked } from './catalog-paging';
import { PRODUCT_STATUS_LABELS } from './product-status';

/** Sorts of a catalogue page; '' keeps the catalogue's own order (by product number). */
export const CATALOG_SORT = {
  DEFAULT: '',
  PRICE_ASC: 'price',
  PRICE_DESC: '-price',
  NAME: 'name',
  NOVELTY: 'new',
  POPULARITY: 'popular',
} as const;
export type CatalogSort = (typeof CATALOG_SORT)[keyof typeof CATALOG_SORT];

export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  '': 'По умолчанию',
  price: 'Сначала дешевле',
  '-price': 'Сначала дороже',
  name: 'По названию',
  new: 'Сначала новинки',
  popular: 'Популярные',
};

export function isCatalogSort(value: string): value is CatalogSort {
  return Object.values(CATALOG_SORT).includes(value as CatalogSort);
}

/** A product is «new» this many days after it came into the catalogue. */
export const NEW_PRODUCT_DAYS = 60;
/** Popularity counts units ordered by all dealers over this many days. */
export const POPULARITY_DAYS = 90;

/** Filters with a list of values (any of the chosen values matches; filters combine with AND). */
export const CATALOG_FACETS = ['type', 'season', 'size', 'protection', 'standard', 'status'] as const;
export type CatalogFacet = (typeof CATALOG_FACETS)[number];

export const CATALOG_FACET_LABELS: Record<CatalogFacet, string> = {
  type: 'Тип',
  season: 'Сезон',
  size: 'Размер',
  protection: 'Класс защиты',
  standard: 'Стандарт',
  status: 'Статус',
};

/** Product kinds (products.type) and their names. */
export const PRODUCT_TYPE_LABELS: Record<string, string> = { wear: 'Одежда и СИЗ', shoes: 'Обувь' };

/** The status filter's values: the products' own statuses and «new» (recently added). */
export const CATALOG_STATUS_VALUES = ['Outlet', 'Discount', 'Activity', 'new'] as const;
export type CatalogStatusValue = (typeof CATALOG_STATUS_VALUES)[number];
export const CATALOG_STATUS_LABELS: Record<CatalogStatusValue, string> = { ...PRODUCT_STATUS_LABELS, new: 'Новинка' };

/** A facet value's label for the web: statuses and types have Russian names, the rest are shown as they are. */
export function catalogValueLabel(facet: CatalogFacet, value: string): string {
  if (facet === 'status') return CATALOG_STATUS_LABELS[value as CatalogStatusValue] ?? value;
  if (facet === 'type') return PRODUCT_TYPE_LABELS[value] ?? value;
  return value;
}

/** What a catalogue page is narrowed by. Prices are roubles of the dealer's price (the company's price type). */
export interface CatalogFilters {
  inStock: boolean;
  type: string[];
  season: string[];
  size: string[];
  protection: string[];
  standard: string[];
  status: string[];
  priceFrom: number | null;
  priceTo: number | null;
}

export function emptyCatalogFilters(): CatalogFilters {
  return { inStock: false, type: [], season: [], size: [], protection: [], standard: [], status: [], priceFrom: null, priceTo: null };
}

/** Values of a facet in a URL: separated by commas (no facet value of the catalogue holds a comma). */
export const CATALOG_VALUE_SEPARATOR = ',';
/** At most this many values of one facet in a request. */
export const CATALOG_MAX_VALUES = 50;

/**
 * A selection as URL query parameters (the web's address and the server's query alike): only what is set, so the
 * default view has a short address. `stock=1`, `size=9,10`, `priceFrom=100`, `sort=-price`, `page=2`.
 */
export function catalogQueryParams(filters: CatalogFilters, sort: CatalogSort = '', page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.inStock) params.stock = '1';
  for (const facet of CATALOG_FACETS) {
    if (filters[facet].length > 0) params[facet] = filters[facet].join(CATALOG_VALUE_SEPARATOR);
  }
  if (filters.priceFrom !== null) params.priceFrom = String(filters.priceFrom);
  if (filters.priceTo !== null) params.priceTo = String(filters.priceTo);
  if (sort !== '') params.sort = sort;
  if (page > 1) params.page = String(page);
  return params;
}

/**
 * Reads a selection back from URL parameters, leniently (an address typed by hand may hold anything): unknown sorts
 * and unreadable prices are dropped; the server validates strictly and answers 400 for what it cannot use.
 */
export function catalogSelectionOf(params: { get(name: string): string | null }): { filters: CatalogFilters; sort: CatalogSort; page: number } {
  const filters = emptyCatalogFilters();
  filters.inStock = params.get('stock') === '1';
  for (const facet of CATALOG_FACETS) {
    filters[facet] = (params.get(facet) ?? '')
      .split(CATALOG_VALUE_SEPARATOR)
      .map((value) => value.trim())
      .filter((value) => value !== '');
  }
  const price = (raw: string | null) => (raw !== null && /^\d{1,9}(\.\d{1,2})?$/.test(raw) ? Number(raw) : null);
  filters.priceFrom = price(params.get('priceFrom'));
  filters.priceTo = price(params.get('priceTo'));
  const sort = params.get('sort') ?? '';
  return { filters, sort: isCatalogSort(sort) ? sort : '', page: catalogPageAsked(params.get('page')) ?? 1 };
}

/** Names of the filters that are set, in the order the page shows them. */
export function activeCatalogFilters(filters: CatalogFilters): Array<CatalogFacet | 'inStock' | 'price'> {
  const active: Array<CatalogFacet | 'inStock' | 'price'> = [];
  if (filters.inStock) active.push('inStock');
  for (const facet of CATALOG_FACETS) if (filters[facet].length > 0) active.push(facet);
  if (filters.priceFrom !== null || filters.priceTo !== null) active.push('price');
  return active;
}

export const CATALOG_FILTER_LABELS: Record<CatalogFacet | 'inStock' | 'price', string> = {
  ...CATALOG_FACET_LABELS,
  inStock: 'В наличии',
  price: 'Цена',
};

/**
 * What to say on an empty page: the filter whose removal brings back the most products (`without`: products left
 * without that one filter, as the server counts them), or null when nothing is set or no single filter helps.
 */
export function filterToRelax(without: ReadonlyArray<{ filter: CatalogFacet | 'inStock' | 'price'; total: number }>): string | null {
  const best = [...without].filter((entry) => entry.total > 0).sort((a, b) => b.total - a.total)[0];
  return best ? `Ничего не найдено: снимите фильтр «${CATALOG_FILTER_LABELS[best.filter]}» — без него товаров: ${best.total}.` : null;
}
