/**
 * The catalogue's faceted index (issue 15's speed): every product under a dense number 0..n-1 (in id order), a bitmap
 * per filter value, per group, per size and per size in stock, and each sort as a precomputed order of product numbers.
 * A page's filters and counts are ANDs and population counts of bitmaps; a page is a walk of its sort's order that
 * keeps the members of the result. The index answers which products and how many; the cards themselves (picture, live
 * stock, «bought before») are read by primary key (catalog.repository.ts `catalogCards`).
 *
 * Each count follows the rule the filters have always had: a value's count is taken with every chosen filter but its
 * own; values of one filter are OR'ed, filters AND'ed; size and «in stock» together mean «this size in stock»; «new» is
 * a product that came in within NEW_PRODUCT_DAYS; the price range is of the dealer's price (`priceKopecksForHalves`).
 * test/modules/catalog/catalog-index.test.ts compares every answer with the same figures computed in SQL.
 */
import {
  CATALOG_STATUS_VALUES,
  activeCatalogFilters,
  catalogPageCount,
  catalogPageOffset,
  priceKopecksForHalves,
  toKopecks,
  type CatalogFilters,
  type CatalogSort,
} from '@portal/domain';
import {
  clearBit,
  count,
  countBoth,
  emptyBitmap,
  forEachMember,
  fullBitmap,
  hasBit,
  intersection,
  membersInOrder,
  setBit,
  union,
  type Bitmap,
} from './bitmap';

/** Which products a catalogue shows before any filter: a group and its sub-groups, the season sale, or all. */
export type CatalogScope = { groupCodes: string[] } | { seasonSale: true } | { all: true };

export type FilterName = 'type' | 'season' | 'size' | 'protection' | 'standard' | 'status' | 'inStock' | 'price';

export type Halves = { listHalves: number; dealerHalves: number };

/** The facets read from the product itself (size and stock come from its offers). */
export const PRODUCT_FACETS = ['type', 'season', 'protection', 'standard'] as const;
export type ProductFacet = (typeof PRODUCT_FACETS)[number];

/** One product as the index reads it (catalog.repository.ts `indexProductsAfter`). */
export interface IndexedProduct {
  id: number;
  group: string | null;
  type: string | null;
  season: string | null;
  protection: string | null;
  standard: string | null;
  status: string;
  /** created_at in microseconds since 1970, exact. */
  createdUs: number;
  listKopecks: number;
  dealerKopecks: number;
  sale: boolean;
}

/** One offer as the index reads it: which size a product has, and whether that offer has stock. */
export interface IndexedOffer {
  productId: number;
  size: string;
  inStock: boolean;
}

/** The part of the index built from the products table: rebuilt when products change. */
export interface ProductsPart {
  size: number;
  /** Product ids by product number, ascending. */
  ids: Int32Array;
  groups: Map<string, Bitmap>;
  /** The catalogue's groups (code and parent): what a group's page takes in. */
  groupTree: ReadonlyArray<{ code: string; parentCode: string | null }>;
  /** Per facet: its values in the database's order (`collate "und-x-icu"`) and a bitmap per value. */
  facets: Record<ProductFacet, { values: string[]; bitmaps: Map<string, Bitmap> }>;
  statuses: Map<string, Bitmap>;
  sale: Bitmap;
  all: Bitmap;
  createdUs: Float64Array;
  listKopecks: Float64Array;
  dealerKopecks: Float64Array;
  /** Product numbers by name (the database's Russian order) and by novelty (created_at desc, id desc). */
  nameOrder: Int32Array;
  newOrder: Int32Array;
  /** Orders by the dealer's price, per price type's halves: built on first use. */
  priceOrders: Map<string, PriceOrder>;
}

/** The part built from offers: sizes and stock, refreshed as orders and the ERP change stock. */
export interface StockPart {
  /** Sizes in display order (numbers as numbers, Russian letters). */
  sizes: string[];
  size: Map<string, Bitmap>;
  sizeInStock: Map<string, Bitmap>;
  inStock: Bitmap;
}

