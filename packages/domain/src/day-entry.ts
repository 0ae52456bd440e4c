/**
 * A day a person names in a form — the order's delivery date, a shipment's date — read the one way: the date picker's
 * 'YYYY-MM-DD' (a time after it is ignored) or 'ДД.ММ.ГГГГ' as typed, a date that exists, and not before today in
 * Moscow. Each form adds its own rules after this one (delivery-day.ts: working days only; shipments: within a year).
 */
import { russianDay } from './format';

export type DayEntry = { day: string } | { problem: string };

/** «Дата доставки 10.01.2020 уже прошла…»: the message for a day before today. */
export const pastDayProblem = (subject: string, day: string) =>
  `${subject} ${russianDay(day)} уже прошла: выберите сегодняшнюю или более позднюю дату.`;

/**
 * The day the text names ('YYYY-MM-DD'), given today's Moscow day ('YYYY-MM-DD'), or the Russian message that says
 * what to enter instead. `subject` names the field in the messages: «Дата доставки», «Дата отгрузки».
 */
export function readDayNotBeforeToday(text: string, today: string, subject: string): DayEntry {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(trimmed);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(trimmed);
  if (!iso && !ru) return { problem: `${subject} «${trimmed}» не читается: укажите её как ДД.ММ.ГГГГ или выберите в календаре.` };
  const [year, month, date] = iso ? [iso[1], iso[2], iso[3]] : [ru![3], ru![2], ru![1]];
  const day = `${year}-${month}-${date}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    return { problem: `Даты ${date}.${month}.${year} не существует: выберите дату в календаре.` };
  }
  if (day < today) return { problem: pastDayProblem(subject, day) };
  return { day };
}
