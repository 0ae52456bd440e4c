import { describe, expect, it } from 'vitest';
import { addDays, formatMoscowDateTime, moscowDay, moscowDayOfUnix, unixOfDay } from './moscow-day';

describe('moscowDay', () => {
  it('turns over at midnight in Moscow, not in UTC', () => {
    expect(moscowDay(Date.UTC(2026, 10, 22, 20, 59))).toBe('2026-11-22');
    expect(moscowDay(Date.UTC(2026, 10, 22, 21, 0))).toBe('2026-11-23');
    expect(moscowDay(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe('2026-01-01');
  });

  it('adds days across months and years, and a day round-trips through unix seconds', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(moscowDayOfUnix(unixOfDay('2026-03-10'))).toBe('2026-03-10');
  });
});

describe('formatMoscowDateTime', () => {
  it('shows the Moscow day and time of a moment', () => {
    expect(formatMoscowDateTime(Date.UTC(2026, 10, 27, 21, 5))).toBe('28.11.2026 00:05');
    expect(formatMoscowDateTime(new Date('2026-01-02T09:30:00Z'))).toBe('02.01.2026 12:30');
  });
});
