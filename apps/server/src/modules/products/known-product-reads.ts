/**
 * What product search read of the catalogue — the products found and the card of the one shown, with its offers and
 * pictures — by option and query, on a database whose every change passes through this process (the embedded one:
 * db/table-changes.ts), as the auth module keeps the sessions. Prices are not kept: each request prices what was read
 * for its own company by the domain's one rule.
 *
 * Kept for a 1C package's apply (issue 40): its one transaction holds the embedded engine for tens of seconds, and a
 * search that read the database would wait for the commit. When the package's transaction is asked for, what is kept
 * at that moment is set aside (`packageBegins`): every change asked for before it has already dropped what it touched
 * (a statement is seen when it is asked for, and a later one waits behind the package's transaction), so what is set
 * aside is what the database holds until the commit. A search met there answers the catalogue before the package; one
 * that is not waits for the commit, as before. The package's own writes drop the kept reads as any change does, so
 * the searches asked in the last half hour that a change has dropped since (the previous package drops them all) are
 * read again just before the next package, beside the catalogue's cards (`readRecentAgain`).
 *
 * Dropped whole on any statement that may change a table the reads come from; a read that began before such a change
 * is not kept (`generation`), nor is a search that found nothing (it cannot fill the memory).
 */
import { memoryKeptExact, type Db } from '../../db/client';
import type { BriefProduct, ProductDetails } from './products.repository';

export interface FoundProducts {
  found: BriefProduct[];
  details: ProductDetails | null | undefined;
}

/** What search reads (products, their offers and pictures, the name words' tables). */
const SEARCH_TABLES = ['products', 'offers', 'product_images', 'name_words', 'product_name_words'];
/** Searches kept: a card with its offers is a few kilobytes. */
const KEPT_AT_MOST = 5_000;

/**
 * A 1C package's apply, as the catalogue index tells it (`CatalogIndex.onPackage`): `prepare` just before (beside the
 * cards' read), `begins` when its transaction is about to be asked for; what `begins` answers, once it ended.
 */
export interface PackageWatch {
  onPackage(listener: { prepare(): Promise<void>; begins(): () => void }): void;
}

/** Searches asked within this time (at most `RECENT_AT_MOST`, the latest) are read again before a package if dropped. */
const RECENT_MS = 30 * 60_000;
const RECENT_AT_MOST = 300;

class KnownProductReads {
  private readonly reads = new Map<string, FoundProducts>();
  /** What was kept when the package now applied began (`packageBegins`), until its transaction ends. */
  private beforePackage: Map<string, FoundProducts> | null = null;
  /** Searches asked lately and how to read each again: the latest last (a Map keeps insertion order). */
  private readonly recent = new Map<string, { at: number; read: () => Promise<FoundProducts> }>();
  generation = 0;

  asked(key: string, read: () => Promise<FoundProducts>) {
    this.recent.delete(key);
    this.recent.set(key, { at: Date.now(), read });
    if (this.recent.size > RECENT_AT_MOST) this.recent.delete(this.recent.keys().next().value as string);
  }

  /**
   * Before a package: the searches asked lately that a change has dropped since (the previous package's apply drops
   * them all) are read again, one at a time, so that they answer during the apply.
   */
  async readRecentAgain(): Promise<void> {
    const since = Date.now() - RECENT_MS;
    for (const [key, { at, read }] of [...this.recent]) {
      if (at < since || this.reads.has(key)) continue;
      const generation = this.generation;
      const found = await read();
      if (found.details && found.found.length > 0) this.keep(key, found, generation);
    }
  }

  forgetAll() {
    this.reads.clear();
    this.generation++;
  }

  packageBegins(): () => void {
    const aside = new Map(this.reads);
    this.beforePackage = aside;
    return () => {
      if (this.beforePackage === aside) this.beforePackage = null;
    };
  }

  get(key: string): FoundProducts | undefined {
    return this.beforePackage?.get(key) ?? this.reads.get(key);
  }

  keep(key: string, read: FoundProducts, since: number) {
    if (since !== this.generation) return;
    if (this.reads.size >= KEPT_AT_MOST) this.reads.delete(this.reads.keys().next().value as string);
    this.reads.set(key, read);
  }
}

/** Per database: null where changes are not all seen by this process (PostgreSQL), so nothing may be kept. */
const known = new WeakMap<Db, KnownProductReads | null>();
const watchedPackages = new WeakSet<object>();

function knownOf(db: Db, packages: Partial<PackageWatch> | undefined): KnownProductReads | null {
  let memory = known.get(db);
  if (memory === undefined) {
    memory = memoryKeptExact(db, SEARCH_TABLES, () => new KnownProductReads());
    known.set(db, memory);
  }
  if (memory && packages?.onPackage && !watchedPackages.has(packages)) {
    watchedPackages.add(packages);
    const kept = memory;
    packages.onPackage({ prepare: () => kept.readRecentAgain(), begins: () => kept.packageBegins() });
  }
  return memory;
}

/** `read` (a search's reads for `key`: its option and query), from memory where the database allows it. */
export async function knownProductReads(db: Db, packages: Partial<PackageWatch> | undefined, key: string, read: () => Promise<FoundProducts>): Promise<FoundProducts> {
  const memory = knownOf(db, packages);
  const kept = memory?.get(key);
  if (kept) {
    memory?.asked(key, read);
    return kept;
  }
  const since = memory?.generation ?? 0;
  const found = await read();
  // Only a search that found something is kept, and read again before a package (one that found nothing may be anything).
  if (found.details && found.found.length > 0) {
    memory?.keep(key, found, since);
    memory?.asked(key, read);
  }
  return found;
}
