/**
 * Keeps the catalogue index (catalog-index.ts) current. It is built from the database in chunks (a million products in
 * short statements, other requests answered between them), and each of its parts is rebuilt when the database says its
 * tables changed: the change markers of migrations 0010 and 0026, one sequence per kind of change, advanced by every
 * write of products and catalogue groups, of products' prices alone, of offers added or removed (sizes), and of order
 * lines (popularity); and the table
 * catalog_stock_flips, where an update of offers writes the products whose stock went to or came back from zero, so
 * an order re-reads a few products' offers, not all stock — by this process, another one on the same PostgreSQL,
 * the seed or a hand-run statement alike.
 *
 * Two ways to notice a change (CATALOG_INDEX_REFRESH, docs/decisions.md «Catalogue index»):
 * - `background` (production): the markers are read every CATALOG_INDEX_REFRESH_SECONDS and a changed part is rebuilt
 *   behind the requests, which meanwhile answer from the previous index. This process's own writes start the rebuild
 *   at once; after an import of products, pages wait for it, so a page never lists a product that is gone. Stock and
 *   popularity may lag by the interval plus one rebuild (cards always read live stock).
 * - `on-request` (tests): every page first reads the markers and rebuilds what changed before answering, so a test
 *   sees its own writes without waiting for a timer.
 * Until the first build completes, pages wait for it.
 *
 * While a 1C package is applied (`whileApplying`, issue 40) pages answer from the index as it was before the package
 * and from the cards read just before its transaction (cards-before-package.ts), and go on doing so after the commit
 * until the parts the package changed are rebuilt: the old catalogue whole, then the new one whole.
 */
import { PRICE_TYPE, priceTypeHalves } from '@portal/domain';
import { tableChangesOf, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  CatalogSnapshot,
  PRODUCT_FACETS,
  ProductsPartBuilder,
  RepricedProductsBuilder,
  StockPartBuilder,
  buildPopularity,
  idsWithNameWords,
  type ProductFacet,
  type Numbering,
  type ProductsPart,
  type IndexedOffer,
  type StockPart,
  numberOf,
  restock,
  yieldToOthers,
} from './catalog-index';
import { CardsBeforePackage } from './cards-before-package';
import * as repo from './catalog.repository';

/**
 * Products; their prices alone (a 1C offers package changes those only: two arrays read again, not every product —
 * migration 0026); all offers (sizes and stock); stock that crossed zero (catalog_stock_flips); popularity.
 */
export type IndexPart = 'products' | 'prices' | 'stock' | 'flips' | 'orders';
type Markers = Record<IndexPart, number>;

export interface CatalogIndexOptions {
  refresh: 'background' | 'on-request';
  /** Background: how often the markers are read. */
  intervalMs: number;
  log: { error(details: object, message: string): void; info(details: object, message: string): void };
  /** Products per statement while building (offers go a quarter of that many products at a time). */
  chunk?: number;
}

/**
 * Products per statement while building. A chunk's answer is alive at once — its protocol messages and its row
 * objects with their strings, some 1 KB a product — while the next is read, so it outlives the young generation's
 * scavenges and is promoted: garbage in the old generation, collected only by a full collection. At 50,000 products a
 * chunk the old generation of a 250,000-product build reached 192 MB (the index itself is ~70 MB of it), and the
 * portal with 1,000,000 products peaked at 1,594 MB while building; at 10,000 it stays at the index's own size
 * (docs/performance.md, «Memory»). More statements cost little: each is a range of the primary key.
 */
const BUILD_CHUNK = 10_000;

/** Popularity is a 90-day window: a few minutes' lag means nothing, and its query reads every recent order line. */
const POPULARITY_REFRESH_MS = 60_000;
/** The window moves even without new orders (old orders leave it): rebuilt at least this often. */
const POPULARITY_MAX_AGE_MS = 3_600_000;
/** Stock flips are removed after an hour (repo.pruneStockFlips); looked for every ten minutes. */
const FLIPS_PRUNE_MS = 600_000;
/** More flips than this since the last look: all stock is read instead. */
const FLIPS_AT_MOST = 20_000;

