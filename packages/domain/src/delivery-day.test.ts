import { describe, expect, it } from 'vitest';
import { PRODUCTION_CALENDAR, dayOffReason, deliveryDayProblem, firstWorkingDayFrom, isWorkingDay } from './delivery-day';

describe('the production calendar', () => {
  it.each([
    ['2026-11-27', true, 'a Friday'],
    ['2026-11-28', false, 'a Saturday'],
    ['2026-11-29', false, 'a Sunday'],
    ['2026-11-30', true, 'a Monday'],
    ['2026-11-04', false, 'Unity Day, a Wednesday'],
    ['2026-12-31', false, 'the day off moved from Sunday 4 January'],
    ['2026-01-09', false, 'the day off moved from Saturday 3 January'],
    ['2026-01-12', true, 'the first working day of 2026'],
    ['2026-03-09', false, '8 March falls on a Sunday: Monday is off'],
    ['2026-05-11', false, '9 May falls on a Saturday: Monday is off'],
    ['2027-01-08', false, 'the New Year holidays of 2027'],
    ['2027-01-11', true, 'the first working day of 2027'],
    ['2027-05-03', false, '1 May 2027 falls on a Saturday: Monday is off'],
    ['2027-06-14', false, '12 June 2027 falls on a Saturday: Monday is off'],
    ['2028-01-03', true, 'a Monday of a year the table does not cover: only weekends are off'],
    ['2028-01-08', false, 'a Saturday of a year the table does not cover'],
  ])('%s is a working day: %s (%s)', (day, working) => {
    expect(isWorkingDay(day)).toBe(working);
  });

  it('lists only weekdays as holidays, each a real date of its own year', () => {
    for (const [year, calendar] of Object.entries(PRODUCTION_CALENDAR)) {
      for (const day of Object.keys(calendar.holidays)) {
        expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
        expect(day.startsWith(year)).toBe(true);
        expect([0, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
      }
    }
  });

  it('finds the first working day from a day', () => {
    expect(firstWorkingDayFrom('2026-11-27')).toBe('2026-11-27');
    expect(firstWorkingDayFrom('2026-11-28')).toBe('2026-11-30');
    expect(firstWorkingDayFrom('2026-12-31')).toBe('2027-01-11');
  });

  it('names why a day is off', () => {
    expect(dayOffReason('2026-11-28')).toBe('суббота, выходной');
    expect(dayOffReason('2026-06-12')).toBe('нерабочий праздничный день (День России)');
    expect(dayOffReason('2026-11-30')).toBeUndefined();
  });
});

describe('a delivery day', () => {
  const today = '2026-11-27';

  it('is today or a later working day', () => {
    expect(deliveryDayProblem('2026-11-27', today)).toBeUndefined();
    expect(deliveryDayProblem('2026-12-01', today)).toBeUndefined();
  });

  it('is refused in the past, on a weekend and on a holiday, with the day to choose instead', () => {
    expect(deliveryDayProblem('2026-11-26', today)).toBe('Дата доставки 26.11.2026 уже прошла: выберите сегодняшнюю или более позднюю дату.');
    expect(deliveryDayProblem('2026-11-28', today)).toBe(
      'Дата доставки 28.11.2026 — суббота, выходной: доставки нет. Выберите рабочий день, например 30.11.2026.',
    );
    expect(deliveryDayProblem('2026-12-31', today)).toBe(
      'Дата доставки 31.12.2026 — нерабочий праздничный день (выходной, перенесённый с 4 января): доставки нет. Выберите рабочий день, например 11.01.2027.',
    );
  });
});
