import { describe, expect, it } from 'vitest';
import { formatAmount, formatDocumentAmount, formatPrice, formatUnixDate, MISSING_DATE, moscowDate, moscowDateAfter, roundTo3, russianDay } from './format';

describe('formatPrice', () => {
  it('shows two decimals with a dot and the rouble sign', () => {
    expect(formatPrice(1234.5)).toBe('1\u202f234.50 ₽');
    expect(formatPrice(0)).toBe('0.00 ₽');
    expect(formatAmount(-15.456)).toBe('-15.46');
    expect(formatAmount(1000000)).toBe('1\u202f000\u202f000.00');
  });
});

describe('formatUnixDate', () => {
  it('shows day.month.year', () => {
    expect(formatUnixDate(1735678800)).toBe('01.01.2025');
  });
  it('shows the placeholder for a negative or missing date', () => {
    expect(formatUnixDate(-1)).toBe(MISSING_DATE);
    expect(formatUnixDate(null)).toBe('--.--.----');
  });
});

describe('moscowDate', () => {
  it('is the calendar day in Moscow, not in UTC', () => {
    // 2026-11-22 21:30 UTC is already 23 November in Moscow.
    expect(moscowDate(Date.UTC(2026, 10, 22, 21, 30))).toBe('2026-11-23');
    expect(moscowDate(Date.UTC(2026, 10, 22, 20, 59))).toBe('2026-11-22');
    expect(moscowDateAfter(Date.UTC(2026, 11, 31, 22, 0), 1)).toBe('2027-01-02');
  });
});

describe('roundTo3', () => {
  it('rounds to three decimals', () => {
    expect(roundTo3(0.1 + 0.2)).toBe(0.3);
    expect(roundTo3(1.23456)).toBe(1.235);
  });
});

describe('formatDocumentAmount', () => {
  it('prints an amount as the screens do, with ordinary spaces between the groups', () => {
    expect(formatDocumentAmount(1234567.5)).toBe('1 234 567.50');
    expect(formatDocumentAmount(-15.456)).toBe('-15.46');
    expect(formatDocumentAmount(0)).toBe('0.00');
    expect(formatDocumentAmount(1234567.5)).not.toContain('\u202f');
  });
});

describe('russianDay', () => {
  it('shows a day as day.month.year', () => {
    expect(russianDay('2026-03-09')).toBe('09.03.2026');
  });
});
