/** The wanted shipment date of a request: DD.MM.YYYY (as the date picker shows it) or YYYY-MM-DD, today or later. */
import { moscowDate } from '@portal/domain';

const MAX_DAYS_AHEAD = 365;

/** Today's date in Moscow, where the warehouse is, as YYYY-MM-DD. */
export function moscowToday(now: Date): string {
  return moscowDate(now.getTime());
}

export function parseShipmentDate(text: string, now: Date): { value: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return { error: `Дата отгрузки «${text}» не распознана: укажите её как ДД.ММ.ГГГГ.` };
  const [year, month, day] = text.includes('-') ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const value = `${year}-${month}-${day}`;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    return { error: `Даты ${day}.${month}.${year} не существует: выберите дату в календаре.` };
  }
  const today = moscowToday(now);
  if (value < today) return { error: 'Дата отгрузки уже прошла: выберите сегодняшнюю или более позднюю дату.' };
  const latest = new Date(`${today}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + MAX_DAYS_AHEAD);
  if (parsed > latest) return { error: 'Дата отгрузки дальше чем через год: выберите более раннюю дату.' };
  return { value };
}
