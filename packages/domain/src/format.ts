/** Display formats of spec §9: prices with 2 decimals, a dot separator and the rouble sign; dates as day.month.year. */

import { addDays, moscowDay } from './moscow-day';

export const MISSING_DATE = '--.--.----';

/** 12345.5 → "12 345.50 ₽" (groups split by a narrow space, decimals by a dot). */
export function formatPrice(amount: number): string {
  return `${formatAmount(amount)} ₽`;
}

export function formatAmount(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', fraction = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${amount < 0 && Number(fixed) !== 0 ? '-' : ''}${grouped}.${fraction}`;
}

/**
 * An amount as the documents print it (the invoice, the proposal's PDF and Word file): formatAmount with an ordinary
 * space between the groups, which every document font has and Word does not break a line at inside a table cell.
 */
export const formatDocumentAmount = (amount: number): string => formatAmount(amount).replace(/\u202f/g, ' ');

/** The Moscow calendar day of a moment as 'YYYY-MM-DD' (e.g. «a date not before today»); the rule is moscow-day.ts. */
export const moscowDate = (ms: number): string => moscowDay(ms);

/** The Moscow calendar day `days` after the day of a moment, as 'YYYY-MM-DD'. */
export const moscowDateAfter = (ms: number, days: number): string => addDays(moscowDay(ms), days);

/** A day 'YYYY-MM-DD' → "dd.mm.yyyy". */
export function russianDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Unix seconds → "dd.mm.yyyy" in Moscow time; a negative or missing value shows the placeholder. */
export function formatUnixDate(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return MISSING_DATE;
  return russianDay(moscowDay(seconds * 1000));
}

/** Volume and weight totals are rounded to 3 decimals (spec §9). */
export function roundTo3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