/**
 * Companies whose catalogue pages were asked within this time are the ones whose «bought before» is read with the cards
 * before a package (at most this many, the latest first): their dealers' pages answer during the apply.
 */
const COMPANY_PAGES_RECENT_MS = 30 * 60_000;
const COMPANIES_BEFORE_PACKAGE = 500;
/** Companies a statement of «bought before» reads. */
const BOUGHT_CHUNK = 50;
/** What «bought before» is read from, and a company whose removal cascades into it. */
const BOUGHT_TABLES = ['orders', 'order_lines', 'partners'];

/** See `CatalogIndex.cardsChunk`. */
const CARDS_CHUNK = 2_000;

class IndexClosed extends Error {}

export class CatalogIndex {
  private snapshot: CatalogSnapshot | null = null;
  /** The markers each part was built as of. */
  private builtAs: Markers = { products: -1, prices: -1, stock: -1, flips: -1, orders: -1 };
  /**
   * Flips are read from the marker before the last one applied: a flip whose transaction committed after a later one
   * was read (ids are taken before commit) is still read once more. Re-reading a product's offers changes nothing.
   */
  private flipsFrom = 0;
  private prunedAt = 0;
  private newSpanUs = 0;
  /** When each part's last rebuild started. */
  private readonly builtAt: Record<IndexPart, number> = { products: 0, prices: 0, stock: 0, flips: 0, orders: 0 };
  private readonly pending = new Set<IndexPart>();
  private cycle: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  /** A rebuild after this process's own import of products: pages wait for it. */
  private ownProductsWrite: Promise<void> | null = null;
  /** Parts rebuilt on a change seen at the last tick, rebuilt once more at the next (see `checkNow`). */
  private confirm = new Set<IndexPart>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Set while a 1C package is applied, and after its commit until its changes are in the index. */
  private beforePackage: { snapshot: CatalogSnapshot; cards: CardsBeforePackage } | null = null;
  /** The rebuild of what a committed package changed, while it runs. */
  private afterPackage: Promise<void> | null = null;
  /** Packages in `whileApplying` (the previous one's rebuild awaited, the cards' read, the transaction). */
  private packagesApplying = 0;
  private readonly chunk: number;
  /**
   * Products per statement of the cards' read before a package (their offers go a quarter of that many products at a
   * time). A page asked during the read waits for the statement under way: at the index's 10,000 a statement held the
   * engine ~100 ms, and a short «only changes» package, whose read is most of its apply, had pages p95 111 ms (100,000
   * offers; docs/performance.md, «1C exchange»). Public for the benchmark's comparison.
   */
  cardsChunk = CARDS_CHUNK;
  /** Told of each package: `prepare` beside the cards' read, `begins` right before its transaction (`onPackage`). */
  private readonly packageListeners = new Set<{ prepare(): Promise<void>; begins(): () => void }>();
  /** Companies whose pages were asked, and when last: the latest last (a Map keeps insertion order). */
  private readonly companiesAsked = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly options: CatalogIndexOptions,
  ) {
    this.chunk = options.chunk ?? BUILD_CHUNK;
  }

  /** Background mode: the first build now, then the markers every interval. */
  start(): void {
    if (this.options.refresh !== 'background' || this.timer || this.closed) return;
    this.firstBuild().catch((error: unknown) => {
      if (!(error instanceof IndexClosed)) this.options.log.error({ err: error }, 'catalogue index: first build failed');
    });
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.cycle?.catch(() => {});
  }

  /**
   * The index to answer a page from, and since when a product counts as «new» (microseconds since 1970: NEW_PRODUCT_DAYS
   * back from now in the database's calendar).
   */
  async current(): Promise<{ snapshot: CatalogSnapshot; newSinceUs: number; cardsBeforePackage: CardsBeforePackage | null }> {
    const frozen = this.beforePackage;
    // A package is being applied: the database's session is the apply's until it commits, and the index as it was
    // before the package is what the cards read before it match. No marker is read and no rebuild waited for.
    if (frozen) return { snapshot: frozen.snapshot, newSinceUs: Date.now() * 1000 - this.newSpanUs, cardsBeforePackage: frozen.cards };
    try {
      if (!this.snapshot) await this.firstBuild();
      if (this.options.refresh === 'on-request') {
        const changed = partsChanged(await this.readMarkers(), this.builtAs);
        if (changed.length > 0) await this.refresh(changed);
      } else if (this.ownProductsWrite) {
        await this.ownProductsWrite;
      }
    } catch (error) {
      if (!(error instanceof IndexClosed)) throw error;
    }
    // Only while the server shuts down, before the first build ended.
    if (!this.snapshot) throw new AppError('UNAVAILABLE', 'Каталог ещё загружается: повторите через несколько секунд.');
    return { snapshot: this.snapshot, newSinceUs: Date.now() * 1000 - this.newSpanUs, cardsBeforePackage: null };
  }

  /**
   * Runs `apply` — a 1C package's one transaction (exchange-1c's catalog-import.ts) — with pages answered meanwhile
   * from memory: first every card is read in short statements (pages still read the database between them), with the
   * «bought before» of the companies whose pages were asked lately and what `onPackage` listeners read (product
   * search's recent searches), then the transaction runs while pages take the index before the package and those
   * cards (a signed-in dealer's session and contracts are kept in memory already). A package that fails leaves the
   * catalogue as it was: pages go back to the database at once. One that commits: the parts its changes moved the
   * markers of are rebuilt behind the pages (on request, by the next page), which switch to the new catalogue when
   * that is done.
   */
  async whileApplying<T>(apply: () => Promise<T>): Promise<T> {
    this.packagesApplying++;
    try {
      return await this.applying(apply);
    } finally {
      this.packagesApplying--;
    }
  }

  /**
   * A 1C package is being applied, or pages still answer from before it: from the cards' read — when pages read the
   * database between its statements — until the rebuild after the commit. Long statements of upkeep wait meanwhile
   * (db/statistics.ts: a VACUUM of a million offers holds the embedded engine for a second or more, and pages asked
   * during the cards' read waited behind it: docs/performance.md, «1C exchange»).
   */
  get packageUnderWay(): boolean {
    return this.packagesApplying > 0 || this.beforePackage !== null || this.afterPackage !== null;
  }

  private async applying<T>(apply: () => Promise<T>): Promise<T> {
    // The previous package's changes go into the index first (pages meanwhile answer from before it), so the cards
    // read now match the index they are shown with.
    await this.afterPackage;
    // Before the first build pages wait anyway; a package applied while another is (two files at once) keeps the
    // first one's cards.
    if (!this.snapshot || this.closed || this.beforePackage) return apply();
    const snapshot = this.snapshot;
    const started = Date.now();
    // On the embedded database an order placed while «bought before» is read (or before the package's transaction
    // takes the engine) would not be in it: then no company's page shows it from memory (they wait for the commit).
    // On PostgreSQL a company's page reads it from the database during the apply without waiting: not read here.
    const changes = tableChangesOf(this.db);
    let ordersChanged = false;
    const stopWatching = changes?.watch(BOUGHT_TABLES, () => (ordersChanged = true));
    let cards: CardsBeforePackage;
    try {
      cards = await this.readCards(snapshot.products);
      if (changes) await this.readBought(cards);
      for (const listener of this.packageListeners) {
        await listener.prepare().catch((error: unknown) => this.options.log.error({ err: error }, 'catalogue: a reading before a package failed; what it keeps waits for the apply'));
      }
    } catch (error) {
      stopWatching?.();
      // The package does not fail for the pages' sake: it is applied, and pages wait for it as they would without this.
      if (!(error instanceof IndexClosed)) this.options.log.error({ err: error }, 'catalogue: cards not read before a package; pages wait for its apply');
      return apply();
    }
    this.options.log.info({ products: snapshot.products.size, ms: Date.now() - started }, 'catalogue: cards read before a package');
    const frozen = { snapshot, cards };
    this.beforePackage = frozen;
    const release = () => {
      if (this.beforePackage === frozen) this.beforePackage = null;
    };
    let result: T;
    try {
      // A statement asked from here on waits behind the package's transaction, which is asked first: only one asked
      // before this point can have changed an order after the read.
      const ends = [...this.packageListeners].map((listener) => listener.begins());
      const applied = apply();
      stopWatching?.();
      if (ordersChanged) cards.forgetBought();
      try {
        result = await applied;
      } finally {
        for (const end of ends) end();
      }
    } catch (error) {
      release();
      throw error;
    }
    if (this.options.refresh === 'on-request') {
      release();
      return result;
    }
    const rebuilt = (async () => {
      const changed = partsChanged(await this.readMarkers(), this.builtAs);
      if (changed.length > 0) await this.refresh(changed);
    })()
      .catch((error: unknown) => {
        if (!(error instanceof IndexClosed)) this.options.log.error({ err: error }, 'catalogue index: rebuild after a package failed');
      })
      .finally(() => {
        release();
        if (this.afterPackage === rebuilt) this.afterPackage = null;
      });
    this.afterPackage = rebuilt;
    return result;
  }

  /** The cards a package's apply reads first, read now (null before the first build): the benchmark weighs them. */
  async readCardsNow(): Promise<CardsBeforePackage | null> {
    return this.snapshot ? this.readCards(this.snapshot.products) : null;
  }

  /**
   * For each package whose pages answer from memory: `prepare` is awaited after the cards' read (a failure is logged,
   * the package goes on), `begins` is called right before its transaction is asked for, and what it answers once the
   * transaction committed or failed. Product search reads its recent searches again, then sets its kept reads aside
   * so (products' known-product-reads.ts).
   */
  onPackage(listener: { prepare(): Promise<void>; begins(): () => void }): void {
    this.packageListeners.add(listener);
  }

  /** A company's catalogue page was asked: its «bought before» is read with the cards before the next package. */
  noteCompanyPage(partnerId: number): void {
    this.companiesAsked.delete(partnerId);
    this.companiesAsked.set(partnerId, Date.now());
    if (this.companiesAsked.size > COMPANIES_BEFORE_PACKAGE) this.companiesAsked.delete(this.companiesAsked.keys().next().value as number);
  }

  /** Background mode, after a package committed: resolves when pages answer from the new catalogue (for tests). */
  async packageSettled(): Promise<void> {
    await this.afterPackage;
  }

  /**
   * Resolves when no rebuild of the index runs: the previous package's, a look at the markers', the first build's. A
   * 1C package waits for it before it reads its file (exchange-1c's catalog-import.ts): a rebuild holds what it builds
   * beside the index pages answer from and the previous package's cards, and a package read meanwhile took turns with
   * it on the one engine (docs/performance.md, «1C exchange»).
   */
  async rebuildsDone(): Promise<void> {
    while (this.afterPackage || this.cycle) {
      await this.afterPackage;
      await this.cycle?.catch(() => {});
    }
  }

  /**
   * The products part for name search, as fresh as a page's (`current`), or null while the first build runs in the
   * background (at a million products, two minutes after start-up): name search then reads the database's word index
   * rather than wait.
   */
  async searchable(): Promise<ProductsPart | null> {
    if (!this.snapshot && this.options.refresh === 'background') return null;
    try {
      return (await this.current()).snapshot.products;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAVAILABLE') return null;
      throw error;
    }
  }

  /**
   * The ids of the first `limit` products whose names hold every word, ascending, from the products part; null while
   * the first build runs in the background (product search's `NameWordsIndex`, modules/products).
   */
  async productIdsWithNameWords(words: readonly string[], limit: number): Promise<number[] | null> {
    const products = await this.searchable();
    return products ? idsWithNameWords(products, words, limit) : null;
  }

  /**
   * This process has just written `part` (an order took stock; the ERP imported products or stock): rebuild it now
   * rather than at the next tick. Only in background mode: on request, the next page reads the markers anyway.
   */
  noteWrite(part: IndexPart): void {
    if (this.options.refresh !== 'background' || this.closed || !this.snapshot) return;
    // A package's changes are being rebuilt already: its rebuild read the markers after the commit.
    if (this.afterPackage && part !== 'flips' && part !== 'orders') return;
    // Orders come many a second in a busy hour: all stock is read at most once an interval, popularity once a minute;
    // a write inside that time is left to the next tick, which sees it by its marker. Flips are cheap: read at once.
    const spacing = part === 'orders' ? POPULARITY_REFRESH_MS : part === 'stock' ? this.options.intervalMs : 0;
    if (Date.now() - this.builtAt[part] < spacing) return;
    const rebuilt = this.refresh([part]).catch((error: unknown) => {
      if (!(error instanceof IndexClosed)) this.options.log.error({ err: error, part }, 'catalogue index: rebuild failed');
    });
    // Pages wait for this process's own new products (none listed that is gone) and prices (none sorted by the old).
    if (part === 'products' || part === 'prices') {
      const waited: Promise<void> = rebuilt.finally(() => {
        if (this.ownProductsWrite === waited) this.ownProductsWrite = null;
      });
      this.ownProductsWrite = waited;
    }
  }

  /**
   * The first build, asked for once: pages that come while it runs wait for it. (Each asking anew would queue a second
   * build of everything behind the first, and at a million products the pages would wait for both.)
   */
  private firstBuild(): Promise<void> {
    this.building ??= this.refresh(['products']).catch((error: unknown) => {
      this.building = null;
      throw error;
    });
    return this.building;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.checkNow()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'catalogue index: refresh failed'))
        .finally(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /**
   * One look at the markers. A sequence advances when the writing statement ends, a moment before its transaction
   * commits: a rebuild that starts in that moment sees the new marker but not yet the rows. So a part rebuilt for a
   * change is rebuilt once more at the next tick, which covers any transaction shorter than the interval. Tests call it
   * instead of waiting for the timer.
   */
  async checkNow(): Promise<void> {
    if (!this.snapshot) return;
    // A package's rebuild is under way: it read the markers after the package committed, so the changes this look
    // would see are the ones it is rebuilding. Queued behind it they were a second full rebuild, and their «confirm» at
    // the next look a third (minutes of the machine and ~170 MB each at a million products); a later change is seen
    // by the first look after it.
    if (this.afterPackage) return;
    const markers = await this.readMarkers();
    const changed = partsChanged(markers, this.builtAs).filter(
      (part) => part !== 'orders' || Date.now() - this.builtAt.orders >= POPULARITY_REFRESH_MS,
    );
    if (Date.now() - this.builtAt.orders >= POPULARITY_MAX_AGE_MS && !changed.includes('orders')) changed.push('orders');
    const parts = new Set([...changed, ...this.confirm]);
    this.confirm = new Set(changed);
    if (parts.size > 0) await this.refresh([...parts]);
    if (Date.now() - this.prunedAt >= FLIPS_PRUNE_MS) {
      this.prunedAt = Date.now();
      await repo.pruneStockFlips(this.db);
    }
  }

  private async readMarkers(): Promise<Markers> {
    const row = await repo.indexMarkers(this.db);
    this.newSpanUs = row.newSpanSeconds * 1_000_000;
    return { products: row.products, prices: row.prices, stock: row.stock, flips: row.flips, orders: row.orders };
  }

  /** Rebuilds the parts, one rebuild at a time; resolves when no rebuild asked for before or meanwhile is left. */
  private refresh(parts: readonly IndexPart[]): Promise<void> {
    for (const part of parts) this.pending.add(part);
    if (!this.cycle) {
      this.cycle = (async () => {
        while (this.pending.size > 0 && !this.closed) {
          const next = new Set(this.pending);
          this.pending.clear();
          await this.rebuild(next);
        }
      })().finally(() => {
        this.cycle = null;
      });
    }
    return this.cycle;
  }

  private async rebuild(parts: Set<IndexPart>): Promise<void> {
    const started = Date.now();
    // The markers first: a change made while the parts are read moves them past these, and is read again next time.
    const markers = await this.readMarkers();
    if (!this.snapshot || parts.has('products')) {
      const products = await this.readProducts();
      const stock = await this.readStock(products);
      const popularity = buildPopularity(products, await repo.popularUnits(this.db));
      const snapshot = new CatalogSnapshot(products, stock, popularity);
      // The price orders of every price type now, one at a time, rather than in the first page sorted by each.
      for (const type of Object.values(PRICE_TYPE)) {
        await yieldToOthers();
        snapshot.priceOrder(priceTypeHalves(type));
      }
      this.snapshot = snapshot;
      this.builtAs = markers;
      this.builtAt.products = this.builtAt.prices = this.builtAt.stock = this.builtAt.flips = this.builtAt.orders = started;
      this.flipsFrom = markers.flips;
      this.options.log.info({ products: products.size, ms: Date.now() - started }, 'catalogue index built');
      return;
    }
    const numbering = this.snapshot.products;
    const repriced = parts.has('prices') ? await this.readPrices(numbering) : undefined;
    if (parts.has('flips') && !parts.has('stock')) {
      const from = this.flipsFrom;
      const flips = await repo.stockFlipsAfter(this.db, from, FLIPS_AT_MOST);
      // Thousands of flips at once (a bulk update of stock): reading all stock is cheaper than product by product.
      if (flips.length >= FLIPS_AT_MOST) parts.add('stock');
      else {
        const productIds = [...new Set(flips.map((flip) => flip.productId))];
        const numbers = productIds.map((id) => numberOf(numbering, id)).filter((i) => i >= 0);
        const offers: IndexedOffer[] = [];
        for (let start = 0; start < productIds.length; start += 1000) {
          offers.push(...(await repo.offersOfProducts(this.db, productIds.slice(start, start + 1000))));
        }
        restock(this.snapshot.stock, numbers, numbering, offers);
        this.flipsFrom = this.builtAs.flips;
        this.builtAs.flips = markers.flips;
        this.builtAt.flips = started;
      }
    }
    const stock = parts.has('stock') ? await this.readStock(numbering) : undefined;
    const popularity = parts.has('orders') ? buildPopularity(numbering, await repo.popularUnits(this.db)) : undefined;
    // The products part cannot have been replaced meanwhile: rebuilds run one at a time.
    const snapshot = this.snapshot.with({ products: repriced, stock, popularity });
    if (repriced) {
      for (const type of Object.values(PRICE_TYPE)) {
        await yieldToOthers();
        snapshot.priceOrder(priceTypeHalves(type));
      }
      this.builtAs.prices = markers.prices;
      this.builtAt.prices = started;
    }
    this.snapshot = snapshot;
    if (stock) {
      this.builtAs.stock = markers.stock;
      this.builtAs.flips = this.flipsFrom = markers.flips;
      this.builtAt.stock = this.builtAt.flips = started;
    }
    if (popularity) {
      this.builtAs.orders = markers.orders;
      this.builtAt.orders = started;
    }
  }

  private checkOpen(): void {
    if (this.closed) throw new IndexClosed('the catalogue index was closed while it was being built');
  }

  private async readProducts(): Promise<ProductsPart> {
    const groupTree = (await repo.listGroups(this.db)).map(({ code, parentCode }) => ({ code, parentCode }));
    const builder = new ProductsPartBuilder();
    for (;;) {
      this.checkOpen();
      const rows = await repo.indexProductsAfter(this.db, builder.lastId, this.chunk);
      builder.add(rows);
      if (rows.length < this.chunk) break;
    }
    const ordered = {} as Record<ProductFacet, string[]>;
    for (const facet of PRODUCT_FACETS) ordered[facet] = await repo.inCollationOrder(this.db, builder.facetValues(facet));
    const byName: number[] = [];
    let afterName: { latin: boolean; name: string; id: number } | null = null;
    for (;;) {
      this.checkOpen();
      const rows = await repo.idsByNameAfter(this.db, afterName, this.chunk);
      for (const row of rows) byName.push(row.id);
      if (rows.length < this.chunk) break;
      afterName = rows.at(-1)!;
    }
    const byNovelty: number[] = [];
    let afterCreated: { created: string; id: number } | null = null;
    for (;;) {
      this.checkOpen();
      const rows = await repo.idsByNoveltyAfter(this.db, afterCreated, this.chunk);
      for (const row of rows) byNovelty.push(row.id);
      if (rows.length < this.chunk) break;
      afterCreated = rows.at(-1)!;
    }
    return builder.build(ordered, byName, byNovelty, groupTree);
  }

  /** The products part with the prices read again, all else shared with `products` (catalog-index.ts). */
  private async readPrices(products: ProductsPart): Promise<ProductsPart> {
    const builder = new RepricedProductsBuilder(products);
    for (;;) {
      this.checkOpen();
      const rows = await repo.indexPricesAfter(this.db, builder.lastId, this.chunk);
      builder.add(rows);
      if (rows.length < this.chunk) break;
    }
    return builder.build();
  }

  /** The «bought before» of the companies whose pages were asked lately (`noteCompanyPage`), into `cards`. */
  private async readBought(cards: CardsBeforePackage): Promise<void> {
    const since = Date.now() - COMPANY_PAGES_RECENT_MS;
    const companies = [...this.companiesAsked].filter(([, at]) => at >= since).map(([partnerId]) => partnerId);
    for (let start = 0; start < companies.length; start += BOUGHT_CHUNK) {
      this.checkOpen();
      const chunk = companies.slice(start, start + BOUGHT_CHUNK);
      cards.addBought(chunk, await repo.boughtByCompanies(this.db, chunk));
    }
  }

  /**
   * Every card of the index's products, in short statements (a chunk of products, then their offers), each followed by
   * a turn of the event loop: the pages asked meanwhile read the database between them (`cardsChunk`).
   */
  private async readCards(numbering: Numbering): Promise<CardsBeforePackage> {
    const chunk = this.cardsChunk;
    const cards = new CardsBeforePackage(numbering.idsAscending);
    const ids = numbering.idsAscending;
    const last = ids.length > 0 ? ids[ids.length - 1]! : 0;
    for (let after = 0; after < last; ) {
      this.checkOpen();
      const rows = await repo.cardsAfter(this.db, after, chunk);
      cards.addCards(rows);
      await yieldToOthers();
      if (rows.length < chunk) break;
      after = rows.at(-1)!.id;
    }
    const step = Math.max(1, Math.floor(chunk / 4));
    for (let start = 0; start < ids.length; start += step) {
      this.checkOpen();
      cards.addOffers(await repo.cardOffers(this.db, ids[start]!, ids[Math.min(ids.length, start + step) - 1]!));
      await yieldToOthers();
    }
    return cards.finish();
  }

  private async readStock(numbering: Numbering): Promise<StockPart> {
    const builder = new StockPartBuilder(numbering);
    const ids = numbering.idsAscending;
    // A product has a few offers: a quarter of the products' chunk keeps a statement's answer about as large.
    const step = Math.max(1, Math.floor(this.chunk / 4));
    for (let start = 0; start < ids.length; start += step) {
      this.checkOpen();
      builder.add(await repo.indexOffers(this.db, ids[start]!, ids[Math.min(ids.length, start + step) - 1]!));
    }
    return builder.build();
  }
}

function partsChanged(markers: Markers, builtAs: Markers): IndexPart[] {
  return (['products', 'prices', 'stock', 'flips', 'orders'] as const).filter((part) => markers[part] !== builtAs[part]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's in-memory faceted index, made and decorated by app.ts. */
    catalogIndex: CatalogIndex;
  }
}
