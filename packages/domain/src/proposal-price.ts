/**
 * Prices of a commercial proposal (spec §5 "Discount", "Proposal and lines"): the dealer's own discount or markup
 * over the portal's full price, per position. All money arithmetic is in integer kopecks.
 */
import { fromKopecks, percentOfKopecks, toKopecks } from './money';
import { includedVatKopecks } from './vat';

/** The smallest value a discount amount or an added sum may take (spec §5: the amount has a minimum of -1,000,000). */
export const PROPOSAL_AMOUNT_MIN = -1_000_000;
/** Our ceilings (the spec sets none): keep kopeck arithmetic exact and catch a mistyped extra digit. */
export const PROPOSAL_AMOUNT_MAX = 1_000_000_000;
export const PROPOSAL_PERCENT_MAX = 10_000;

export type ProposalMarkupKind = 'percent' | 'fixed';

/**
 * A position's change to the full price: `value` is a percent of the full price or a fixed amount in roubles
 * (negative = discount, positive = markup), `add_sum` an extra amount in roubles added to every unit.
 */
export interface ProposalMarkup {
  kind: ProposalMarkupKind;
  value: number;
  add_sum?: number;
}

export const NO_MARKUP: ProposalMarkup = { kind: 'percent', value: 0, add_sum: 0 };

/** The change one unit's price gets, in kopecks, before the added sum. */
export function markupDeltaKopecks(fullPriceKopecks: number, markup: ProposalMarkup): number {
  if (markup.kind === 'fixed') return toKopecks(markup.value);
  return percentOfKopecks(fullPriceKopecks, markup.value);
}

/** Price of one unit in kopecks: full price ± (percent of full price, or fixed amount) + the optional added sum. */
export function proposalUnitPriceKopecks(fullPriceKopecks: number, markup: ProposalMarkup): number {
  return fullPriceKopecks + markupDeltaKopecks(fullPriceKopecks, markup) + toKopecks(markup.add_sum ?? 0);
}

/** The same in roubles, for display. */
export function proposalUnitPrice(fullPrice: number, markup: ProposalMarkup): number {
  return fromKopecks(proposalUnitPriceKopecks(toKopecks(fullPrice), markup));
}

/**
 * What is wrong with a markup for this full price, as a Russian message saying what to fix; null when it is fine.
 * `subject` names the position in the message.
 */
export function proposalMarkupProblem(fullPrice: number, markup: ProposalMarkup, subject = 'позиции'): string | null {
  const addSum = markup.add_sum ?? 0;
  if (!Number.isFinite(markup.value) || !Number.isFinite(addSum)) return `Скидка или наценка ${subject} должна быть числом.`;
  if (markup.value < PROPOSAL_AMOUNT_MIN) {
    return `Скидка ${subject} не может быть меньше ${PROPOSAL_AMOUNT_MIN.toLocaleString('ru-RU')}: уменьшите её.`;
  }
  if (addSum < PROPOSAL_AMOUNT_MIN) {
    return `Добавленная сумма ${subject} не может быть меньше ${PROPOSAL_AMOUNT_MIN.toLocaleString('ru-RU')}: уменьшите её.`;
  }
  if (markup.kind === 'percent' && markup.value > PROPOSAL_PERCENT_MAX) {
    return `Наценка ${subject} больше ${PROPOSAL_PERCENT_MAX.toLocaleString('ru-RU')} %: проверьте число.`;
  }
  if (markup.value > PROPOSAL_AMOUNT_MAX || addSum > PROPOSAL_AMOUNT_MAX) {
    return `Наценка ${subject} слишком велика: проверьте число (не больше ${PROPOSAL_AMOUNT_MAX.toLocaleString('ru-RU')}).`;
  }
  if (proposalUnitPriceKopecks(toKopecks(fullPrice), markup) < 0) {
    return `Цена ${subject} после скидки получается меньше нуля: уменьшите скидку.`;
  }
  return null;
}

