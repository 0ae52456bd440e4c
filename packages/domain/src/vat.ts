/**
 * VAT by date and seller (docs/decisions.md "VAT by date and seller"). Each seller — a selling organisation, or a
 * dealer company issuing its own proposal — has dated rates: a rate holds from its day until the seller's next one.
 * A seller with no rates of its own follows the general rate of the Tax Code (`GENERAL_VAT_SELLER`): 20 % until
 * 31.12.2025, 22 % from 01.01.2026 (Federal Law 425-FZ of 28.11.2025). `percent` null is a seller without VAT.
 * Prices include VAT, so a document states the VAT inside its total, rounded once to the kopeck.
 */

/** The key of the general rate, followed by every seller without rates of its own. */
export const GENERAL_VAT_SELLER = 'general';

/** A rate a VAT table may hold: a whole percent in this range, or null for «Без НДС». */
export const VAT_PERCENT_MAX = 50;

export const NO_VAT_LABEL = 'Без НДС';

export interface VatRate {
  seller: string;
  /** The first day it holds, 'YYYY-MM-DD' (Moscow calendar). */
  from: string;
  /** Null: the seller charges no VAT. */
  percent: number | null;
}

/** Found: the percent (or null, none); undefined when neither the seller nor the general table covers the day. */
export type VatInForce = { percent: number | null } | undefined;

const latestOn = (rates: readonly VatRate[], seller: string, day: string) =>
  rates.filter((rate) => rate.seller === seller && rate.from <= day).reduce<VatRate | undefined>((latest, rate) => (!latest || rate.from > latest.from ? rate : latest), undefined);

/** The rate in force for a seller on a day: its own table if it has one, else the general one. */
export function vatInForce(rates: readonly VatRate[], seller: string, day: string): VatInForce {
  const own = rates.some((rate) => rate.seller === seller);
  const rate = latestOn(rates, own ? seller : GENERAL_VAT_SELLER, day);
  return rate ? { percent: rate.percent } : undefined;
}

/** The VAT included in a total (prices include VAT), rounded once to the kopeck; 0 for a seller without VAT. */
export function includedVatKopecks(totalKopecks: number, percent: number | null): number {
  if (percent === null) return 0;
  return Math.round((totalKopecks * percent) / (100 + percent));
}

/** The VAT line of a document: «В том числе НДС (22 %)», or «Без НДС». */
export function vatLabel(percent: number | null): string {
  return percent === null ? NO_VAT_LABEL : `В том числе НДС (${percent} %)`;
}

/** 'YYYY-MM-DD' naming a day that exists (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** What is wrong with a rate an operator or the ERP sends, in Russian; null when it is fine. */
export function vatRateProblem(rate: { from: string; percent: number | null }): string | null {
  if (!isCalendarDay(rate.from)) {
    return `Дата начала действия ставки «${rate.from}» неверна: укажите её как ГГГГ-ММ-ДД, например 2026-01-01.`;
  }
  if (rate.percent !== null && (!Number.isInteger(rate.percent) || rate.percent < 0 || rate.percent > VAT_PERCENT_MAX)) {
    return `Ставка НДС «${rate.percent}» неверна: укажите целое число процентов от 0 до ${VAT_PERCENT_MAX} или «без НДС».`;
  }
  return null;
}
