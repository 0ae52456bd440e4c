/**
 * The lines of one check as the back office changed them (1C's order document: a quantity, a price, a line removed or
 * added, a size replaced), said once: the check's stock and pre-order parts follow the same split as an edit, and the
 * prices the back office bills are kept to the kopeck.
 */
import type { OrderCatalogue, OrderLine } from './order-model';
import { compareLines, priceLine, splitQuantity, type LinePrice } from './price-order';

/** One line as the back office sends it. */
export interface BackOfficeLine {
  productUid: string;
  offerGuid: string;
  /** The whole quantity of the offer in the check, its stock and pre-order parts together; 0 removes the line. */
  quantity: number;
  /** The unit price billed, after any discount. */
  priceKopecks: number;
}

/**
 * A unit price the back office set: billed as set. The full price stays what the line had (the company's price-list
 * price) unless the set price is above it, and the discount is what the two make, to a hundredth of a percent — it is
 * only shown; every sum is counted from the two prices.
 */
export function backOfficePrice(base: LinePrice, priceKopecks: number): LinePrice {
  if (priceKopecks === base.priceKopecks) return base;
  const fullPriceKopecks = Math.max(base.fullPriceKopecks, priceKopecks);
  const discountPercent = fullPriceKopecks === 0 ? 0 : Math.round(((fullPriceKopecks - priceKopecks) * 10_000) / fullPriceKopecks) / 100;
  return { fullPriceKopecks, discountPercent, priceKopecks };
}

/** Stored lines are one per part (in stock, pre-order): one line per offer, its parts added up. */
export function mergeParts(lines: readonly OrderLine[]): Map<string, OrderLine> {
  const merged = new Map<string, OrderLine>();
  for (const line of lines) {
    const same = merged.get(line.offer.guid);
    if (same) merged.set(line.offer.guid, { ...same, quantity: same.quantity + line.quantity, inStock: same.inStock + line.inStock, preorder: same.preorder + line.preorder });
    else merged.set(line.offer.guid, { ...line });
  }
  return merged;
}

/**
 * The check's lines after the back office's change. `previous` are the check's stored lines; `catalogue` holds every
 * offer of `changed` with its stock counting what the check's previous lines hold (given back before the new lines
 * take theirs), its product and the company's contracts.
 *
 * - An offer whose quantity is unchanged keeps its parts as they were.
 * - A changed quantity is split again as an edit splits it: stock first (what is free and what the line held), the
 *   rest a pre-order. So fewer units give back pre-order units before reserved ones, and more units take free stock
 *   first and wait as a pre-order for the rest.
 * - The price is the back office's (backOfficePrice), from the line's own prices; an offer new to the check starts
 *   from the price an order would get for it today.
 * - A quantity of 0 and an offer the back office no longer sends remove the line.
 */
export function linesChangedByBackOffice(previous: readonly OrderLine[], changed: readonly BackOfficeLine[], catalogue: OrderCatalogue): OrderLine[] {
  const before = mergeParts(previous);
  const lines: OrderLine[] = [];
  for (const wanted of changed) {
    if (wanted.quantity <= 0) continue;
    const product = catalogue.products.get(wanted.productUid);
    const offer = catalogue.offers.get(wanted.offerGuid);
    if (!product || !offer || offer.productUid !== product.uid) throw new Error(`offer ${wanted.offerGuid} of ${wanted.productUid} is not in the catalogue`);
    const kept = before.get(wanted.offerGuid);
    const parts = kept && kept.quantity === wanted.quantity ? { inStock: kept.inStock, preorder: kept.preorder } : splitQuantity(wanted.quantity, offer.stock);
    const base: LinePrice = kept
      ? { fullPriceKopecks: kept.fullPriceKopecks, discountPercent: kept.discountPercent, priceKopecks: kept.priceKopecks }
      : priceLine(product, offer, catalogue.contracts);
    lines.push({ product, offer: kept ? { ...offer, characteristic: kept.offer.characteristic } : offer, quantity: wanted.quantity, ...parts, ...backOfficePrice(base, wanted.priceKopecks) });
  }
  return lines.sort(compareLines);
}
