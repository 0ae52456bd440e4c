/**
 * Prices by price type (docs/decisions.md "Catalogue and search"). A product carries two prices: PRICE, the list
 * (retail) price, and PRICE_OPT, the dealer price. An offer carries its own dealer-level price, which can be above
 * PRICE_OPT for big sizes; that surcharge applies to every price type.
 *   Default (public, empty id): PRICE
 *   Dealer:                      PRICE_OPT
 *   Base:                        halfway between PRICE_OPT and PRICE, rounded to the kopeck
 * Arithmetic is in integer kopecks.
 */
import { PRICE_TYPE, type PriceTypeId } from './constants';
import { fromKopecks, toKopecks } from './money';


export function isPriceType(id: string): id is PriceTypeId {
  return (Object.values(PRICE_TYPE) as string[]).includes(id);
}

/** The product's price for a price type, before any size surcharge. */
export function productPriceForType(product: { price: number; priceOpt: number }, priceType: PriceTypeId): number {
  const list = toKopecks(product.price);
  const dealer = toKopecks(product.priceOpt);
  switch (priceType) {
    case PRICE_TYPE.DEALER:
      return fromKopecks(dealer);
    case PRICE_TYPE.BASE:
      return fromKopecks(Math.round((list + dealer) / 2));
    default:
      return fromKopecks(list);
  }
}

/** An offer's price for a price type: the product's price for that type plus the offer's surcharge over PRICE_OPT. */
export function offerPriceForType(
  product: { price: number; priceOpt: number },
  offerDealerPrice: number,
  priceType: PriceTypeId,
): number {
  const surcharge = toKopecks(offerDealerPrice) - toKopecks(product.priceOpt);
  return fromKopecks(toKopecks(productPriceForType(product, priceType)) + surcharge);
}

/**
 * The recommended retail price of an offer from prices seen in any one price type: the list price plus the size's
 * surcharge, which is the same in every type (offer price − product price of that type).
 */
export function offerRetailPrice(productListPrice: number, productTypePrice: number, offerTypePrice: number): number {
  return fromKopecks(toKopecks(productListPrice) + toKopecks(offerTypePrice) - toKopecks(productTypePrice));
}