/** Popularity: products ordered in the last POPULARITY_DAYS, most units first (ties by id). */
export interface PopularityPart {
  order: Int32Array;
  ranked: Bitmap;
}

interface PriceOrder {
  ascending: Int32Array;
  /** The prices along `ascending`: where a price range starts and ends. */
  ascendingPrices: Float64Array;
  descending: Int32Array;
}

/** The three parts answered from together; a new snapshot replaces the old whole, so a page never mixes two. */
export class CatalogSnapshot {
  private readonly scopes = new Map<string, ScopeEntry>();
  private novelty: { count: number; bitmap: Bitmap } | null = null;

  constructor(
    readonly products: ProductsPart,
    readonly stock: StockPart,
    readonly popularity: PopularityPart,
  ) {}

  with(parts: { products?: ProductsPart; stock?: StockPart; popularity?: PopularityPart }): CatalogSnapshot {
    return new CatalogSnapshot(parts.products ?? this.products, parts.stock ?? this.stock, parts.popularity ?? this.popularity);
  }

  /** A scope's products and the values of each filter its products have (listed even when a filter leaves none). */
  scope(scope: CatalogScope): ScopeEntry {
    const key = 'groupCodes' in scope ? `g:${[...scope.groupCodes].sort().join('\u0000')}` : 'seasonSale' in scope ? 's' : 'a';
    let entry = this.scopes.get(key);
    if (!entry) {
      const { products, stock } = this;
      const members =
        'groupCodes' in scope
          ? union(products.size, scope.groupCodes.flatMap((code) => products.groups.get(code) ?? []))
          : 'seasonSale' in scope
            ? products.sale
            : products.all;
      const present = (values: string[], bitmaps: Map<string, Bitmap>) => values.filter((value) => countBoth(members, bitmaps.get(value)!) > 0);
      entry = {
        members,
        values: {
          type: present(products.facets.type.values, products.facets.type.bitmaps),
          season: present(products.facets.season.values, products.facets.season.bitmaps),
          protection: present(products.facets.protection.values, products.facets.protection.bitmaps),
          standard: present(products.facets.standard.values, products.facets.standard.bitmaps),
          size: present(stock.sizes, stock.size),
        },
      };
      // Scopes are the groups of the menu, the sale and all: a handful, but bound it against odd requests.
      if (this.scopes.size >= 256) this.scopes.clear();
      this.scopes.set(key, entry);
    }
    return entry;
  }

  /** Products created after `sinceUs` (a prefix of the novelty order), kept while that prefix stays the same. */
  newProducts(sinceUs: number): Bitmap {
    const { newOrder, createdUs, size } = this.products;
    let low = 0;
    let high = newOrder.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (createdUs[newOrder[middle]!]! > sinceUs) low = middle + 1;
      else high = middle;
    }
    if (this.novelty?.count !== low) {
      const bitmap = emptyBitmap(size);
      for (let j = 0; j < low; j++) setBit(bitmap, newOrder[j]!);
      this.novelty = { count: low, bitmap };
    }
    return this.novelty.bitmap;
  }

  priceOrder(halves: Halves): PriceOrder {
    const key = `${halves.listHalves}:${halves.dealerHalves}`;
    let order = this.products.priceOrders.get(key);
    if (!order) {
      order = buildPriceOrder(this.products, halves);
      this.products.priceOrders.set(key, order);
    }
    return order;
  }
}

interface ScopeEntry {
  members: Bitmap;
  values: Record<ProductFacet | 'size', string[]>;
}

export interface IndexQuery {
  scope: CatalogScope;
  filters: CatalogFilters;
  sort: CatalogSort;
  halves: Halves;
  /** 1-based; a page past the last is answered as the last. */
  page: number;
  pageSize: number;
  /** «New» means created after this instant (microseconds since 1970). */
  newSinceUs: number;
}

type ValueCount = { value: string; count: number };

