/**
 * What changed between the prices a dealer was shown and the ones the order is charged at, line by line, and why —
 * the reason an order is sent back for confirmation instead of being charged other than shown (no silent repricing).
 * The prices themselves come from price-order.ts; this only compares and explains.
 */
import { formatPrice } from '../format';
import { fromKopecks } from '../money';
import { isNoDiscountStatus } from './discount';
import { lineLabel } from './price-order';
import type { OrderContract, OrderLine } from './order-model';

/** The unit price a client sent for one offer, as it showed it. */
export interface SentPrice {
  offerGuid: string;
  priceKopecks: number;
  fullPriceKopecks: number;
  discountPercent: number;
}

/**
 * Why a line costs other than shown: another price type (the list prices of another company's contract), a changed
 * price list, the contract's discount, the product's discount cap, a status without discount; `price` when the
 * full price and the discount are as shown and only the amount differs.
 */
export type PriceChangeReason = 'price_type' | 'list_price' | 'contract_discount' | 'max_discount' | 'no_discount_status' | 'price';

export interface PriceChange {
  /** The line as it will be charged. */
  line: OrderLine;
  sent: SentPrice;
  reason: PriceChangeReason;
  /** The reason in the dealer's words, without the figures of the unit price (those are shown beside it). */
  explanation: string;
}

export interface PriceChangeOptions {
  contracts: readonly OrderContract[];
  /**
   * The name of the price type whose full price the client sent, when it is another than the one the company buys
   * this line at («Розничная»), and the company's («Дилерская»); undefined when the sent full price is no price type's.
   */
  priceTypesOf?: (line: OrderLine, sentFullPriceKopecks: number) => { sent: string; company: string } | undefined;
}

const money = (kopecks: number) => formatPrice(fromKopecks(kopecks));
const percent = (value: number) => `${value.toLocaleString('ru-RU')} %`;

function explain(line: OrderLine, sent: SentPrice, options: PriceChangeOptions): Pick<PriceChange, 'reason' | 'explanation'> {
  if (sent.fullPriceKopecks !== line.fullPriceKopecks) {
    const types = options.priceTypesOf?.(line, sent.fullPriceKopecks);
    if (types) {
      return { reason: 'price_type', explanation: `цены по типу «${types.company}» по договору компании, а не «${types.sent}»` };
    }
    return { reason: 'list_price', explanation: `цена по прайсу ${money(sent.fullPriceKopecks)} → ${money(line.fullPriceKopecks)}` };
  }
  if (sent.discountPercent !== line.discountPercent) {
    if (isNoDiscountStatus(line.product.status)) {
      return { reason: 'no_discount_status', explanation: `на товар со статусом «${line.product.status}» скидка по договору не действует` };
    }
    const contract = options.contracts.find((candidate) => candidate.organisation === line.offer.organisation);
    const cap = line.product.maxDiscountPercent;
    if (cap > 0 && contract && contract.discountPercent > cap && line.discountPercent === cap) {
      return { reason: 'max_discount', explanation: `скидка на этот товар не больше ${percent(cap)}` };
    }
    return { reason: 'contract_discount', explanation: `скидка по договору ${percent(sent.discountPercent)} → ${percent(line.discountPercent)}` };
  }
  return { reason: 'price', explanation: 'цена пересчитана по прайсу и скидке' };
}

/**
 * The lines whose sent unit price is not the one they are charged at, one per sent line (an offer sent in both
 * lists is compared each time it is sent, reported once). A sent offer the order does not hold is left out: the
 * order's problems name it before this step.
 */
export function priceChanges(sent: readonly SentPrice[], lines: readonly OrderLine[], options: PriceChangeOptions): PriceChange[] {
  const byOffer = new Map(lines.map((line) => [line.offer.guid, line]));
  const changes: PriceChange[] = [];
  const reported = new Set<string>();
  for (const shown of sent) {
    const line = byOffer.get(shown.offerGuid);
    if (!line || line.priceKopecks === shown.priceKopecks || reported.has(shown.offerGuid)) continue;
    reported.add(shown.offerGuid);
    changes.push({ line, sent: shown, ...explain(line, shown, options) });
  }
  return changes;
}

/** «КСТ105А (42)» of a change, as messages name a line. */
export const priceChangeLabel = (change: PriceChange) => lineLabel(change.line.product.article, change.line.offer.characteristic);

/** The lines at the unit prices the client sent (the first sent for each offer): what it showed as the order's total. */
export function linesAtSentPrices(lines: readonly OrderLine[], sent: readonly SentPrice[]): OrderLine[] {
  const shown = new Map<string, number>();
  for (const line of sent) if (!shown.has(line.offerGuid)) shown.set(line.offerGuid, line.priceKopecks);
  return lines.map((line) => ({ ...line, priceKopecks: shown.get(line.offer.guid) ?? line.priceKopecks }));
}
