import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { line, position, positionArb } from './fixtures.test-support';
import { mergePositions } from './merge-positions';
import { availableUnits, splitStock } from './split-stock';

describe('splitStock', () => {
  it('moves the quantity above stock to pre-sale and marks the position pre-order', () => {
    const { position: normal, position_presail: presale } = splitStock([position('a', [line('s1', 8, 5), line('s2', 2, 10)])]);
    expect(normal[0]!.characteristics.map((l) => [l.GUID, l.count])).toEqual([
      ['s1', 5],
      ['s2', 2],
    ]);
    expect(presale[0]!.characteristics.map((l) => [l.GUID, l.count])).toEqual([['s1', 3]]);
    expect(normal[0]!.preorder).toBe(true);
    expect(presale[0]!.preorder).toBe(true);
  });

  it('drops zero-stock lines from the normal list', () => {
    const split = splitStock([position('a', [line('s1', 4, 0)])]);
    expect(split.position).toEqual([]);
    expect(split.position_presail[0]!.characteristics[0]!.count).toBe(4);
  });

  it('keeps a position within stock in the normal list only, not pre-order', () => {
    const split = splitStock([position('a', [line('s1', 3, 3)])]);
    expect(split.position_presail).toEqual([]);
    expect(split.position[0]!.preorder).toBe(false);
  });

  it('drops empty lines and treats negative stock as none', () => {
    expect(splitStock([position('a', [line('s1', 0, 3)])])).toEqual({ position: [], position_presail: [] });
    expect(availableUnits(5, -2)).toBe(0);
  });

  it('property: for every line normal + pre-sale equals what was asked, and normal never exceeds stock', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 8 }), (added) => {
        const asked = mergePositions(added);
        const split = splitStock(asked);
        for (const p of asked) {
          for (const l of p.characteristics) {
            const find = (list: typeof split.position) =>
              list.find((x) => x.guid === p.guid)?.characteristics.find((x) => x.GUID === l.GUID)?.count ?? 0;
            const normal = find(split.position);
            expect(normal + find(split.position_presail)).toBe(l.count);
            expect(normal).toBeLessThanOrEqual(Math.max(0, l.RESIDUE));
            // Pre-sale only takes what stock cannot cover.
            expect(normal).toBe(Math.min(l.count, l.RESIDUE));
          }
        }
        for (const p of [...split.position, ...split.position_presail]) {
          expect(p.characteristics.length).toBeGreaterThan(0);
          for (const l of p.characteristics) expect(l.count).toBeGreaterThan(0);
        }
      }),
    );
  });
});
