/**
 * The catalogue's faceted index (issue 15's speed): every product under a dense number 0..n-1, a bitmap per filter value,
 * per group, per size and per size in stock, and each sort as a precomputed order of product numbers. Products are
 * numbered in catalogue order — the groups as the menu lists them, each group's products by id — so a group and its
 * sub-groups are one span of words of every bitmap, and a group's page works on that span alone, not on bitmaps as
 * wide as the whole catalogue. A page's filters and counts are ANDs and population counts of bitmaps; a page is its
 * result in its sort's order: a walk of the order keeping the members of the result while the result is dense, the
 * result's members sorted by their places in that order when it is sparse. The index answers which products and how
 * many; the cards themselves (picture, live stock, «bought before») are read by primary key (catalog.repository.ts
 * `catalogCards`).
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
  productNetKopecks,
  toKopecks,
  type CatalogFilters,
  type CatalogSort,
} from '@portal/domain';
import {
  clearBit,
  count,
  countBoth,
  difference,
  emptyBitmap,
  forEachMember,
  fullBitmap,
  hasBit,
  intersection,
  setBit,
  spanOf,
  union,
  type Bitmap,
} from './bitmap';
import { NameWordsBuilder, type NameWords } from './name-words';

/** Which products a catalogue shows before any filter: a group and its sub-groups, the season sale, or all. */
export type CatalogScope = { groupCodes: string[] } | { seasonSale: true } | { all: true };

export type FilterName = 'type' | 'season' | 'size' | 'protection' | 'standard' | 'status' | 'inStock' | 'price';

/**
 * What the catalogue's prices are for a page: a price type's halves and the company's discount on products' own prices
 * (`placeholderDiscountPercent`; 0 without a company), so pages sort and filter by «Ваша цена», as the cards show it.
 */
export type Halves = { listHalves: number; dealerHalves: number; discountPercent?: number };

/** A price type's halves and discount as a key of the orders built for it. */
const halvesKey = (halves: Halves) => `${halves.listHalves}:${halves.dealerHalves}:${halves.discountPercent ?? 0}`;

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
  /** MAX_DISCOUNT, percent; 0 means no cap. */
  maxDiscount: number;
  /** created_at in microseconds since 1970, exact. */
  createdUs: number;
  listKopecks: number;
  dealerKopecks: number;
  sale: boolean;
  /** The name in search form (nameKey): what name search reads its words from. */
  nameKey: string;
}

/** One offer as the index reads it: which size a product has, and whether that offer has stock. */
export interface IndexedOffer {
  productId: number;
  size: string;
  inStock: boolean;
}

/** Product numbers and product ids, both ways. */
export interface Numbering {
  /** Product ids by product number: catalogue order (see above). */
  ids: Int32Array;
  /** The ids ascending, and the product number of each: what `numberOf` searches. */
  idsAscending: Int32Array;
  /** Product numbers in id order (the default sort), with each product's place in it. */
  idOrder: SortOrder;
}

/** A sort: product numbers in its order, and by product number its place in that order (-1: not in the order). */
export interface SortOrder {
  order: Int32Array;
  rank: Int32Array;
}

/** The part of the index built from the products table: rebuilt when products change. */
export interface ProductsPart extends Numbering {
  size: number;
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
  /** By product number: the status and MAX_DISCOUNT, which «Ваша цена» depends on. */
  status: string[];
  maxDiscount: Float64Array;
  /** Product numbers by name (the database's Russian order) and by novelty (created_at desc, id desc). */
  nameOrder: SortOrder;
  newOrder: SortOrder;
  /** Orders by the dealer's price, per price type's halves: built on first use. */
  priceOrders: Map<string, PriceOrder>;
  /** Orders cut to a scope's products (`CatalogSnapshot.orderWithin`). */
  ordersWithin: OrdersWithin;
  /** Name search: the names' words and their products (name-words.ts), by place in id order. */
  nameWords: NameWords;
}

/**
 * Sort orders cut to the products of a scope, built on a scope's first page in a sort and kept while they take no
 * more than a few times the catalogue's own orders (then dropped and built again as used). A walk of a cut order
 * meets the scope's products only: its length follows the scope's size, not the catalogue's, and it does not run
 * through all the catalogue's cheaper products before it reaches a group of dear ones.
 */
class OrdersWithin {
  private readonly orders = new Map<string, Int32Array>();
  private held = 0;

  constructor(private readonly budget: number) {}

  get(key: string, build: () => Int32Array): Int32Array {
    let order = this.orders.get(key);
    if (!order) {
      order = build();
      if (this.held + order.length > this.budget) {
        this.orders.clear();
        this.held = 0;
      }
      this.orders.set(key, order);
      this.held += order.length;
    }
    return order;
  }
}

/** Cut orders held at most, in entries per product of the catalogue: 32 MB at a million products. */
const ORDERS_WITHIN_PER_PRODUCT = 8;