export interface IndexAnswer {
  /** The page's product ids in the sort's order. */
  ids: number[];
  total: number;
  page: number;
  counts: {
    inStock: number;
    type: ValueCount[];
    season: ValueCount[];
    size: ValueCount[];
    protection: ValueCount[];
    standard: ValueCount[];
    status: ValueCount[];
    /** The dealer's price range in kopecks. */
    price: { min: number | null; max: number | null };
  };
  without: Array<{ filter: FilterName; total: number }>;
}

type IndependentFilter = ProductFacet | 'status' | 'price';

/** A page of a catalogue with its filters' counts, from the index alone. */
export function answerPage(snapshot: CatalogSnapshot, query: IndexQuery): IndexAnswer {
  const { products, stock } = snapshot;
  const { filters } = query;
  const size = products.size;
  const scope = snapshot.scope(query.scope);
  const anyOf = (bitmaps: Map<string, Bitmap>, values: readonly string[]) =>
    union(
      size,
      values.flatMap((value) => bitmaps.get(value) ?? []),
    );

  // The filters that do not interact: each is one bitmap, and a count leaves out its own.
  const independent = new Map<IndependentFilter, Bitmap>();
  for (const facet of PRODUCT_FACETS) {
    if (filters[facet].length > 0) independent.set(facet, anyOf(products.facets[facet].bitmaps, filters[facet]));
  }
  if (filters.status.length > 0) {
    independent.set(
      'status',
      union(
        size,
        filters.status.map((value) => (value === 'new' ? snapshot.newProducts(query.newSinceUs) : (products.statuses.get(value) ?? emptyBitmap(size)))),
      ),
    );
  }
  if (filters.priceFrom !== null || filters.priceTo !== null) independent.set('price', priceRange(snapshot, query.halves, filters));

  // Size and stock are one condition: with sizes chosen, stock narrows them to «this size in stock».
  const sizes = filters.size;
  const inStock = filters.inStock;
  const sizeOrStock =
    sizes.length > 0 ? anyOf(inStock ? stock.sizeInStock : stock.size, sizes) : inStock ? stock.inStock : null;
  const withoutSize = inStock ? stock.inStock : null;
  const withoutStock = sizes.length > 0 ? anyOf(stock.size, sizes) : null;

  const and = (...sets: Array<Bitmap | null>) => {
    const present = sets.filter((set): set is Bitmap => set !== null);
    return intersection(present[0]!, ...present.slice(1));
  };
  const rest = and(scope.members, ...independent.values());
  const restWithout = (name: IndependentFilter) =>
    and(scope.members, ...[...independent].filter(([other]) => other !== name).map(([, set]) => set));
  const othersOf = new Map<IndependentFilter, Bitmap>();
  for (const name of independent.keys()) othersOf.set(name, and(restWithout(name), sizeOrStock));
  const result = sizeOrStock ? and(rest, sizeOrStock) : rest;
  const countBase = (name: IndependentFilter) => othersOf.get(name) ?? result;

  const total = count(result);
  const page = Math.max(1, Math.min(query.page, catalogPageCount(total, query.pageSize)));
  const numbers = pageMembers(snapshot, query, result, catalogPageOffset(page, query.pageSize), query.pageSize);

  const facetCounts = (facet: ProductFacet): ValueCount[] => {
    const base = countBase(facet);
    return scope.values[facet].map((value) => ({ value, count: countBoth(base, products.facets[facet].bitmaps.get(value)!) }));
  };
  const statusBase = countBase('status');
  const priceBase = countBase('price');
  const counts: IndexAnswer['counts'] = {
    inStock: countBoth(rest, sizes.length > 0 ? anyOf(stock.sizeInStock, sizes) : stock.inStock),
    type: facetCounts('type'),
    season: facetCounts('season'),
    size: scope.values.size.map((value) => ({
      value,
      count: countBoth(rest, (inStock ? stock.sizeInStock : stock.size).get(value)!),
    })),
    protection: facetCounts('protection'),
    standard: facetCounts('standard'),
    status: CATALOG_STATUS_VALUES.map((value) => ({
      value,
      count: countBoth(statusBase, value === 'new' ? snapshot.newProducts(query.newSinceUs) : (products.statuses.get(value) ?? emptyBitmap(size))),
    })),
    price: priceSpan(priceBase, products, query.halves),
  };

  const without = activeCatalogFilters(filters).map((filter) => {
    if (filter === 'inStock') return { filter, total: count(withoutStock ? and(rest, withoutStock) : rest) };
    if (filter === 'size') return { filter, total: count(withoutSize ? and(rest, withoutSize) : rest) };
    return { filter, total: count(countBase(filter)) };
  });
  return { ids: numbers.map((i) => products.ids[i]!), total, page, counts, without };
}

