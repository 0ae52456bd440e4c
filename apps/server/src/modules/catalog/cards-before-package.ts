/**
 * The catalogue's cards as they were before a 1C package's apply (issue 40: catalogue pages keep p95 ≤ 100 ms while a
 * package is applied). On the embedded database the apply's one transaction holds the engine's only session for tens
 * of seconds at a million offers, and a page that reads its 25 cards waits for the commit. So, just before the
 * transaction begins, every card's fields are read into memory in short statements (pages keep answering between
 * them), and while the transaction runs a page takes its ids from the catalogue index — still the catalogue before the
 * package — and its cards from here: the old catalogue, whole, and no statement waiting for the engine. Nothing else
 * can write the catalogue while the apply holds the engine, so what was read stays what the database holds until the
 * commit (catalog-index-keeper.ts `whileApplying`).
 *
 * Kept by position in the index's ascending ids (a product the index does not hold is on no page): columns of numbers
 * in typed arrays, strings in arrays sized once, a product's offers (size and stock) as one run of the offers' columns
 * — docs/performance.md («1C exchange», pages during the apply) gives its size at a million products.
 */
import { fromKopecks } from '@portal/domain';
import type { CardOfferRow, CardRow, CatalogCard } from './catalog.repository';

export class CardsBeforePackage {
  private readonly article: string[];
  private readonly name: string[];
  private readonly status: string[];
  private readonly maxDiscount: Float64Array;
  private readonly image: Int32Array;
  private readonly listKopecks: Float64Array;
  private readonly dealerKopecks: Float64Array;
  /** Which positions were read: a product the index holds but the read did not meet (removed by hand) has no card. */
  private readonly present: Uint8Array;
  /** The offers of position k are offerSize/offerResidue[offerStart[k] .. offerStart[k + 1]). */
  private offerStart: Int32Array;
  private offerSize: Int32Array = new Int32Array(0);
  private offerResidue: Int32Array = new Int32Array(0);
  private readonly sizeCodes = new Map<string, number>();
  /** Offers read so far, per position, before they are laid out (`finish`). */
  private pendingOffers: { position: number[]; size: number[]; residue: number[] } | null = { position: [], size: [], residue: [] };
  /**
   * «Bought before» (the day of the last order, by product id) of the companies whose pages were asked lately, read
   * with the cards (catalog-index-keeper.ts `readBought`): their pages answer during the apply; another company's page
   * reads it from the database, so waits for the commit.
   */
  private readonly boughtByCompany = new Map<number, Map<number, string>>();

  /** `idsAscending`: the catalogue index's product ids, ascending (the positions cards are kept under). */
  constructor(private readonly idsAscending: Int32Array) {
    const n = idsAscending.length;
    this.article = new Array<string>(n);
    this.name = new Array<string>(n);
    this.status = new Array<string>(n);
    this.maxDiscount = new Float64Array(n);
    this.image = new Int32Array(n);
    this.listKopecks = new Float64Array(n);
    this.dealerKopecks = new Float64Array(n);
    this.present = new Uint8Array(n);
    this.offerStart = new Int32Array(n + 1);
  }

