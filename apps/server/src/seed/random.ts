/** A seeded random generator: the demo data is the same on every machine and every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** A deterministic guid-shaped id from a namespace and a number: stable external ids for seeded rows. */
export function seededGuid(namespace: number, n: number): string {
  const hex = (value: number, width: number) => (value >>> 0).toString(16).padStart(width, '0').slice(-width);
  return `${hex(namespace, 8)}-${hex(n >>> 16, 4)}-4${hex(n, 3)}-8${hex(namespace ^ n, 3)}-${hex(n, 12)}`;
}
