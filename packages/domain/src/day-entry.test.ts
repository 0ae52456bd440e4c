import { describe, expect, it } from 'vitest';
import { readDayNotBeforeToday } from './day-entry';

const today = '2026-11-27';
const read = (text: string) => readDayNotBeforeToday(text, today, 'Дата доставки');

describe('readDayNotBeforeToday', () => {
  it('reads the picker’s ISO day (a time after it ignored) and the typed day.month.year', () => {
    expect(read('2026-12-01')).toEqual({ day: '2026-12-01' });
    expect(read('2026-12-01T00:00:00.000Z')).toEqual({ day: '2026-12-01' });
    expect(read(' 01.12.2026 ')).toEqual({ day: '2026-12-01' });
  });

  it('takes today, and refuses yesterday naming the field and the day', () => {
    expect(read('27.11.2026')).toEqual({ day: '2026-11-27' });
    expect(read('2026-11-26')).toEqual({ problem: 'Дата доставки 26.11.2026 уже прошла: выберите сегодняшнюю или более позднюю дату.' });
    expect(readDayNotBeforeToday('26.11.2026', today, 'Дата отгрузки')).toEqual({
      problem: 'Дата отгрузки 26.11.2026 уже прошла: выберите сегодняшнюю или более позднюю дату.',
    });
  });

  it('says what to enter for text that is no date, and for a date that does not exist', () => {
    expect(read('завтра')).toEqual({ problem: 'Дата доставки «завтра» не читается: укажите её как ДД.ММ.ГГГГ или выберите в календаре.' });
    expect(read('1.12.2026')).toHaveProperty('problem');
    expect(read('2026-12-01x')).toHaveProperty('problem');
    expect(read('31.02.2027')).toEqual({ problem: 'Даты 31.02.2027 не существует: выберите дату в календаре.' });
    expect(read('2027-13-01')).toEqual({ problem: 'Даты 01.13.2027 не существует: выберите дату в календаре.' });
  });
});