function priceRange(snapshot: CatalogSnapshot, halves: Halves, filters: CatalogFilters): Bitmap {
  const { ascending, ascendingPrices } = snapshot.priceOrder(halves);
  const from = filters.priceFrom === null ? -Infinity : toKopecks(filters.priceFrom);
  const to = filters.priceTo === null ? Infinity : toKopecks(filters.priceTo);
  const firstAtLeast = (bound: number, inclusive: boolean) => {
    let low = 0;
    let high = ascendingPrices.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const price = ascendingPrices[middle]!;
      if (inclusive ? price < bound : price <= bound) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const bitmap = emptyBitmap(snapshot.products.size);
  const end = firstAtLeast(to, false);
  for (let j = firstAtLeast(from, true); j < end; j++) setBit(bitmap, ascending[j]!);
  return bitmap;
}

function priceSpan(set: Bitmap, products: ProductsPart, halves: Halves): { min: number | null; max: number | null } {
  let min = Infinity;
  let max = -Infinity;
  forEachMember(set, (i) => {
    const price = priceKopecksForHalves(products.listKopecks[i]!, products.dealerKopecks[i]!, halves);
    if (price < min) min = price;
    if (price > max) max = price;
  });
  return min === Infinity ? { min: null, max: null } : { min, max };
}

/** The page's product numbers: the sort's order walked, keeping members of the result, `skip` of them skipped. */
function pageMembers(snapshot: CatalogSnapshot, query: IndexQuery, result: Bitmap, skip: number, take: number): number[] {
  const walk = (order: Int32Array, taken: number[] = [], except?: Bitmap) => {
    for (let j = 0; j < order.length && taken.length < take; j++) {
      const i = order[j]!;
      if (!hasBit(result, i) || (except && hasBit(except, i))) continue;
      if (skip > 0) skip--;
      else taken.push(i);
    }
    return taken;
  };
  switch (query.sort) {
    case 'price':
      return walk(snapshot.priceOrder(query.halves).ascending);
    case '-price':
      return walk(snapshot.priceOrder(query.halves).descending);
    case 'name':
      return walk(snapshot.products.nameOrder);
    case 'new':
      return walk(snapshot.products.newOrder);
    case 'popular': {
      // Products ordered lately, most units first; then the rest in id order.
      const { order, ranked } = snapshot.popularity;
      const taken = walk(order);
      if (taken.length >= take) return taken;
      const rest = intersection(result);
      for (let w = 0; w < rest.length; w++) rest[w]! &= ~ranked[w]!;
      return [...taken, ...membersInOrder(rest, skip, take - taken.length)];
    }
    default:
      return membersInOrder(result, skip, take);
  }
}

/** Dictionary-encoded column while products are read chunk by chunk. */
class Column {
  readonly codes: number[] = [];
  private readonly values = new Map<string, number>();
  readonly names: string[] = [];

  push(value: string | null): void {
    if (value === null) {
      this.codes.push(-1);
      return;
    }
    let code = this.values.get(value);
    if (code === undefined) {
      code = this.names.length;
      this.values.set(value, code);
      this.names.push(value);
    }
    this.codes.push(code);
  }

  bitmaps(size: number): Map<string, Bitmap> {
    const bitmaps = this.names.map(() => emptyBitmap(size));
    this.codes.forEach((code, i) => {
      if (code >= 0) setBit(bitmaps[code]!, i);
    });
    return new Map(this.names.map((name, code) => [name, bitmaps[code]!]));
  }
}

/** Collects products in id order (chunk by chunk) into the products part. */
export class ProductsPartBuilder {
  private readonly ids: number[] = [];
  private readonly group = new Column();
  private readonly facets = { type: new Column(), season: new Column(), protection: new Column(), standard: new Column() };
  private readonly status = new Column();
  private readonly sale: number[] = [];
  private readonly createdUs: number[] = [];
  private readonly listKopecks: number[] = [];
  private readonly dealerKopecks: number[] = [];

  /** The id of the last product added (the next chunk starts after it). */
  get lastId(): number {
    return this.ids.at(-1) ?? 0;
  }

  add(rows: readonly IndexedProduct[]): void {
    for (const row of rows) {
      if (row.id <= this.lastId) throw new Error('The catalogue index reads products in ascending id order');
      this.ids.push(row.id);
      this.group.push(row.group);
      for (const facet of PRODUCT_FACETS) this.facets[facet].push(row[facet]);
      this.status.push(row.status);
      if (row.sale) this.sale.push(this.ids.length - 1);
      this.createdUs.push(row.createdUs);
      this.listKopecks.push(row.listKopecks);
      this.dealerKopecks.push(row.dealerKopecks);
    }
  }

  /** Each facet's distinct values, for the database to put in its order. */
  facetValues(facet: ProductFacet): string[] {
    return [...this.facets[facet].names];
  }

  /**
   * The part, given each facet's values in the database's order and the products' ids by name and by novelty (read
   * from the database, so the collation stays the database's). Ids not in the index (added since) are left out.
   */
  async build(
    orderedValues: Record<ProductFacet, string[]>,
    idsByName: ArrayLike<number>,
    idsByNovelty: ArrayLike<number>,
    groupTree: ProductsPart['groupTree'],
  ): Promise<ProductsPart> {
    // A million products take about half a second here: given back to other requests step by step (~0.1 s each).
    const size = this.ids.length;
    const ids = Int32Array.from(this.ids);
    const sale = emptyBitmap(size);
    for (const i of this.sale) setBit(sale, i);
    const facets = {} as ProductsPart['facets'];
    for (const name of PRODUCT_FACETS) {
      await yieldToOthers();
      const bitmaps = this.facets[name].bitmaps(size);
      facets[name] = { values: orderedValues[name].filter((value) => bitmaps.has(value)), bitmaps };
    }
    await yieldToOthers();
    const groups = this.group.bitmaps(size);
    const statuses = this.status.bitmaps(size);
    await yieldToOthers();
    const nameOrder = numbersOf(ids, idsByName);
    await yieldToOthers();
    const newOrder = numbersOf(ids, idsByNovelty);
    await yieldToOthers();
    return {
      size,
      ids,
      groups,
      groupTree,
      facets,
      statuses,
      sale,
      all: fullBitmap(size),
      createdUs: Float64Array.from(this.createdUs),
      listKopecks: Float64Array.from(this.listKopecks),
      dealerKopecks: Float64Array.from(this.dealerKopecks),
      nameOrder,
      newOrder,
      priceOrders: new Map(),
    };
  }
}

/** Lets the requests waiting meanwhile run before the next step of a build. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The product number of an id, or -1 when the index does not hold it. */
export function numberOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle]!;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function numbersOf(ids: Int32Array, order: ArrayLike<number>): Int32Array {
  const numbers: number[] = [];
  for (let j = 0; j < order.length; j++) {
    const i = numberOf(ids, order[j]!);
    if (i >= 0) numbers.push(i);
  }
  return Int32Array.from(numbers);
}

