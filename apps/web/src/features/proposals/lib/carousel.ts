/** The logo and banner carousels rotate (spec §4): next, previous, and shift (bring a chosen item to the front). */

/** The first item goes to the end: the next one comes to the front. */
export function rotateNext<T>(list: readonly T[]): T[] {
  if (list.length < 2) return [...list];
  return [...list.slice(1), list[0]!];
}

/** The last item comes to the front. */
export function rotatePrevious<T>(list: readonly T[]): T[] {
  if (list.length < 2) return [...list];
  return [list[list.length - 1]!, ...list.slice(0, -1)];
}

/** Rotates until the item at `index` is at the front, keeping the circular order. */
export function shiftTo<T>(list: readonly T[], index: number): T[] {
  if (list.length === 0) return [];
  const at = ((index % list.length) + list.length) % list.length;
  return [...list.slice(at), ...list.slice(0, at)];
}

/** The list in carousel order starting at the item with this id (or as it is when the id is not there). */
export function startingAt<T extends { id: number }>(list: readonly T[], id: number | null): T[] {
  const index = id === null ? -1 : list.findIndex((item) => item.id === id);
  return index < 0 ? [...list] : shiftTo(list, index);
}
