import { describe, expect, it } from 'vitest';
import { count, countBoth, emptyBitmap, forEachMember, fullBitmap, hasBit, intersection, membersInOrder, popcount32, setBit, union } from './bitmap';

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
    expect(count(a)).toBe(5);
  });

  it('lists members in order from any offset, across words', () => {
    const members = [0, 3, 31, 32, 40, 63, 64, 95, 96, 99];
    const bitmap = of(100, members);
    const seen: number[] = [];
    forEachMember(bitmap, (i) => seen.push(i));
    expect(seen).toEqual(members);
    for (let skip = 0; skip <= members.length + 1; skip++) {
      for (const take of [1, 3, 25]) {
        expect(membersInOrder(bitmap, skip, take), `${skip}/${take}`).toEqual(members.slice(skip, skip + take));
      }
    }
  });
});
