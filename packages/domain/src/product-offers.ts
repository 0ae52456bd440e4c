/** Spec §3 "Offer": a product without offers shows one placeholder offer, «Только под заказ», with zero stock at PRICE_OPT. */

export const PREORDER_ONLY_LABEL = 'Только под заказ';

export interface OfferLike {
  ID: number;
  CHARACTERISTIC: string;
  RESIDUE: number;
  PRICE: number;
  PPDATA: string;
  GUID: string;
  ORGGUID: string;
}

/** True for the placeholder offer: it has no stock to take and is ordered as a pre-order. */
export function isPlaceholderOffer(offer: Pick<OfferLike, 'GUID'>): boolean {
  return offer.GUID === '';
}

/** The offers to show and order from: the product's own, or the placeholder when it has none. */
export function offersOrPlaceholder<T extends OfferLike>(offers: readonly T[], product: { PRICE_OPT: number }): Array<T | OfferLike> {
  if (offers.length > 0) return [...offers];
  return [{ ID: 0, CHARACTERISTIC: PREORDER_ONLY_LABEL, RESIDUE: 0, PRICE: product.PRICE_OPT, PPDATA: '', GUID: '', ORGGUID: '' }];
}
