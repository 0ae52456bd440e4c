/** Spec §4: adding a position merges into the position with the same guid, and counts of the same characteristic add up. */
import type { CharacteristicLine, Position } from './types';

function mergeLines(into: CharacteristicLine[], added: readonly CharacteristicLine[]): CharacteristicLine[] {
  const lines = into.map((line) => ({ ...line }));
  for (const line of added) {
    const same = lines.find((candidate) => candidate.GUID === line.GUID);
    // The newer line carries the fresher price and stock; the counts add up.
    if (same) Object.assign(same, { ...line, count: same.count + line.count });
    else lines.push({ ...line });
  }
  return lines;
}

/** Merges `added` into the list: same guid → one position, same characteristic GUID → one line with summed count. */
export function mergePosition(positions: readonly Position[], added: Position): Position[] {
  const index = positions.findIndex((position) => position.guid === added.guid);
  if (index === -1) return [...positions, { ...added, characteristics: mergeLines([], added.characteristics) }];
  return positions.map((position, i) =>
    i === index
      ? { ...position, ...added, characteristics: mergeLines(position.characteristics, added.characteristics) }
      : position,
  );
}

export function mergePositions(...lists: ReadonlyArray<readonly Position[]>): Position[] {
  let merged: Position[] = [];
  for (const list of lists) for (const position of list) merged = mergePosition(merged, position);
  return merged;
}
