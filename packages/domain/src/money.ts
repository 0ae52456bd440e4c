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

/** Integer division rounded half away from zero, exact for any safe integers. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/**
 * `percent` % of an amount in kopecks, rounded to the kopeck half away from zero: the one rounding of every discount
 * and markup (order, invoice, proposal). Percents keep two decimals exactly (12.5 % is 1250 hundredths).
 */
export function percentOfKopecks(kopecks: number, percent: number): number {
  const hundredths = BigInt(Math.round(Number((percent * 100).toFixed(6))));
  return Number(divideRounded(BigInt(kopecks) * hundredths, 10_000n));
}