/** Collects offers into the stock part (any order of offers). */
export class StockPartBuilder {
  private readonly size = new Map<string, Bitmap>();
  private readonly sizeInStock = new Map<string, Bitmap>();
  private readonly inStock: Bitmap;

  constructor(private readonly ids: Int32Array) {
    this.inStock = emptyBitmap(ids.length);
  }

  add(rows: readonly IndexedOffer[]): void {
    const count = this.ids.length;
    for (const row of rows) {
      const i = numberOf(this.ids, row.productId);
      if (i < 0) continue;
      let sized = this.size.get(row.size);
      if (!sized) {
        sized = emptyBitmap(count);
        this.size.set(row.size, sized);
        this.sizeInStock.set(row.size, emptyBitmap(count));
      }
      setBit(sized, i);
      if (row.inStock) {
        setBit(this.sizeInStock.get(row.size)!, i);
        setBit(this.inStock, i);
      }
    }
  }

  build(): StockPart {
    // The order sizes have always been listed in: numbers as numbers (39 < 100), Russian letters.
    const sizes = [...this.size.keys()].sort((a, b) => a.localeCompare(b, 'ru', { numeric: true }));
    return { sizes, size: this.size, sizeInStock: this.sizeInStock, inStock: this.inStock };
  }
}

/**
 * Updates the stock part in place for some products (product numbers), from all their offers: what the index does
 * when only stock moved across zero. Their sizes stay as they were (a change of sizes rebuilds the part).
 */
