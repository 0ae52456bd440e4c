/** Money without floating-point drift: roubles become integer kopecks for arithmetic, and come back for display. */

/** Roubles (up to 2 decimals) → kopecks, rounding half away from zero: 1.005 is 101 kopecks, not 100.49999…. */
export function toKopecks(roubles: number): number {
  const scaled = Math.abs(roubles) * 100;
  const rounded = Math.round(Number(scaled.toFixed(6)));
  return roubles < 0 && rounded !== 0 ? -rounded : rounded;
}

export function fromKopecks(kopecks: number): number {
  return kopecks / 100;
}
