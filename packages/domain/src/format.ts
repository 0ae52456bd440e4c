/** Display formats of spec §9: prices with 2 decimals, a dot separator and the rouble sign; dates as day.month.year. */

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

/** The portal's calendar is Moscow's (spec §9): the zone's own rules, never a fixed offset. */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';
const moscowParts = new Intl.DateTimeFormat('en-GB', { timeZone: MOSCOW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function moscowYmd(ms: number): { year: string; month: string; day: string } {
  const parts = Object.fromEntries(moscowParts.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return { year: parts.year ?? '', month: parts.month ?? '', day: parts.day ?? '' };
}

/** The Moscow calendar day of a moment as 'YYYY-MM-DD' (e.g. «a date not before today»). */
export function moscowDate(ms: number): string {
  const { year, month, day } = moscowYmd(ms);
  return `${year}-${month}-${day}`;
}

/** The Moscow calendar day `days` after the day of a moment, as 'YYYY-MM-DD'. */
export function moscowDateAfter(ms: number, days: number): string {
  const [year, month, day] = moscowDate(ms).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** Unix seconds → "dd.mm.yyyy" in Moscow time; a negative or missing value shows the placeholder. */
export function formatUnixDate(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return MISSING_DATE;
  const { year, month, day } = moscowYmd(seconds * 1000);
  return `${day}.${month}.${year}`;
}

/** Volume and weight totals are rounded to 3 decimals (spec §9). */
export function roundTo3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
