import { describe, expect, it } from 'vitest';
import { arrivalText, parseArrival } from './arrival';

describe('arrivalText', () => {
  const today = '2026-11-27';
  it('shows an upcoming supply with its date, today included', () => {
    expect(arrivalText('25/09.02.2027', today)).toBe('25 шт. к 09.02.2027');
    expect(arrivalText('120/27.11.2026', today)).toBe('120 шт. к 27.11.2026');
  });
  it('never shows a past date as upcoming (issue 35: «25 шт. · 09.02.2026» on 27.11.2026)', () => {
    expect(arrivalText('25/09.02.2026', today)).toBe('25 шт., срок уточняется');
    expect(arrivalText('25/26.11.2026', today)).toBe('25 шт., срок уточняется');
  });
  it('says nothing for an empty or unreadable PPDATA', () => {
    expect(arrivalText('', today)).toBe('');
    expect(arrivalText('25', today)).toBe('');
    expect(arrivalText('25/2026-02-09', today)).toBe('');
  });
  it('reads the quantity and the day', () => {
    expect(parseArrival(' 40 / 01.03.2027 ')).toEqual({ quantity: 40, day: '2027-03-01' });
  });
});
