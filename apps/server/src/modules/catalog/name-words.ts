/**
 * Name search in memory (issue 14): the distinct words of the products' name keys, and for each word the products
 * having it, as their places in id order (posting lists, ascending). Part of the catalogue index's products part,
 * rebuilt with it when products change.
 *
 * The rule is the database word index's (migration 0008, products.repository.ts `findByNameWords`): a product matches
 * when each query word lies within one of its name's words (name_key split at spaces), and matches come in id order,
 * at most `limit`. test/modules/products/name-search-equivalence.test.ts holds both to the trigram search of whole
 * names they replaced.
 *
 * A query word's products are the union of the lists of the words it lies within. When the query word with the fewest
 * postings has fewer than one per 32 products, it leads: its products are read in id order and each is looked for in
 * the other query words' lists — in a bitmap for a word of more than 1/32 of the products, else by galloping search
 * from where the last look ended. Otherwise every query word is a bitmap (a short list made one for the query), and
 * they are combined 32 products at a time. Reading stops at `limit` matches, so a common query costs little; a query
 * that matches nothing costs a pass over its leading lists or over the bitmaps' words. The kept bitmaps take at most
 * 32 × (words per name) of them whatever the catalogue: about 25 MB at a million.
 */
import { emptyBitmap, hasBit, setBit, type Bitmap } from './bitmap';

/** A word's products: their places in id order, and as a bitmap when they are many. */
interface Postings {
  places: Int32Array;
  bitmap: Bitmap | null;
}

/**
 * A word's places while the index is read, in an Int32Array that doubles when full: a number[] takes twice the bytes
 * per place, and a common word's list of a million grows by copies of itself (garbage for a full collection).
 */
class PlaceList {
  places = new Int32Array(4);
  length = 0;

  push(place: number): void {
    if (this.length === this.places.length) {
      const grown = new Int32Array(this.places.length * 2);
      grown.set(this.places);
      this.places = grown;
    }
    this.places[this.length++] = place;
  }

  get last(): number {
    return this.length > 0 ? this.places[this.length - 1]! : -1;
  }
}

export class NameWordsBuilder {
  private readonly wordOf = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly postings: PlaceList[] = [];

  /** The name key of the product at `place` (places given in ascending order, as products are read). */
  add(place: number, nameKey: string): void {
    for (const word of nameKey.split(' ')) {
      if (word === '') continue;
      let id = this.wordOf.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.wordOf.set(word, id);
        this.words.push(word);
        this.postings.push(new PlaceList());
      }
      // A word twice in one name is listed once.
      const list = this.postings[id]!;
      if (list.last !== place) list.push(place);
    }
  }

  /** The index over `size` products (places 0..size-1). */
  build(size: number): NameWords {
    return new NameWords(
      size,
      this.words,
      this.postings.map((list) => {
        const places = list.places.slice(0, list.length);
        return { places, bitmap: places.length * 32 <= size ? null : bitmapOf(places, size) };
      }),
    );
  }
}

export class NameWords {
  constructor(
    private readonly size: number,
    private readonly words: readonly string[],
    private readonly postings: readonly Postings[],
  ) {}

  /** The places (in id order) of the first `limit` products whose names hold every query word, ascending. */
  search(queryWords: readonly string[], limit: number): number[] {
    if (queryWords.length === 0 || limit <= 0) return [];
    const lists = queryWords.map((queryWord) => this.listsWithin(queryWord));
    if (lists.some((found) => found.length === 0)) return [];
    const size = (found: Postings[]) => found.reduce((sum, list) => sum + list.places.length, 0);
    lists.sort((a, b) => size(a) - size(b));
    const words = (this.size + 31) >>> 5;
    if (size(lists[0]!) > words) {
      return this.searchBitmaps(
        lists.map((found) => found.map((list) => list.bitmap ?? bitmapOf(list.places, this.size))),
        limit,
      );
    }
    const [leading, ...others] = lists as [Postings[], ...Postings[][]];
    const cursors = others.map((found) => new Int32Array(found.length));
    const matches: number[] = [];
    const leads = new Union(leading.map((list) => list.places));
    for (let place = leads.next(); place >= 0 && matches.length < limit; place = leads.next()) {
      let all = true;
      for (let k = 0; k < others.length && all; k++) all = holds(others[k]!, cursors[k]!, place);
      if (all) matches.push(place);
    }
    return matches;
  }

  /** `search` by bitmaps: per 32 products, the AND over query words of the OR of their bitmaps. */
  private searchBitmaps(bitmaps: readonly Bitmap[][], limit: number): number[] {
    const matches: number[] = [];
    const words = (this.size + 31) >>> 5;
    for (let w = 0; w < words && matches.length < limit; w++) {
      let both = 0xffffffff;
      for (let k = 0; k < bitmaps.length && both !== 0; k++) {
        let any = 0;
        for (const bitmap of bitmaps[k]!) any |= bitmap[w]!;
        both &= any;
      }
      while (both !== 0 && matches.length < limit) {
        const lowest = both & -both;
        both ^= lowest;
        matches.push((w << 5) + 31 - Math.clz32(lowest));
      }
    }
    return matches;
  }

  /** The posting lists of the words the query word lies within. */
  private listsWithin(queryWord: string): Postings[] {
    const found: Postings[] = [];
    for (let id = 0; id < this.words.length; id++) if (this.words[id]!.includes(queryWord)) found.push(this.postings[id]!);
    return found;
  }
}

function bitmapOf(places: Int32Array, size: number): Bitmap {
  const bitmap = emptyBitmap(size);
  for (const place of places) setBit(bitmap, place);
  return bitmap;
}

/** The places of several ascending lists, ascending and each once: `next()` gives them one by one, then -1. */
class Union {
  private readonly cursors: Int32Array;

  constructor(private readonly lists: readonly Int32Array[]) {
    this.cursors = new Int32Array(lists.length);
  }

  next(): number {
    const { lists, cursors } = this;
    let lowest = -1;
    for (let k = 0; k < lists.length; k++) {
      const at = cursors[k]!;
      if (at < lists[k]!.length && (lowest < 0 || lists[k]![at]! < lowest)) lowest = lists[k]![at]!;
    }
    for (let k = 0; k < lists.length; k++) if (lists[k]![cursors[k]!] === lowest) cursors[k]!++;
    return lowest;
  }
}

/**
 * Whether one of the lists holds the place: a bit of its bitmap, or an entry of its places. Places are asked in
 * ascending order, so each list's cursor only moves forward: by galloping (steps doubling, then a binary search) to
 * the first entry not below the place.
 */
function holds(lists: readonly Postings[], cursors: Int32Array, place: number): boolean {
  let held = false;
  for (let k = 0; k < lists.length; k++) {
    const { bitmap, places: list } = lists[k]!;
    if (bitmap) {
      if (hasBit(bitmap, place)) return true;
      continue;
    }
    let low = cursors[k]!;
    if (low >= list.length || list[low]! > place) continue;
    let step = 1;
    let high = low + 1;
    while (high < list.length && list[high]! < place) {
      low = high;
      step *= 2;
      high = low + step;
    }
    high = Math.min(high, list.length);
    // The first entry at or above the place lies in (low, high]; list[low] < place unless it equals it.
    if (list[low]! >= place) high = low;
    else {
      while (low + 1 < high) {
        const middle = (low + high) >>> 1;
        if (list[middle]! < place) low = middle;
        else high = middle;
      }
    }
    cursors[k] = high;
    if (high < list.length && list[high] === place) held = true;
  }
  return held;
}
