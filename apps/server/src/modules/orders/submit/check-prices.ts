/**
 * Check: the order is charged only at the prices the dealer was shown. A line whose sent unit price differs from the
 * charged one by any kopeck refuses the order with 409 PRICES_CHANGED, carrying the server's priced order in the
 * request's own shape (sent back, it places exactly that order) and what changed and why. Nothing is written: the
 * check runs before the write, and inside a transaction its refusal rolls the transaction back.
 */
import { deliveryOf, pricedPayloadOf, sentPricesOf, type TOrderPayloadParsed, type TPriceChange } from '@portal/contracts';
import {
  PRICE_TYPE,
  PRICE_TYPE_NAMES,
  contractPriceType,
  formatPrice,
  fromKopecks,
  isPlaceholderOffer,
  linesAtSentPrices,
  offerPriceForType,
  orderTotals,
  priceChangeLabel,
  priceChanges,
  productPriceForType,
  toKopecks,
  type OrderLine,
  type PriceChange,
  type PricedOrder,
} from '@portal/domain';
import { AppError } from '../../../lib/errors';
import type * as repo from '../orders.repository';

/** Lines named in the message; the dialog shows them all. */
const NAMED_IN_MESSAGE = 3;

const money = (kopecks: number) => formatPrice(fromKopecks(kopecks));

/** Whose price type a sent full price is, when it is not the one the company buys the line at. */
function priceTypesOf(context: Pick<repo.OrderContext, 'contracts' | 'products'>, offers: readonly repo.OfferRow[]) {
  const products = new Map(context.products.map((row) => [row.uid, row]));
  const offerPrices = new Map(offers.map((row) => [row.guid, row.price]));
  return (line: OrderLine, sentFullPriceKopecks: number) => {
    const product = products.get(line.product.uid);
    if (!product) return undefined;
    const company = contractPriceType(context.contracts, line.offer.organisation);
    const offerPrice = offerPrices.get(line.offer.guid);
    const other = Object.values(PRICE_TYPE).find((type) => {
      if (type === company) return false;
      const full = isPlaceholderOffer(line.offer) || offerPrice === undefined ? productPriceForType(product, type) : offerPriceForType(product, offerPrice, type);
      return toKopecks(full) === sentFullPriceKopecks;
    });
    return other === undefined ? undefined : { sent: PRICE_TYPE_NAMES[other], company: PRICE_TYPE_NAMES[company] };
  };
}

/** A change as the wire says it: roubles per unit, discounts in percent. */
function wireChange({ line, sent, reason, explanation }: PriceChange): TPriceChange {
  return {
    guid: line.offer.guid,
    product_guid: line.product.uid,
    article: line.product.article,
    characteristic: line.offer.characteristic,
    quantity: line.quantity,
    old_price: fromKopecks(sent.priceKopecks),
    new_price: fromKopecks(line.priceKopecks),
    old_fullprice: fromKopecks(sent.fullPriceKopecks),
    new_fullprice: fromKopecks(line.fullPriceKopecks),
    old_discount: sent.discountPercent,
    new_discount: line.discountPercent,
    reason,
    reason_text: explanation,
  };
}

/** Refuses the order (409 PRICES_CHANGED) when a sent unit price is not the charged one. */
export function checkPrices(
  payload: TOrderPayloadParsed,
  priced: PricedOrder,
  context: Pick<repo.OrderContext, 'contracts' | 'products'>,
  offers: readonly repo.OfferRow[],
): void {
  const sent = sentPricesOf(payload);
  const contracts = context.contracts.map((contract) => ({ organisation: contract.guid, discountPercent: contract.discount }));
  const changes = priceChanges(sent, priced.lines, { contracts, priceTypesOf: priceTypesOf(context, offers) });
  if (changes.length === 0) return;
  const oldTotal = orderTotals(linesAtSentPrices(priced.lines, sent), deliveryOf(payload.delivery)).totalKopecks;
  const newTotal = priced.totals.totalKopecks;
  const named = changes
    .slice(0, NAMED_IN_MESSAGE)
    .map((change) => `${priceChangeLabel(change)}: ${money(change.sent.priceKopecks)} → ${money(change.line.priceKopecks)} (${change.explanation})`);
  const more = changes.length > NAMED_IN_MESSAGE ? ` и ещё ${changes.length - NAMED_IN_MESSAGE}` : '';
  throw new AppError(
    'PRICES_CHANGED',
    `Заказ не отправлен: цены изменились — ${named.join('; ')}${more}. К оплате ${money(oldTotal)} → ${money(newTotal)}. Проверьте новые цены и подтвердите заказ.`,
    undefined,
    {
      order: pricedPayloadOf(payload, priced),
      changes: changes.map(wireChange),
      totals: { old: fromKopecks(oldTotal), new: fromKopecks(newTotal) },
    },
  );
}