/** The part built from offers: sizes and stock, refreshed as orders and the ERP change stock. */
export interface StockPart {
  /** Sizes in display order (numbers as numbers, Russian letters). */
  sizes: string[];
  size: Map<string, Bitmap>;
  sizeInStock: Map<string, Bitmap>;
  inStock: Bitmap;
}

/** Popularity: products ordered in the last POPULARITY_DAYS, most units first (ties by id); only those are ranked. */
export interface PopularityPart extends SortOrder {
  ranked: Bitmap;
  ordersWithin: OrdersWithin;
}

interface PriceOrder {
  /** The dealer's price of each product number, in kopecks. */
  prices: Float64Array;
  ascending: SortOrder;
  descending: SortOrder;
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
    const next = new CatalogSnapshot(parts.products ?? this.products, parts.stock ?? this.stock, parts.popularity ?? this.popularity);
    // Every order changes popularity, and so the snapshot. A scope's entry is made of the products part and of the
    // sizes the stock part knows (not of what is in stock, which flips change in place): while those two parts stay,
    // the next snapshot keeps the entries instead of building them again on its first pages, as the novelty bitmap
    // stays with the products part.
    // A part with new prices only (`RepricedProductsBuilder`) shares the numbering and every bitmap and order but the
    // prices': the scopes and the novelty are made of those, and stay too.
    if (next.products.ids === this.products.ids) {
      next.novelty = this.novelty;
      if (next.stock === this.stock) for (const [key, entry] of this.scopes) next.scopes.set(key, entry);
    }
    return next;
  }

  /** A scope's products and the values of each filter its products have (listed even when a filter leaves none). */
  scope(scope: CatalogScope): ScopeEntry {
    const key = 'groupCodes' in scope ? `g:${[...scope.groupCodes].sort().join('\u0000')}` : 'seasonSale' in scope ? 's' : 'a';
    let entry = this.scopes.get(key);
    if (!entry) {
      const { products, stock } = this;
      const whole =
        'groupCodes' in scope
          ? union(products.size, scope.groupCodes.flatMap((code) => products.groups.get(code) ?? []))
          : 'seasonSale' in scope
            ? products.sale
            : products.all;
      const words = ScopeWords.of(whole);
      const members = words.cut(whole);
      const present = (values: string[], bitmaps: Map<string, Bitmap>) =>
        values.filter((value) => countBoth(members, words.cut(bitmaps.get(value)!)) > 0);
      entry = {
        key,
        words,
        members,
        size: count(members),
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
    const { createdUs, size } = this.products;
    const newOrder = this.products.newOrder.order;
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

  /**
   * The order cut to the scope's products (`OrdersWithin`): the order itself for a scope of more than half the
   * catalogue, where a walk meets its products often enough. `name` tells the order apart in the cache.
   */
  orderWithin(scope: ScopeEntry, name: string, sort: SortOrder, cache: OrdersWithin = this.products.ordersWithin): Int32Array {
    if (scope.size * 2 > this.products.size) return sort.order;
    return cache.get(`${scope.key}\u0000${name}`, () => {
      const within = new Int32Array(Math.min(scope.size, sort.order.length));
      const of = { set: scope.members, words: scope.words, size: scope.size };
      let n = 0;
      for (const i of sort.order) if (isMember(of, i)) within[n++] = i;
      return within.subarray(0, n);
    });
  }

  /**
   * The dealer's price order, cheapest or dearest first, and the same cut to the scope: one cut shared by the price
   * sorts, the price filter and the price span.
   */
  priceOrderWithin(scope: ScopeEntry, halves: Halves, sort: 'price' | '-price'): { order: SortOrder; within: Int32Array } {
    const prices = this.priceOrder(halves);
    const order = sort === 'price' ? prices.ascending : prices.descending;
    return { order, within: this.orderWithin(scope, `${sort} ${halvesKey(halves)}`, order) };
  }

  priceOrder(halves: Halves): PriceOrder {
    const key = halvesKey(halves);
    let order = this.products.priceOrders.get(key);
    if (!order) {
      order = buildPriceOrder(this.products, halves);
      this.products.priceOrders.set(key, order);
    }
    return order;
  }
}

interface ScopeEntry {
  key: string;
  /** The words its products lie in: every bitmap of its pages is cut to them. */
  words: ScopeWords;
  /** Its products, cut to its words. */
  members: Bitmap;
  size: number;
  values: Record<ProductFacet | 'size', string[]>;
  /**
   * Each facet's and size's count over the whole scope, made by its first page without filters. They depend on the
   * products part and the sizes the stock part knows, as the entry does; stock (which flips change in place), «new»
   * and prices are counted per page. At a million products these popcounts were a quarter of the main thread under
   * browsing load (docs/performance.md, «Memory»).
   */
  unfilteredCounts?: Record<ProductFacet | 'size', ValueCount[]>;
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
  /**
   * With the filter counts and what each filter leaves out (the default); false for another page of a selection
   * whose counts the client already has — they are the same on every page, and cost more than the page itself.
   */
  withCounts?: boolean;
}

type ValueCount = { value: string; count: number };

export interface IndexAnswer {
  /** The page's product ids in the sort's order. */
  ids: number[];
  total: number;
  page: number;
  /** Null when asked without counts (`withCounts: false`), as is `without`. */
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
  } | null;
  without: Array<{ filter: FilterName; total: number }> | null;
}

type IndependentFilter = ProductFacet | 'status' | 'price';

/** A page of a catalogue with its filters' counts, from the index alone. */
export function answerPage(snapshot: CatalogSnapshot, query: IndexQuery): IndexAnswer {
  const { products, stock } = snapshot;
  const { filters } = query;
  const scope = snapshot.scope(query.scope);
  // Every bitmap cut to the scope's words: the result, and so every set combined here, lies within them.
  const within = (bitmap: Bitmap) => scope.words.cut(bitmap);
  const bits = scope.words.length * 32;
  const anyOf = (bitmaps: Map<string, Bitmap>, values: readonly string[]) =>
    union(
      bits,
      values.flatMap((value) => {
        const bitmap = bitmaps.get(value);
        return bitmap ? [within(bitmap)] : [];
      }),
    );
  const statusSet = (value: string) =>
    value === 'new' ? within(snapshot.newProducts(query.newSinceUs)) : (products.statuses.has(value) ? within(products.statuses.get(value)!) : emptyBitmap(bits));

  // The filters that do not interact: each is one bitmap, and a count leaves out its own.
  const independent = new Map<IndependentFilter, Bitmap>();
  for (const facet of PRODUCT_FACETS) {
    if (filters[facet].length > 0) independent.set(facet, anyOf(products.facets[facet].bitmaps, filters[facet]));
  }
  if (filters.status.length > 0) independent.set('status', union(bits, filters.status.map(statusSet)));
  if (filters.priceFrom !== null || filters.priceTo !== null) independent.set('price', priceRange(snapshot, query.halves, filters, scope));

  // Size and stock are one condition: with sizes chosen, stock narrows them to «this size in stock».
  const sizes = filters.size;
  const inStock = filters.inStock;
  const sizeOrStock =
    sizes.length > 0 ? anyOf(inStock ? stock.sizeInStock : stock.size, sizes) : inStock ? within(stock.inStock) : null;

  const and = (...sets: Array<Bitmap | null>) => {
    const present = sets.filter((set): set is Bitmap => set !== null);
    return intersection(present[0]!, ...present.slice(1));
  };
  const rest = and(scope.members, ...independent.values());
  const result = sizeOrStock ? and(rest, sizeOrStock) : rest;
  const total = count(result);
  const page = Math.max(1, Math.min(query.page, catalogPageCount(total, query.pageSize)));
  const numbers = pageMembers(snapshot, query, scope, { set: result, words: scope.words, size: total }, catalogPageOffset(page, query.pageSize), query.pageSize);
  const ids = numbers.map((i) => products.ids[i]!);
  if (query.withCounts === false) return { ids, total, page, counts: null, without: null };

  const restWithout = (name: IndependentFilter) =>
    and(scope.members, ...[...independent].filter(([other]) => other !== name).map(([, set]) => set));
  const othersOf = new Map<IndependentFilter, Bitmap>();
  for (const name of independent.keys()) othersOf.set(name, and(restWithout(name), sizeOrStock));
  const countBase = (name: IndependentFilter) => othersOf.get(name) ?? result;
  const withoutSize = inStock ? within(stock.inStock) : null;
  const withoutStock = sizes.length > 0 ? anyOf(stock.size, sizes) : null;

  const facetCounts = (facet: ProductFacet): ValueCount[] => {
    const base = countBase(facet);
    return scope.values[facet].map((value) => ({ value, count: countBoth(base, within(products.facets[facet].bitmaps.get(value)!)) }));
  };
  const sizeCounts = (): ValueCount[] =>
    scope.values.size.map((value) => ({
      value,
      count: countBoth(rest, within((inStock ? stock.sizeInStock : stock.size).get(value)!)),
    }));
  const unfiltered = independent.size === 0 && sizeOrStock === null;
  if (unfiltered && !scope.unfilteredCounts) {
    scope.unfilteredCounts = {
      type: facetCounts('type'),
      season: facetCounts('season'),
      protection: facetCounts('protection'),
      standard: facetCounts('standard'),
      size: sizeCounts(),
    };
  }
  // Copies: the answer is the caller's to change.
  const known = (name: ProductFacet | 'size') => (unfiltered ? scope.unfilteredCounts![name].map((entry) => ({ ...entry })) : undefined);
  const statusBase = countBase('status');
  const priceBase = countBase('price');
  const counts: NonNullable<IndexAnswer['counts']> = {
    inStock: countBoth(rest, sizes.length > 0 ? anyOf(stock.sizeInStock, sizes) : within(stock.inStock)),
    type: known('type') ?? facetCounts('type'),
    season: known('season') ?? facetCounts('season'),
    size: known('size') ?? sizeCounts(),
    protection: known('protection') ?? facetCounts('protection'),
    standard: known('standard') ?? facetCounts('standard'),
    status: CATALOG_STATUS_VALUES.map((value) => ({ value, count: countBoth(statusBase, statusSet(value)) })),
    price: priceSpan(snapshot, query.halves, scope, {
      set: priceBase,
      words: scope.words,
      size: priceBase === result ? total : count(priceBase),
    }),
  };

  const without = activeCatalogFilters(filters).map((filter) => {
    if (filter === 'inStock') return { filter, total: count(withoutStock ? and(rest, withoutStock) : rest) };
    if (filter === 'size') return { filter, total: count(withoutSize ? and(rest, withoutSize) : rest) };
    return { filter, total: count(countBase(filter)) };
  });
  return { ids, total, page, counts, without };
}

/**
 * The words of the catalogue's bitmaps a scope's products lie in, and its bitmaps cut to them. A group is one span of
 * words (products are numbered in catalogue order): cut by `subarray`, no copy. The season sale is spread over every
 * group, first within each (`catalogueNumbers`): its words are picked one by one and copied together, a few thousand
 * words instead of the whole catalogue's.
 */
class ScopeWords {
  private constructor(
    private readonly from: number,
    /** How many words a cut bitmap has. */
    readonly length: number,
    /** Picked words: the catalogue's word of each word of a cut bitmap, and the other way round (-1: not picked). */
    private readonly wordAt: Int32Array | null,
    private readonly localWord: Int32Array | null,
  ) {}

  /** The words of a scope's products: their span, or only the words with products when those are under half of it. */
  static of(whole: Bitmap): ScopeWords {
    const { from, to } = spanOf(whole);
    let used = 0;
    for (let w = from; w < to; w++) if (whole[w] !== 0) used++;
    if (used * 2 >= to - from) return new ScopeWords(from, to - from, null, null);
    const wordAt = new Int32Array(used);
    const localWord = new Int32Array(whole.length).fill(-1);
    let k = 0;
    for (let w = from; w < to; w++) {
      if (whole[w] === 0) continue;
      wordAt[k] = w;
      localWord[w] = k++;
    }
    return new ScopeWords(from, used, wordAt, localWord);
  }

  /** The bitmap cut to these words (a view of it for a span: not to be written to). */
  cut(bitmap: Bitmap): Bitmap {
    if (!this.wordAt) return bitmap.subarray(this.from, this.from + this.length);
    const cut = new Uint32Array(this.length);
    for (let k = 0; k < cut.length; k++) cut[k] = bitmap[this.wordAt[k]!]!;
    return cut;
  }

  /** Where product number `i` is in a cut bitmap, or -1 when its word is not one of these. */
  local(i: number): number {
    const w = i >>> 5;
    const k = this.localWord ? (this.localWord[w] ?? -1) : w >= this.from && w < this.from + this.length ? w - this.from : -1;
    return k < 0 ? -1 : (k << 5) | (i & 31);
  }

  /** Calls `visit` with the product number of each member of a cut bitmap, ascending. */
  forEach(set: Bitmap, visit: (i: number) => void): void {
    const { wordAt } = this;
    if (!wordAt) forEachMember(set, visit, this.from);
    else forEachMember(set, (at) => visit((wordAt[at >>> 5]! << 5) | (at & 31)));
  }
}

/** A set cut to a scope's words, and how many products it holds. */
interface ScopeSet {
  set: Bitmap;
  words: ScopeWords;
  size: number;
}

const isMember = ({ set, words }: ScopeSet, i: number) => {
  const at = words.local(i);
  return at >= 0 && hasBit(set, at);
};

/**
 * The dealer's price range: a binary search of the scope's own price order (the catalogue's cut to the scope, shared
 * with the price sorts), so the range holds the scope's products only, however many of the catalogue's lie between
 * its bounds (a group's middle quarter of prices can span half the catalogue).
 */
function priceRange(snapshot: CatalogSnapshot, halves: Halves, filters: CatalogFilters, scope: ScopeEntry): Bitmap {
  const { prices } = snapshot.priceOrder(halves);
  const { within } = snapshot.priceOrderWithin(scope, halves, 'price');
  const from = filters.priceFrom === null ? -Infinity : toKopecks(filters.priceFrom);
  const to = filters.priceTo === null ? Infinity : toKopecks(filters.priceTo);
  const firstAtLeast = (bound: number, inclusive: boolean) => {
    let low = 0;
    let high = within.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const price = prices[within[middle]!]!;
      if (inclusive ? price < bound : price <= bound) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const { words } = scope;
  const range = emptyBitmap(words.length * 32);
  for (let j = firstAtLeast(from, true), end = firstAtLeast(to, false); j < end; j++) {
    const at = words.local(within[j]!);
    if (at >= 0) setBit(range, at);
  }
  return range;
}

/**
 * The lowest and highest dealer's price in the set: its first members along the two price orders cut to the scope,
 * found in a few steps unless the filters left few of the scope's products; then (the walk stopping after as many
 * steps as that takes) a look at every member.
 */
function priceSpan(snapshot: CatalogSnapshot, halves: Halves, scope: ScopeEntry, of: ScopeSet): { min: number | null; max: number | null } {
  if (of.size === 0) return { min: null, max: null };
  const { prices } = snapshot.priceOrder(halves);
  const budget = of.set.length + of.size;
  const min = firstMember(of, snapshot.priceOrderWithin(scope, halves, 'price').within, budget);
  const max = min === undefined ? undefined : firstMember(of, snapshot.priceOrderWithin(scope, halves, '-price').within, budget);
  if (min !== undefined && max !== undefined) return { min: prices[min]!, max: prices[max]! };
  let lowest = Infinity;
  let highest = -Infinity;
  of.words.forEach(of.set, (i) => {
    const price = prices[i]!;
    if (price < lowest) lowest = price;
    if (price > highest) highest = price;
  });
  return { min: lowest, max: highest };
}

/** The first member of the set along the order, or undefined when there is none within `steps` of its start. */
function firstMember(of: ScopeSet, order: Int32Array, steps: number): number | undefined {
  const end = Math.min(order.length, steps);
  for (let j = 0; j < end; j++) if (isMember(of, order[j]!)) return order[j]!;
  return undefined;
}

/** The page's product numbers in the query's sort, `skip` of them skipped. */
function pageMembers(snapshot: CatalogSnapshot, query: IndexQuery, scope: ScopeEntry, result: ScopeSet, skip: number, take: number): number[] {
  const { products } = snapshot;
  const sorted = (name: string, sort: SortOrder, of = result, from = skip, count = take, cache?: OrdersWithin) =>
    inOrder(of, sort, snapshot.orderWithin(scope, name, sort, cache), from, count);
  switch (query.sort) {
    case 'price':
    case '-price': {
      const { order, within } = snapshot.priceOrderWithin(scope, query.halves, query.sort);
      return inOrder(result, order, within, skip, take);
    }
    case 'name':
      return sorted('name', products.nameOrder);
    case 'new':
      return sorted('new', products.newOrder);
    case 'popular': {
      // Products ordered lately, most units first; then the rest in id order.
      const { popularity } = snapshot;
      const ranked = result.words.cut(popularity.ranked);
      const rankedHere = intersection(result.set, ranked);
      const first = { ...result, set: rankedHere, size: count(rankedHere) };
      const taken = sorted('popular', popularity, first, skip, take, popularity.ordersWithin);
      if (taken.length >= take) return taken;
      const unranked = { ...result, set: difference(result.set, ranked), size: result.size - first.size };
      return [...taken, ...sorted('id', products.idOrder, unranked, Math.max(0, skip - first.size), take - taken.length)];
    }
    default:
      return sorted('id', products.idOrder);
  }
}

/**
 * `take` members of the set in the sort's order after `skip` of them: by a walk of the order cut to the scope
 * (`within`) that keeps the members, or by sorting the members by their places in the whole order, which costs about
 * the span plus members × log members. The walk takes about (skip + take) × its length / members steps when the
 * members are spread evenly along it; it is tried when that is the cheaper, and given up for the sorting once it has
 * taken as many steps as the sorting would (members bunched far along the order). Members the order lacks (added
 * while it was read) are left out either way.
 */
function inOrder(of: ScopeSet, sort: SortOrder, within: Int32Array, skip: number, take: number): number[] {
  if (skip >= of.size || take <= 0) return [];
  const sorting = of.set.length + 2 * of.size * Math.log2(of.size + 1);
  if (((skip + take) * within.length) / of.size <= sorting) {
    const taken: number[] = [];
    let skipped = 0;
    const end = Math.min(within.length, sorting);
    let j = 0;
    for (; j < end && taken.length < take; j++) {
      const i = within[j]!;
      if (!isMember(of, i)) continue;
      if (skipped < skip) skipped++;
      else taken.push(i);
    }
    if (taken.length >= take || j >= within.length) return taken;
  }
  const ranks = new Int32Array(of.size);
  let n = 0;
  of.words.forEach(of.set, (i) => {
    const rank = sort.rank[i]!;
    if (rank >= 0) ranks[n++] = rank;
  });
  return Array.from(ranks.subarray(0, n).sort().subarray(skip, skip + take), (rank) => sort.order[rank]!);
}

/** Dictionary-encoded column while products are read chunk by chunk (in id order). */
/** Entries of one block of a NumberColumn (a power of two). */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;

/**
 * Numbers read chunk by chunk, kept in typed blocks of 65,536. A number[] grows by copies of itself: building a
 * million products' columns so left garbage as large as the columns, in the large-object space until a full
 * collection — with the columns themselves, 12 arrays of 8 MB, most of the index build's peak after its rows
 * (docs/performance.md, «Memory»). Blocks are never copied, and an Int32Array takes half a number[]'s 8 bytes.
 */
class NumberColumn {
  private readonly blocks: Array<Int32Array | Float64Array> = [];
  length = 0;

  constructor(private readonly kind: typeof Int32Array | typeof Float64Array) {}

  push(value: number): void {
    if ((this.length & (BLOCK - 1)) === 0) this.blocks.push(new this.kind(BLOCK));
    this.blocks[this.length >>> BLOCK_BITS]![this.length & (BLOCK - 1)] = value;
    this.length++;
  }

  at(position: number): number {
    return this.blocks[position >>> BLOCK_BITS]![position & (BLOCK - 1)]!;
  }
}

class Column {
  readonly codes = new NumberColumn(Int32Array);
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

  /** The value read at `position`. */
  valueAt(position: number): string | null {
    const code = this.codes.at(position);
    return code < 0 ? null : this.names[code]!;
  }

  /** A bitmap per value, of the product numbers (`numberAt`: the number of the product read at each position). */
  bitmaps(size: number, numberAt: Int32Array): Map<string, Bitmap> {
    const bitmaps = this.names.map(() => emptyBitmap(size));
    for (let position = 0; position < this.codes.length; position++) {
      const code = this.codes.at(position);
      if (code >= 0) setBit(bitmaps[code]!, numberAt[position]!);
    }
    return new Map(this.names.map((name, code) => [name, bitmaps[code]!]));
  }
}

/** Collects products in id order (chunk by chunk) into the products part. */
export class ProductsPartBuilder {
  private readonly ids = new NumberColumn(Int32Array);
  private readonly group = new Column();
  private readonly facets = { type: new Column(), season: new Column(), protection: new Column(), standard: new Column() };
  private readonly status = new Column();
  private readonly sale: number[] = [];
  private readonly createdUs = new NumberColumn(Float64Array);
  private readonly listKopecks = new NumberColumn(Float64Array);
  private readonly dealerKopecks = new NumberColumn(Float64Array);
  private readonly maxDiscount = new NumberColumn(Float64Array);
  private readonly nameWords = new NameWordsBuilder();

  /** The id of the last product added (the next chunk starts after it). */
  get lastId(): number {
    return this.ids.length > 0 ? this.ids.at(this.ids.length - 1) : 0;
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
      this.maxDiscount.push(Number(row.maxDiscount) || 0);
      this.nameWords.add(this.ids.length - 1, row.nameKey);
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
    // A million products take about a second here: given back to other requests step by step (~0.1 s each).
    const size = this.ids.length;
    const idsAscending = new Int32Array(size);
    for (let position = 0; position < size; position++) idsAscending[position] = this.ids.at(position);
    const numberAt = this.catalogueNumbers(groupTree);
    const idOrder = sortOrder(numberAt, size);
    const ids = new Int32Array(size);
    const createdUs = new Float64Array(size);
    const listKopecks = new Float64Array(size);
    const dealerKopecks = new Float64Array(size);
    const status = new Array<string>(size);
    const maxDiscount = new Float64Array(size);
    for (let position = 0; position < size; position++) {
      const i = numberAt[position]!;
      ids[i] = idsAscending[position]!;
      createdUs[i] = this.createdUs.at(position);
      listKopecks[i] = this.listKopecks.at(position);
      dealerKopecks[i] = this.dealerKopecks.at(position);
      status[i] = this.status.valueAt(position)!;
      maxDiscount[i] = this.maxDiscount.at(position);
    }
    const sale = emptyBitmap(size);
    for (const position of this.sale) setBit(sale, numberAt[position]!);
    const facets = {} as ProductsPart['facets'];
    for (const name of PRODUCT_FACETS) {
      await yieldToOthers();
      const bitmaps = this.facets[name].bitmaps(size, numberAt);
      facets[name] = { values: orderedValues[name].filter((value) => bitmaps.has(value)), bitmaps };
    }
    await yieldToOthers();
    const groups = this.group.bitmaps(size, numberAt);
    const statuses = this.status.bitmaps(size, numberAt);
    const numbering = { ids, idsAscending, idOrder };
    await yieldToOthers();
    const nameOrder = sortOrder(numbersOf(numbering, idsByName), size);
    await yieldToOthers();
    const newOrder = sortOrder(numbersOf(numbering, idsByNovelty), size);
    await yieldToOthers();
    return {
      size,
      ...numbering,
      groups,
      groupTree,
      facets,
      statuses,
      sale,
      all: fullBitmap(size),
      createdUs,
      listKopecks,
      dealerKopecks,
      status,
      maxDiscount,
      nameOrder,
      newOrder,
      priceOrders: new Map(),
      ordersWithin: new OrdersWithin(ORDERS_WITHIN_PER_PRODUCT * size),
      nameWords: this.nameWords.build(size),
    };
  }

  /**
   * The product number of each product read (by its position in id order): the groups in the menu's order, each
   * before its sub-groups (so a group and its sub-groups are one run of numbers), then products in no group or in a
   * group the menu lacks; within a group the season sale's products first (so the sale takes few words: ScopeWords),
   * then by id. A counting sort: one pass to count, one to place.
   */
  private catalogueNumbers(groupTree: ProductsPart['groupTree']): Int32Array {
    const place = new Map<string, number>();
    const visit = (parent: string | null) => {
      for (const group of groupTree) {
        if (group.parentCode !== parent || place.has(group.code)) continue;
        place.set(group.code, place.size);
        visit(group.code);
      }
    };
    visit(null);
    const unplaced = place.size;
    const placeOf = this.group.names.map((code) => place.get(code) ?? unplaced);
    const onSale = new Uint8Array(this.ids.length);
    for (const position of this.sale) onSale[position] = 1;
    const bucketOf = (code: number, position: number) => 2 * (code < 0 ? unplaced : placeOf[code]!) + 1 - onSale[position]!;
    const start = new Int32Array(2 * (unplaced + 1) + 1);
    const codes = this.group.codes;
    for (let position = 0; position < codes.length; position++) start[bucketOf(codes.at(position), position) + 1]!++;
    for (let k = 1; k < start.length; k++) start[k]! += start[k - 1]!;
    const numberAt = new Int32Array(this.ids.length);
    for (let position = 0; position < codes.length; position++) numberAt[position] = start[bucketOf(codes.at(position), position)]!++;
    return numberAt;
  }
}

/** One product's two prices as the index reads them when only prices changed (catalog.repository.ts `indexPricesAfter`). */
export interface IndexedPrices {
  id: number;
  listKopecks: number;
  dealerKopecks: number;
}

/**
 * The products part with new prices and everything else shared with the part it is made from — numbering, bitmaps,
 * sort orders, name words — so a change of prices alone (a 1C offers package prices every product it sends) costs two
 * arrays of the catalogue's size, not the whole part built again beside the one pages answer from. Its orders by price
 * are built anew (on first use, or by the keeper at once), as are the orders cut to a scope (some of them are by price).
 * Rows come in ascending id order, a chunk at a time; a product the part does not hold (added since) is left out, as
 * the products' marker has moved for it and the next rebuild reads everything.
 */
export class RepricedProductsBuilder {
  private readonly listKopecks: Float64Array;
  private readonly dealerKopecks: Float64Array;
  /** Where in the ids ascending the last row was looked for: rows come in id order, so the walk goes forward only. */
  private position = 0;
  private last = 0;

  constructor(private readonly products: ProductsPart) {
    this.listKopecks = Float64Array.from(products.listKopecks);
    this.dealerKopecks = Float64Array.from(products.dealerKopecks);
  }

  /** The id of the last product read (the next chunk starts after it). */
  get lastId(): number {
    return this.last;
  }

  add(rows: readonly IndexedPrices[]): void {
    const { idsAscending, idOrder } = this.products;
    for (const row of rows) {
      if (row.id <= this.last) throw new Error('The catalogue index reads prices in ascending id order');
      this.last = row.id;
      while (this.position < idsAscending.length && idsAscending[this.position]! < row.id) this.position++;
      if (idsAscending[this.position] !== row.id) continue;
      const i = idOrder.order[this.position]!;
      this.listKopecks[i] = row.listKopecks;
      this.dealerKopecks[i] = row.dealerKopecks;
    }
  }

  build(): ProductsPart {
    const { products } = this;
    return {
      ...products,
      listKopecks: this.listKopecks,
      dealerKopecks: this.dealerKopecks,
      priceOrders: new Map(),
      ordersWithin: new OrdersWithin(ORDERS_WITHIN_PER_PRODUCT * products.size),
    };
  }
}

/** The ids of the first `limit` products whose names hold every word (in name form), ascending. */
export function idsWithNameWords(products: ProductsPart, words: readonly string[], limit: number): number[] {
  return products.nameWords.search(words, limit).map((place) => products.idsAscending[place]!);
}

/** Lets the requests waiting meanwhile run before the next step of a build. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The product number of an id, or -1 when the index does not hold it. */
export function numberOf(numbering: Numbering, id: number): number {
  const { idsAscending } = numbering;
  let low = 0;
  let high = idsAscending.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = idsAscending[middle]!;
    if (value === id) return numbering.idOrder.order[middle]!;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function numbersOf(numbering: Numbering, ids: ArrayLike<number>): Int32Array {
  const numbers: number[] = [];
  for (let j = 0; j < ids.length; j++) {
    const i = numberOf(numbering, ids[j]!);
    if (i >= 0) numbers.push(i);
  }
  return Int32Array.from(numbers);
}

/** An order of product numbers with each product's place in it (-1 for products it lacks). */
function sortOrder(order: Int32Array, size: number): SortOrder {
  const rank = new Int32Array(size).fill(-1);
  for (let j = 0; j < order.length; j++) rank[order[j]!] = j;
  return { order, rank };
}

/** Collects offers into the stock part (any order of offers). */
export class StockPartBuilder {
  private readonly size = new Map<string, Bitmap>();
  private readonly sizeInStock = new Map<string, Bitmap>();
  private readonly inStock: Bitmap;

  constructor(private readonly numbering: Numbering) {
    this.inStock = emptyBitmap(numbering.ids.length);
  }

  add(rows: readonly IndexedOffer[]): void {
    const count = this.numbering.ids.length;
    for (const row of rows) {
      const i = numberOf(this.numbering, row.productId);
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
export function restock(stock: StockPart, numbers: readonly number[], numbering: Numbering, offers: readonly IndexedOffer[]): void {
  for (const i of numbers) {
    clearBit(stock.inStock, i);
    for (const bitmap of stock.sizeInStock.values()) clearBit(bitmap, i);
  }
  for (const offer of offers) {
    const i = numberOf(numbering, offer.productId);
    const sized = stock.sizeInStock.get(offer.size);
    if (i < 0 || !offer.inStock || !sized || !hasBit(stock.size.get(offer.size)!, i)) continue;
    setBit(sized, i);
    setBit(stock.inStock, i);
  }
}

/** Popularity from units per product id (products not in the index are left out). */
export function buildPopularity(numbering: Numbering, units: ReadonlyArray<{ id: number; units: number }>): PopularityPart {
  const size = numbering.ids.length;
  const ranked = emptyBitmap(size);
  const entries: Array<{ i: number; units: number }> = [];
  for (const row of units) {
    const i = numberOf(numbering, row.id);
    if (i < 0 || row.units === 0) continue;
    entries.push({ i, units: row.units });
    setBit(ranked, i);
  }
  // Most units first; ties in id order, as `coalesce(popular.units, 0) desc, p.id asc` does. Products with no units
  // in the window (none, or lines that add up to 0) are «the rest», in id order.
  const idRank = numbering.idOrder.rank;
  entries.sort((a, b) => b.units - a.units || idRank[a.i]! - idRank[b.i]!);
  return { ...sortOrder(Int32Array.from(entries, (entry) => entry.i), size), ranked, ordersWithin: new OrdersWithin(ORDERS_WITHIN_PER_PRODUCT * size) };
}

/**
 * Product numbers by the dealer's price (ties by id), ascending and descending. Sorted as packed numbers (price above,
 * the id's place below) by the engine's numeric sort, which takes ~0.1 s for a million; a comparator when the prices
 * are too large to pack.
 */
function buildPriceOrder(products: ProductsPart, halves: Halves): PriceOrder {
  const { size } = products;
  const idRank = products.idOrder.rank;
  const byRank = products.idOrder.order;
  const prices = new Float64Array(size);
  let highest = 0;
  for (let i = 0; i < size; i++) {
    const full = priceKopecksForHalves(products.listKopecks[i]!, products.dealerKopecks[i]!, halves);
    const discount = halves.discountPercent ?? 0;
    prices[i] = discount > 0 ? productNetKopecks(full, { status: products.status[i]!, maxDiscountPercent: products.maxDiscount[i]! }, discount) : full;
    if (prices[i]! > highest) highest = prices[i]!;
  }
  const scale = 2 ** Math.max(1, Math.ceil(Math.log2(size + 1)));
  const sorted = (key: (i: number) => number): SortOrder => {
    let order: Int32Array;
    if ((highest + 1) * scale < Number.MAX_SAFE_INTEGER) {
      const keys = new Float64Array(size);
      for (let i = 0; i < size; i++) keys[i] = key(i) * scale + idRank[i]!;
      keys.sort();
      order = Int32Array.from(keys, (packed) => byRank[packed % scale]!);
    } else {
      order = Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => key(a) - key(b) || idRank[a]! - idRank[b]!);
    }
    return sortOrder(order, size);
  };
  const ascending = sorted((i) => prices[i]!);
  const descending = sorted((i) => highest - prices[i]!);
  return { prices, ascending, descending };
}