export interface ProposalLineInput {
  /** The dealer's price of one unit in roubles (the company's price type): what the markup applies to. */
  fullPrice: number;
  /**
   * The recommended retail price of one unit in roubles (the list price with the size's surcharge), when known. The
   * document never shows the dealer's own price: the only crossed-out price it shows is this one, on a line the dealer
   * discounted to below it.
   */
  retailPrice?: number;
  quantity: number;
  markup: ProposalMarkup;
}

export interface ProposalLinePrice {
  /** Roubles per unit: the dealer's price (for the dealer's screen only) and the proposal's price. */
  fullPrice: number;
  price: number;
  /**
   * The retail price to cross out: only on a line the dealer discounted and whose price is below retail; null
   * otherwise (no discount given, a markup, a price at or above retail, or retail unknown).
   */
  crossedRetailPrice: number | null;
  /** Roubles for the whole line. */
  fullSum: number;
  sum: number;
}

/**
 * What the dealer took off one unit, in kopecks: the full price less the proposal's price when that is lower; 0 on a
 * line without a discount or with a markup. This, and only this, is the customer's discount (issue 35 point 7): the
 * gap between the dealer's price and retail is not a discount the dealer gave.
 */
function dealerDiscountKopecks(fullKopecks: number, priceKopecks: number): number {
  return Math.max(0, fullKopecks - priceKopecks);
}

function crossedRetail(fullKopecks: number, priceKopecks: number, retailPrice: number | undefined): number | null {
  if (retailPrice === undefined || dealerDiscountKopecks(fullKopecks, priceKopecks) === 0) return null;
  return priceKopecks < toKopecks(retailPrice) ? retailPrice : null;
}

export function proposalLinePrice(line: ProposalLineInput): ProposalLinePrice {
  const fullKopecks = toKopecks(line.fullPrice);
  const priceKopecks = proposalUnitPriceKopecks(fullKopecks, line.markup);
  return {
    fullPrice: fromKopecks(fullKopecks),
    price: fromKopecks(priceKopecks),
    crossedRetailPrice: crossedRetail(fullKopecks, priceKopecks, line.retailPrice),
    fullSum: fromKopecks(fullKopecks * line.quantity),
    sum: fromKopecks(priceKopecks * line.quantity),
  };
}

export interface ProposalTotals {
  /** Sum at the dealer's own prices (shown to the dealer while preparing; never printed). */
  fullTotal: number;
  /** Sum to pay. */
  total: number;
  /**
   * The discount the dealer gave the customer: what the discounted lines take off the dealer's price, added up
   * (markups are neither shown nor netted). 0 when no discount was set. «Before discount» = total + discount.
   */
  discount: number;
  /** The VAT inside the total (prices include VAT), rounded once; 0 for a seller without VAT. */
  vat: number;
  /** The seller's VAT rate the total was taxed at; null: «Без НДС». */
  vatPercent: number | null;
  count: number;
}

/** Totals of a proposal, added up in kopecks; `vatPercent` is the seller's rate on the proposal's date. */
export function proposalTotals(lines: readonly ProposalLineInput[], vatPercent: number | null): ProposalTotals {
  let full = 0;
  let total = 0;
  let discount = 0;
  let count = 0;
  for (const line of lines) {
    const fullKopecks = toKopecks(line.fullPrice);
    const priceKopecks = proposalUnitPriceKopecks(fullKopecks, line.markup);
    full += fullKopecks * line.quantity;
    total += priceKopecks * line.quantity;
    discount += dealerDiscountKopecks(fullKopecks, priceKopecks) * line.quantity;
    count += line.quantity;
  }
  return {
    fullTotal: fromKopecks(full),
    total: fromKopecks(total),
    discount: fromKopecks(discount),
    vat: fromKopecks(includedVatKopecks(total, vatPercent)),
    vatPercent,
    count,
  };
}
