/** Money arithmetic without floating-point drift: amounts become integer kopecks, are added, and come back. */
import { fromKopecks, percentOfKopecks, toKopecks } from '../money';

/**
 * Unit price after a percent discount: the discount is rounded to the kopeck (half away from zero) and taken off, the
 * same rounding a proposal's percent discount gets (money.ts percentOfKopecks).
 */
export function discountedKopecks(fullKopecks: number, percent: number): number {
  return fullKopecks - percentOfKopecks(fullKopecks, percent);
}

export function discountedPrice(fullprice: number, percent: number): number {
  return fromKopecks(discountedKopecks(toKopecks(fullprice), percent));
}

/** The discount percent as sent to the server (a fraction, spec §5), and back. */
export const percentToFraction = (percent: number) => Math.round(percent * 100) / 10_000;
export const fractionToPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
