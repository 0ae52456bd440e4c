/** The wanted shipment date of a request: DD.MM.YYYY (as the date picker shows it) or YYYY-MM-DD, today or later. */
import { addDays, moscowDate, readDayNotBeforeToday } from '@portal/domain';

const MAX_DAYS_AHEAD = 365;

/** Today's date in Moscow, where the warehouse is, as YYYY-MM-DD. */
export function moscowToday(now: Date): string {
  return moscowDate(now.getTime());
}

/** The day of the domain's one rule for a day not before today (day-entry.ts), and within a year from today. */
export function parseShipmentDate(text: string, now: Date): { value: string } | { error: string } {
  const today = moscowToday(now);
  const entry = readDayNotBeforeToday(text, today, 'Дата отгрузки');
  if ('problem' in entry) return { error: entry.problem };
  if (entry.day > addDays(today, MAX_DAYS_AHEAD)) return { error: 'Дата отгрузки дальше чем через год: выберите более раннюю дату.' };
  return { value: entry.day };
}
