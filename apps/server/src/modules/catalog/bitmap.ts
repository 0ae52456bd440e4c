/**
 * Sets of products as bitmaps over the catalogue index's dense product numbers (0..n-1), 32 to a word: what the index
 * keeps per filter value and what a page's filters and counts are combined from (AND, OR, population count).
 */
export type Bitmap = Uint32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function emptyBitmap(size: number): Bitmap {
  return new Uint32Array(wordsFor(size));
}

/** Every product number below `size`. */
export function fullBitmap(size: number): Bitmap {
  const bitmap = new Uint32Array(wordsFor(size)).fill(0xffffffff);
  const tail = size & 31;
  if (tail !== 0) bitmap[bitmap.length - 1] = (1 << tail) - 1;
  return bitmap;
}

export function setBit(bitmap: Bitmap, i: number): void {
  bitmap[i >>> 5]! |= 1 << (i & 31);
}

export function clearBit(bitmap: Bitmap, i: number): void {
  bitmap[i >>> 5]! &= ~(1 << (i & 31));
}

export function hasBit(bitmap: Bitmap, i: number): boolean {
  return (bitmap[i >>> 5]! & (1 << (i & 31))) !== 0;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function count(bitmap: Bitmap): number {
  let n = 0;
  for (let w = 0; w < bitmap.length; w++) n += popcount32(bitmap[w]!);
  return n;
}

/** How many products are in both sets, without building their intersection. */
export function countBoth(a: Bitmap, b: Bitmap): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += popcount32(a[w]! & b[w]!);
  return n;
}

/** The intersection of one or more sets (a new bitmap). */
export function intersection(first: Bitmap, ...rest: Bitmap[]): Bitmap {
  const result = first.slice();
  for (const other of rest) for (let w = 0; w < result.length; w++) result[w]! &= other[w]!;
  return result;
}

/** The union of the sets (a new bitmap of `size` products; empty for none). */
export function union(size: number, sets: readonly Bitmap[]): Bitmap {
  const result = emptyBitmap(size);
  for (const set of sets) for (let w = 0; w < result.length; w++) result[w]! |= set[w]!;
  return result;
}

/** The set minus the other (a new bitmap). */
export function difference(set: Bitmap, other: Bitmap): Bitmap {
  const result = set.slice();
  for (let w = 0; w < result.length; w++) result[w]! &= ~other[w]!;
  return result;
}

/**
 * The words from the first to the last one with a member (`to` exclusive; 0–0 for an empty set). Products are numbered
 * in catalogue order, so a group's products lie in one such span and work on its pages need not look beyond it.
 */
export function spanOf(bitmap: Bitmap): { from: number; to: number } {
  let from = 0;
  while (from < bitmap.length && bitmap[from] === 0) from++;
  let to = bitmap.length;
  while (to > from && bitmap[to - 1] === 0) to--;
  return from === to ? { from: 0, to: 0 } : { from, to };
}

/**
 * Calls `visit` with each product number in the set, ascending. `firstWord` is where the set starts when it is a span
 * of a larger one (`subarray`): the numbers given are those of the larger set.
 */
export function forEachMember(bitmap: Bitmap, visit: (i: number) => void, firstWord = 0): void {
  for (let w = 0; w < bitmap.length; w++) {
    let word = bitmap[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      visit(((w + firstWord) << 5) + 31 - Math.clz32(lowest));
    }
  }
}
