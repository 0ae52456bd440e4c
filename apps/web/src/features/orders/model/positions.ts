/**
 * Positions built from the catalogue's search result, priced with the domain's rule for the chosen company
 * (`priceLine`, the same the working order, the server and the documents use).
 */
import {
  contractsOf,
  offerOf,
  offersOrPlaceholder,
  productOf,
  wireLine,
  type CharacteristicLine,
  type Position,
  type TOffer,
  type TProductSearchResult,
} from '@portal/contracts';
import { lineAmountKopecks, priceLine, splitQuantity, toKopecks, type LinePrice } from '@portal/domain';

/** The offers to choose from; a product without offers has its one placeholder (the domain's convention). */
export function offersOf(result: TProductSearchResult): TOffer[] {
  return offersOrPlaceholder(result.OFFERS, result.PRODUCT);
}

/** The unit price a newly added line of this offer gets for the company. */
export function offerPrice(result: TProductSearchResult, offer: TOffer, storages: ReadonlyArray<{ guid: string; discount: number }>): LinePrice {
  return priceLine(productOf(result.PRODUCT), offerOf(result.PRODUCT.UID, offer), contractsOf(storages));
}

export function lineFor(result: TProductSearchResult, offer: TOffer, count: number, storages: ReadonlyArray<{ guid: string; discount: number }>): CharacteristicLine {
  const product = productOf(result.PRODUCT);
  const domainOffer = offerOf(result.PRODUCT.UID, offer);
  const line = { product, offer: domainOffer, quantity: count, ...splitQuantity(count, offer.RESIDUE), ...offerPrice(result, offer, storages) };
  return { ...wireLine(line, count, 0), ID: String(offer.ID || offer.GUID) };
}

export function positionFor(
  result: TProductSearchResult,
  counts: ReadonlyMap<string, number>,
  storages: ReadonlyArray<{ guid: string; discount: number }>,
): Position | null {
  const lines = offersOf(result)
    .filter((offer) => (counts.get(offer.GUID) ?? 0) > 0)
    .map((offer) => lineFor(result, offer, counts.get(offer.GUID)!, storages));
  if (lines.length === 0) return null;
  const product = result.PRODUCT;
  return {
    guid: product.UID,
    article: product.ARTICLE,
    product: { ID: String(product.ID), ARTICLE: product.ARTICLE, NAME: product.NAME, UID: product.UID },
    type: product.TYPE,
    status: product.STATUS,
    weight: product.WEIGHT,
    volume: product.VALUME,
    characteristics: lines,
    count: 0,
    total: 0,
    total_discount: 0,
  };
}

/** What the chosen lines of a position cost, in kopecks: each line's amount by the domain's rule, no rouble floats. */
export function chosenAmountKopecks(position: Pick<Position, 'characteristics'>): number {
  return position.characteristics.reduce((sum, line) => sum + lineAmountKopecks({ priceKopecks: toKopecks(line.PRICE), quantity: line.count }), 0);
}
