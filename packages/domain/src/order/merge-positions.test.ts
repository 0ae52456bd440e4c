import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { line, position, positionArb } from './fixtures.test-support';
import { mergePosition, mergePositions } from './merge-positions';
import type { Position } from './types';

const units = (list: readonly Position[], guid: string, lineGuid: string) =>
  list
    .filter((p) => p.guid === guid)
    .flatMap((p) => p.characteristics)
    .filter((l) => l.GUID === lineGuid)
    .reduce((sum, l) => sum + l.count, 0);

describe('mergePosition', () => {
  it('adds a new product as a new position', () => {
    const merged = mergePosition([position('a', [line('s1', 2, 5)])], position('b', [line('s1', 1, 5)]));
    expect(merged.map((p) => p.guid)).toEqual(['a', 'b']);
  });

  it('merges the same product into one position and adds counts of the same characteristic', () => {
    const merged = mergePosition(
      [position('a', [line('s1', 2, 5), line('s2', 1, 5)])],
      position('a', [line('s1', 3, 7), line('s3', 4, 0)]),
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.characteristics.map((l) => [l.GUID, l.count])).toEqual([
      ['s1', 5],
      ['s2', 1],
      ['s3', 4],
    ]);
    // The added line brings the fresher stock.
    expect(merged[0]!.characteristics[0]!.RESIDUE).toBe(7);
  });

  it('never changes its input', () => {
    const before = [position('a', [line('s1', 2, 5)])];
    const copy = structuredClone(before);
    mergePosition(before, position('a', [line('s1', 3, 5)]));
    expect(before).toEqual(copy);
  });

  it('property: units per product and characteristic are conserved and guids are unique', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 8 }), (added) => {
        const merged = mergePositions(added);
        expect(new Set(merged.map((p) => p.guid)).size).toBe(merged.length);
        for (const p of merged) expect(new Set(p.characteristics.map((l) => l.GUID)).size).toBe(p.characteristics.length);
        for (const guid of ['a', 'b', 'c', 'd'])
          for (const lineGuid of ['s1', 's2', 's3']) expect(units(merged, guid, lineGuid)).toBe(units(added, guid, lineGuid));
      }),
    );
  });
});
