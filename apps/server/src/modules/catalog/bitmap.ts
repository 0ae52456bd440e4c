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

/** The product numbers in the set, in ascending order: `skip` of them left out, at most `take` given. */
export function membersInOrder(bitmap: Bitmap, skip: number, take: number): number[] {
  const members: number[] = [];
  let w = 0;
  // Whole words before the first wanted member are skipped by their population counts.
  for (; w < bitmap.length; w++) {
    const n = popcount32(bitmap[w]!);
    if (n > skip) break;
    skip -= n;
  }
  for (; w < bitmap.length && members.length < take; w++) {
    let word = bitmap[w]!;
    while (word !== 0 && members.length < take) {
      const lowest = word & -word;
      word ^= lowest;
      if (skip > 0) skip--;
      else members.push((w << 5) + 31 - Math.clz32(lowest));
    }
  }
  return members;
}

/** Calls `visit` with each product number in the set, ascending. */
export function forEachMember(bitmap: Bitmap, visit: (i: number) => void): void {
  for (let w = 0; w < bitmap.length; w++) {
    let word = bitmap[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      visit((w << 5) + 31 - Math.clz32(lowest));
    }
  }
}
