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

/**
 * The one rule of a product's price by type, as halves of the list and dealer prices: price = round((list × listHalves
 * + dealer × dealerHalves) / 2) in kopecks, half up. Kept as numbers so the catalogue's database queries (sorting and
 * filtering by the dealer's price) compute exactly what `productPriceForType` does, not a second formula.
 */
export function priceTypeHalves(priceType: PriceTypeId): { listHalves: number; dealerHalves: number } {
  switch (priceType) {
    case PRICE_TYPE.DEALER:
      return { listHalves: 0, dealerHalves: 2 };
    case PRICE_TYPE.BASE:
      return { listHalves: 1, dealerHalves: 1 };
    default:
      return { listHalves: 2, dealerHalves: 0 };
  }
}

/**
 * The rule of `priceTypeHalves` on kopecks: what the catalogue's index sorts and filters by, and what
 * `productPriceForType` gives in roubles. Prices are never negative, so (x + 1) / 2 rounded down is half up.
 */
export function priceKopecksForHalves(
  listKopecks: number,
  dealerKopecks: number,
  halves: { listHalves: number; dealerHalves: number },
): number {
  return Math.floor((listKopecks * halves.listHalves + dealerKopecks * halves.dealerHalves + 1) / 2);
}

/** The product's price for a price type, before any size surcharge. */
export function productPriceForType(product: { price: number; priceOpt: number }, priceType: PriceTypeId): number {
  return fromKopecks(priceKopecksForHalves(toKopecks(product.price), toKopecks(product.priceOpt), priceTypeHalves(priceType)));
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

/** What a company's contract says about prices: the organisation it is with (guid) and its price type. */
export interface PricedContract {
  guid: string;
  pricetype: string;
}

/**
 * The price type a company buys at: that of its contract with the organisation that ships the goods, else (no such
 * contract, or no organisation given — a product's own price) that of its first contract; list prices (Default)
 * without contracts or for a type the portal does not know.
 */
export function contractPriceType(contracts: readonly PricedContract[], orgGuid?: string): PriceTypeId {
  const contract = (orgGuid === undefined ? undefined : contracts.find((candidate) => candidate.guid === orgGuid)) ?? contracts[0];
  return contract && isPriceType(contract.pricetype) ? contract.pricetype : PRICE_TYPE.DEFAULT;
}

/**
 * The recommended retail price of an offer from prices seen in any one price type: the list price plus the size's
 * surcharge, which is the same in every type (offer price − product price of that type).
 */
export function offerRetailPrice(productListPrice: number, productTypePrice: number, offerTypePrice: number): number {
  return fromKopecks(toKopecks(productListPrice) + toKopecks(offerTypePrice) - toKopecks(productTypePrice));
}
