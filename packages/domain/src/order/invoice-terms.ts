/**
 * What an invoice states besides its lines (docs/decisions.md "One truth for money"): the day it must be paid by —
 * the contract's deferment counted from the invoice's day, in calendar or working days as the contract counts them; a contract on prepayment (or without deferment) is paid within three working days.
 */
import { moscowDate } from '../format';

export const PREPAYMENT_WORKING_DAYS = 3;

const addDays = (ymd: string, days: number) => {
  const [year, month, day] = ymd.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days));
};

/** The last day to pay, 'YYYY-MM-DD' (Moscow calendar), for an invoice issued at `issuedMs`. */
export function paymentDeadline(issuedMs: number, contract: { deferment: number; case: string } | undefined): string {
  const issued = moscowDate(issuedMs);
  const prepayment = !contract || contract.case === 'prepayment' || contract.deferment <= 0;
  const days = prepayment ? PREPAYMENT_WORKING_DAYS : contract.deferment;
  if (!prepayment && contract.case !== 'work') return addDays(issued, days).toISOString().slice(0, 10);
  let date = addDays(issued, 0);
  for (let left = days; left > 0; ) {
    date = new Date(date.getTime() + 86_400_000);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
