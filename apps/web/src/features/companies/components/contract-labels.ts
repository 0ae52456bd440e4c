/** Display texts of a contract's fields. */
import { PRICE_TYPE_NAMES, type PriceTypeId } from '@portal/domain';

export const priceTypeName = (id: string) => PRICE_TYPE_NAMES[id as PriceTypeId] ?? 'Особая';

const DEFERMENT_CASES: Record<string, string> = {
  calendar: 'календарные дни',
  work: 'рабочие дни',
};

/** The deferment as a figure ("30 дн.", "Предоплата", "Нет") and how its days are counted. */
export function deferment(days: number, defermentCase: string): { value: string; kind: string | null } {
  if (defermentCase === 'prepayment') return { value: 'Предоплата', kind: null };
  if (days <= 0) return { value: 'Нет', kind: null };
  return { value: `${days} дн.`, kind: DEFERMENT_CASES[defermentCase] ?? null };
}

export const percentText = (value: number) => `${Number(value.toFixed(2))} %`;
