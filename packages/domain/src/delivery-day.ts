/**
 * The days an order can be delivered on: a working day of the Russian production calendar, today in Moscow or later.
 * One rule for the date picker (it offers no other day) and the server (it refuses any other day in the order).
 *
 * The calendar is a dated table (docs/decisions.md, «Production calendar»): the non-working holidays of Labour Code
 * art. 112 with the moves of holidays that fall on a weekend, and the transfers of the Government's decree for the
 * year. Saturdays and Sundays are days off unless the table names them as working days (a transferred working day).
 * A year the table does not cover has its weekends only: the table is extended each autumn, when the decree for the
 * next year is published.
 */
import { pastDayProblem } from './day-entry';
import { russianDay as russianDate } from './format';
import { addDays } from './moscow-day';

interface CalendarYear {
  /** Weekdays off: holidays, their moves from a weekend and the decree's transfers, with what each day is. */
  holidays: Readonly<Record<string, string>>;
  /** Saturdays or Sundays that are working days by the decree. */
  workingWeekends: readonly string[];
}

/** The years the table covers, each as the production calendar has it. */
export const PRODUCTION_CALENDAR: Readonly<Record<number, CalendarYear>> = {
  // Decree of the Government of the Russian Federation on the transfer of days off in 2026: Sat 3 Jan → Fri 9 Jan,
  // Sun 4 Jan → Thu 31 Dec. 8 March (Sunday) moves to Monday 9 March, 9 May (Saturday) to Monday 11 May.
  2026: {
    holidays: {
      '2026-01-01': 'Новогодние каникулы',
      '2026-01-02': 'Новогодние каникулы',
      '2026-01-05': 'Новогодние каникулы',
      '2026-01-06': 'Новогодние каникулы',
      '2026-01-07': 'Рождество Христово',
      '2026-01-08': 'Новогодние каникулы',
      '2026-01-09': 'Новогодние каникулы (перенос с 3 января)',
      '2026-02-23': 'День защитника Отечества',
      '2026-03-09': 'Международный женский день (перенос с 8 марта)',
      '2026-05-01': 'Праздник Весны и Труда',
      '2026-05-11': 'День Победы (перенос с 9 мая)',
      '2026-06-12': 'День России',
      '2026-11-04': 'День народного единства',
      '2026-12-31': 'выходной, перенесённый с 4 января',
    },
    workingWeekends: [],
  },
  // Labour Code art. 112: 1 May (Saturday) moves to Monday 3 May, 9 May (Sunday) to Monday 10 May, 12 June (Saturday)
  // to Monday 14 June. The decree's transfer of Saturday 2 and Sunday 3 January is added when it is published
  // (docs/decisions.md); until then those two days stay weekends, which the rule refuses anyway.
  2027: {
    holidays: {
      '2027-01-01': 'Новогодние каникулы',
      '2027-01-04': 'Новогодние каникулы',
      '2027-01-05': 'Новогодние каникулы',
      '2027-01-06': 'Новогодние каникулы',
      '2027-01-07': 'Рождество Христово',
      '2027-01-08': 'Новогодние каникулы',
      '2027-02-23': 'День защитника Отечества',
      '2027-03-08': 'Международный женский день',
      '2027-05-03': 'Праздник Весны и Труда (перенос с 1 мая)',
      '2027-05-10': 'День Победы (перенос с 9 мая)',
      '2027-06-14': 'День России (перенос с 12 июня)',
      '2027-11-04': 'День народного единства',
    },
    workingWeekends: [],
  },
};

/** Why a day ('YYYY-MM-DD') is not a working day — «суббота», «День России» — or undefined for a working day. */
export function dayOffReason(day: string): string | undefined {
  const year = PRODUCTION_CALENDAR[Number(day.slice(0, 4))];
  const holiday = year?.holidays[day];
  if (holiday) return `нерабочий праздничный день (${holiday})`;
  if (year?.workingWeekends.includes(day)) return undefined;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return 'воскресенье, выходной';
  if (weekday === 6) return 'суббота, выходной';
  return undefined;
}

/** Whether goods can be delivered on the day: a working day of the production calendar. */
export const isWorkingDay = (day: string): boolean => dayOffReason(day) === undefined;

/** The day itself when it is a working day, else the first working day after it. */
export function firstWorkingDayFrom(day: string): string {
  let next = day;
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

/**
 * What is wrong with a delivery day ('YYYY-MM-DD', a real date) given today's Moscow day, in words that say what to
 * choose instead; undefined when the day is fine.
 */
export function deliveryDayProblem(day: string, today: string): string | undefined {
  if (day < today) return pastDayProblem('Дата доставки', day);
  const reason = dayOffReason(day);
  if (reason) {
    return `Дата доставки ${russianDate(day)} — ${reason}: доставки нет. Выберите рабочий день, например ${russianDate(firstWorkingDayFrom(day))}.`;
  }
  return undefined;
}