  /** Position of an id among the index's ids, or -1. */
  private positionOf(id: number): number {
    const ids = this.idsAscending;
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

  addCards(rows: readonly CardRow[]): void {
    for (const row of rows) {
      const k = this.positionOf(row.id);
      if (k < 0) continue;
      this.present[k] = 1;
      this.article[k] = row.article;
      this.name[k] = row.name;
      this.status[k] = row.status;
      this.maxDiscount[k] = Number(row.maxDiscount) || 0;
      this.image[k] = row.image === null ? 0 : Number(row.image);
      this.listKopecks[k] = Number(row.listKopecks);
      this.dealerKopecks[k] = Number(row.dealerKopecks);
    }
  }

  addOffers(rows: readonly CardOfferRow[]): void {
    const pending = this.pendingOffers!;
    for (const row of rows) {
      const k = this.positionOf(row.productId);
      if (k < 0) continue;
      let code = this.sizeCodes.get(row.size);
      if (code === undefined) {
        code = this.sizeCodes.size;
        this.sizeCodes.set(row.size, code);
      }
      pending.position.push(k);
      pending.size.push(code);
      pending.residue.push(Number(row.residue));
    }
  }

  /** The «bought before» of `partnerIds`, all of whose orders' products are in `rows`. */
  addBought(partnerIds: readonly number[], rows: ReadonlyArray<{ partnerId: number; id: number; bought: string }>): void {
    for (const partnerId of partnerIds) this.boughtByCompany.set(partnerId, new Map());
    for (const row of rows) this.boughtByCompany.get(row.partnerId)?.set(row.id, row.bought);
  }

  /** An order was placed (or a company changed) after the «bought before» was read: none of it is shown. */
  forgetBought(): void {
    this.boughtByCompany.clear();
  }

  /** Whether a page of `partnerId` can show «bought before» from here. */
  knowsBoughtOf(partnerId: number): boolean {
    return this.boughtByCompany.has(partnerId);
  }

  /** Lays the offers out by position (a counting sort): the read is whole. */
  finish(): this {
    const pending = this.pendingOffers!;
    this.pendingOffers = null;
    const start = this.offerStart;
    for (const k of pending.position) start[k + 1]!++;
    for (let k = 1; k < start.length; k++) start[k]! += start[k - 1]!;
    const next = start.slice(0, start.length - 1);
    this.offerSize = new Int32Array(pending.position.length);
    this.offerResidue = new Int32Array(pending.position.length);
    for (let j = 0; j < pending.position.length; j++) {
      const at = next[pending.position[j]!]!++;
      this.offerSize[at] = pending.size[j]!;
      this.offerResidue[at] = pending.residue[j]!;
    }
    return this;
  }

  /**
   * The cards of `ids` as `catalogCards` reads them — stock of the given sizes only when sizes are given — with the
   * «bought before» of `partnerId` when given (only for a company this knows: `knowsBoughtOf`).
   */
  cards(ids: readonly number[], sizes: readonly string[] = [], partnerId: number | null = null): CatalogCard[] {
    const bought = partnerId === null ? undefined : this.boughtByCompany.get(partnerId);
    if (partnerId !== null && !bought) throw new Error(`«bought before» of company ${partnerId} was not read before the package`);
    const codes = sizes.length > 0 ? new Set(sizes.flatMap((size) => this.sizeCodes.get(size) ?? [])) : null;
    return ids.flatMap((id) => {
      const k = this.positionOf(id);
      if (k < 0 || !this.present[k]) return [];
      let residue = 0;
      for (let at = this.offerStart[k]!; at < this.offerStart[k + 1]!; at++) {
        if (!codes || codes.has(this.offerSize[at]!)) residue += this.offerResidue[at]!;
      }
      return [
        {
          id,
          article: this.article[k]!,
          name: this.name[k]!,
          price: fromKopecks(this.listKopecks[k]!),
          status: this.status[k]!,
          maxDiscount: this.maxDiscount[k]!,
          image: this.image[k] === 0 ? null : this.image[k]!,
          residue,
          listKopecks: this.listKopecks[k]!,
          dealerKopecks: this.dealerKopecks[k]!,
          bought: bought?.get(id) ?? null,
        },
      ];
    });
  }

  /** Bytes of the typed columns and the strings' slots (the strings themselves are counted by the benchmark's heap). */
  get columnBytes(): number {
    const slots = 3 * 8 * this.idsAscending.length;
    const typed = [this.maxDiscount, this.image, this.listKopecks, this.dealerKopecks, this.present, this.offerStart, this.offerSize, this.offerResidue];
    return slots + typed.reduce((sum, array) => sum + array.byteLength, 0);
  }
}
