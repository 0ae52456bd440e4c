import { describe, expect, it } from 'vitest';
import { count, countBoth, difference, emptyBitmap, forEachMember, fullBitmap, hasBit, intersection, popcount32, setBit, spanOf, union } from './bitmap';

const of = (size: number, members: number[]) => {
  const bitmap = emptyBitmap(size);
  for (const i of members) setBit(bitmap, i);
  return bitmap;
};

describe('bitmaps of product numbers', () => {
  it('holds exactly the numbers below its size when full, whatever the last word', () => {
    for (const size of [0, 1, 31, 32, 33, 64, 100]) {
      const full = fullBitmap(size);
      expect(count(full), String(size)).toBe(size);
      expect(size === 0 || hasBit(full, size - 1)).toBe(true);
    }
  });

  it('counts the bits of any word, the sign bit included', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(1 << 31)).toBe(1);
    expect(popcount32(0x0f0f0f0f)).toBe(16);
  });

  it('intersects and unites without changing its operands', () => {
    const a = of(70, [0, 5, 31, 32, 69]);
    const b = of(70, [5, 32, 33, 69]);
    expect(count(intersection(a, b))).toBe(3);
    expect(countBoth(a, b)).toBe(3);
    expect(count(union(70, [a, b]))).toBe(6);
    expect(count(union(70, []))).toBe(0);
    expect(count(difference(a, b))).toBe(2);
    expect(hasBit(difference(a, b), 31)).toBe(true);
    expect(count(a)).toBe(5);
  });

  it('finds the span of words its members lie in, and none for an empty set', () => {
    expect(spanOf(of(320, [40, 63, 100]))).toEqual({ from: 1, to: 4 });
    expect(spanOf(of(320, [0, 319]))).toEqual({ from: 0, to: 10 });
    expect(spanOf(of(320, []))).toEqual({ from: 0, to: 0 });
  });

  it('visits members in order across words, numbered as in the whole set when given a span of it', () => {
    const members = [0, 3, 31, 32, 40, 63, 64, 95, 96, 99];
    const bitmap = of(100, members);
    const seen: number[] = [];
    forEachMember(bitmap, (i) => seen.push(i));
    expect(seen).toEqual(members);
    const inSpan: number[] = [];
    forEachMember(bitmap.subarray(1, 3), (i) => inSpan.push(i), 1);
    expect(inSpan).toEqual([32, 40, 63, 64, 95]);
  });
});