export function restock(stock: StockPart, numbers: readonly number[], ids: Int32Array, offers: readonly IndexedOffer[]): void {
  for (const i of numbers) {
    clearBit(stock.inStock, i);
    for (const bitmap of stock.sizeInStock.values()) clearBit(bitmap, i);
  }
  for (const offer of offers) {
    const i = numberOf(ids, offer.productId);
    const sized = stock.sizeInStock.get(offer.size);
    if (i < 0 || !offer.inStock || !sized || !hasBit(stock.size.get(offer.size)!, i)) continue;
    setBit(sized, i);
    setBit(stock.inStock, i);
  }
}

/** Popularity from units per product id (products not in the index are left out). */
export function buildPopularity(ids: Int32Array, units: ReadonlyArray<{ id: number; units: number }>): PopularityPart {
  const ranked = emptyBitmap(ids.length);
  const entries: Array<{ i: number; units: number }> = [];
  for (const row of units) {
    const i = numberOf(ids, row.id);
    if (i < 0 || row.units === 0) continue;
    entries.push({ i, units: row.units });
    setBit(ranked, i);
  }
  // Most units first; ties in id order, as `coalesce(popular.units, 0) desc, p.id asc` does. Products with no units
  // in the window (none, or lines that add up to 0) are «the rest», in id order.
  entries.sort((a, b) => b.units - a.units || a.i - b.i);
  return { order: Int32Array.from(entries, (entry) => entry.i), ranked };
}

/**
 * Product numbers by the dealer's price (ties by id), ascending and descending. Sorted as packed numbers (price above,
 * product number below) by the engine's numeric sort, which takes ~0.1 s for a million; a comparator when the prices
 * are too large to pack.
 */
function buildPriceOrder(products: ProductsPart, halves: Halves): PriceOrder {
  const { size } = products;
  const prices = new Float64Array(size);
  let highest = 0;
  for (let i = 0; i < size; i++) {
    prices[i] = priceKopecksForHalves(products.listKopecks[i]!, products.dealerKopecks[i]!, halves);
    if (prices[i]! > highest) highest = prices[i]!;
  }
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(size + 1)));
  const sorted = (key: (i: number) => number): Int32Array => {
    if ((highest + 1) * scale < Number.MAX_SAFE_INTEGER) {
      const keys = new Float64Array(size);
      for (let i = 0; i < size; i++) keys[i] = key(i) * scale + i;
      keys.sort();
      return Int32Array.from(keys, (packed) => packed % scale);
    }
    return Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => key(a) - key(b) || a - b);
  };
  const ascending = sorted((i) => prices[i]!);
  const descending = sorted((i) => highest - prices[i]!);
  return { ascending, ascendingPrices: Float64Array.from(ascending, (i) => prices[i]!), descending };
}
