/** Money arithmetic without floating-point drift: amounts become integer kopecks, are added, and come back. */
import { fromKopecks, toKopecks } from '../money';

/** Unit price after a percent discount, rounded to the kopeck. */
export function discountedKopecks(fullKopecks: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.round((fullKopecks * (10_000 - basisPoints)) / 10_000);
}

export function discountedPrice(fullprice: number, percent: number): number {
  return fromKopecks(discountedKopecks(toKopecks(fullprice), percent));
}

/** The discount percent as sent to the server (a fraction, spec §5), and back. */
export const percentToFraction = (percent: number) => Math.round(percent * 100) / 10_000;
export const fractionToPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
