/**
 * Calendar days in Moscow, where the warehouse and the back office keep their dates. A day is 'YYYY-MM-DD', so days
 * compare as text. The zone comes from Intl ('Europe/Moscow'), never from an hour constant.
 */

// Made on first use, not when the module loads: building it reads the zone's data, which every screen of the web app
// paid for at start-up (some 60–100 ms of a phone's main thread under Lighthouse's slowdown) before showing anything.
let moscowParts: Intl.DateTimeFormat | undefined;
const moscowFormat = () =>
  (moscowParts ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The Moscow calendar day of a moment (a Date or unix milliseconds). */
export function moscowDay(moment: Date | number): string {
  const parts = Object.fromEntries(moscowFormat().formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The Moscow calendar day of a moment given in unix seconds (the spec's dates). */
export const moscowDayOfUnix = (seconds: number): string => moscowDay(seconds * 1000);

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * A moment inside a Moscow day, in unix seconds: noon UTC, which falls on the same calendar day in every zone from
 * UTC−11 to UTC+11, Moscow included. For dates that mean "that day" (a payment deadline, a document's date).
 */
export function unixOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, 12) / 1000;
}

let moscowClock: Intl.DateTimeFormat | undefined;
const moscowClockFormat = () => (moscowClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

/** A moment as «dd.mm.yyyy hh:mm» in Moscow time (a last sign-in, a record's time). */
export function formatMoscowDateTime(moment: Date | number): string {
  const [year, month, day] = moscowDay(moment).split('-');
  const parts = Object.fromEntries(moscowClockFormat().formatToParts(moment).map((part) => [part.type, part.value]));
  return `${day}.${month}.${year} ${parts.hour}:${parts.minute}`;
}
