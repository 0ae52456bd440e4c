import { describe, expect, it } from 'vitest';
import { paymentDeadline } from './invoice-terms';

// Monday 23 November 2026, 10:00 in Moscow.
const monday = Date.UTC(2026, 10, 23, 7, 0);

describe('paymentDeadline', () => {
  it('counts a calendar deferment from the invoice day', () => {
    expect(paymentDeadline(monday, { deferment: 30, case: 'calendar' })).toBe('2026-12-23');
  });
  it('counts working days for a working-day deferment, skipping weekends', () => {
    expect(paymentDeadline(monday, { deferment: 14, case: 'work' })).toBe('2026-12-11');
  });
  it('gives three working days for prepayment or no deferment', () => {
    expect(paymentDeadline(Date.UTC(2026, 10, 26, 7, 0), { deferment: 0, case: 'prepayment' })).toBe('2026-12-01');
    expect(paymentDeadline(monday, undefined)).toBe('2026-11-26');
  });
  it('uses the Moscow day of the invoice', () => {
    // 22 November 21:30 UTC is already the 23rd in Moscow.
    expect(paymentDeadline(Date.UTC(2026, 10, 22, 21, 30), { deferment: 1, case: 'calendar' })).toBe('2026-11-24');
  });
});
