/**
 * The one pricing path of a company (issue 35, «one price everywhere»): what a product or one of its sizes costs the
 * company in use. The full price is in the price type of the company's contract with the organisation that sells the
 * offer (a product's own price is that of its placeholder offer, sold by FRO); the contract's discount comes off it,
 * capped by MAX_DISCOUNT and zero for Outlet/Discount/Activity (`priceLine`). Catalogue cards, the prices and search
 * APIs, the product page, the size grid, the working order, the stored order, the invoice and the proposal all take
 * their figures from here, so «Ваша цена» is the price the order charges.
 */
import { PRICE_TYPE, type PriceTypeId } from '../constants';
import { contractPriceType, priceKopecksForHalves, priceTypeHalves } from '../price-type';
import { lineDiscount } from './discount';
import { discountedKopecks } from './money';
import type { OrderCatalogue, OrderContract, OrderOffer, OrderProduct } from './order-model';
import { PLACEHOLDER_ORGANISATION, placeholderOffer, priceLine, type LinePrice } from './price-order';

/** A company's contract as prices need it: the organisation, the price type it buys at, its discount. */
export interface PricingContract extends OrderContract {
  priceType: string;
}

/** A product's two prices in kopecks: the list (retail) price and the dealer price (PRICE, PRICE_OPT). */
export interface ProductPriceList {
  listKopecks: number;
  dealerKopecks: number;
}

/** A size as sold by one organisation, at its own dealer-level price (a big size can cost more than PRICE_OPT). */
export interface OfferPriceList {
  organisation: string;
  dealerKopecks: number;
}

/** The price type of the contract with the organisation selling `offer` (the placeholder's without one). */
export function offerPriceType(offer: Pick<OfferPriceList, 'organisation'> | undefined, contracts: readonly PricingContract[]): PriceTypeId {
  const organisation = offer?.organisation ?? PLACEHOLDER_ORGANISATION;
  return contractPriceType(
    contracts.map((contract) => ({ guid: contract.organisation, pricetype: contract.priceType })),
    organisation,
  );
}

/** An offer's (or, without one, the product's own) price in a price type: the size's surcharge applies in every type. */
export function priceInTypeKopecks(product: ProductPriceList, offer: Pick<OfferPriceList, 'dealerKopecks'> | undefined, priceType: PriceTypeId): number {
  const surcharge = offer ? offer.dealerKopecks - product.dealerKopecks : 0;
  return priceKopecksForHalves(product.listKopecks, product.dealerKopecks, priceTypeHalves(priceType)) + surcharge;
}

/** The full price (before the contract discount) of an offer, or of the product's placeholder, for the company. */
export function fullPriceKopecks(product: ProductPriceList, offer: OfferPriceList | undefined, contracts: readonly PricingContract[]): number {
  return priceInTypeKopecks(product, offer, offerPriceType(offer, contracts));
}

/** The list (retail) price of an offer, or of the product: what «Розничная» shows beside the company's price. */
export function listPriceKopecks(product: ProductPriceList, offer?: Pick<OfferPriceList, 'dealerKopecks'>): number {
  return priceInTypeKopecks(product, offer, PRICE_TYPE.DEFAULT);
}

/** Everything a price tag shows: the list price, the full price in the company's type, the discount and «Ваша цена». */
export interface CompanyPrice extends LinePrice {
  listKopecks: number;
}

/** A product as the company's price needs it: its prices, status and discount cap. */
export type PricedProduct = ProductPriceList & Pick<OrderProduct, 'status' | 'maxDiscountPercent'>;

/**
 * What an offer (or, without one, the product's placeholder offer) costs the company: `priceKopecks` is «Ваша цена»,
 * exactly what an order line of it is charged (`priceLine` on the offer `pricingCatalogue` builds).
 */
export function companyPrice(product: PricedProduct, offer: OfferPriceList | undefined, contracts: readonly PricingContract[]): CompanyPrice {
  const full = fullPriceKopecks(product, offer, contracts);
  const organisation = offer?.organisation ?? PLACEHOLDER_ORGANISATION;
  const line = priceLine(
    { uid: '', article: '', name: '', kind: '', status: product.status, maxDiscountPercent: product.maxDiscountPercent, weightKg: 0, volumeM3: 0 },
    { ...placeholderOffer('', full), organisation },
    contracts,
  );
  return { listKopecks: listPriceKopecks(product, offer), ...line };
}

/** The discount a company gets on products' own prices: that of its contract with the placeholder's organisation. */
export function placeholderDiscountPercent(contracts: readonly OrderContract[]): number {
  return contracts.find((contract) => contract.organisation === PLACEHOLDER_ORGANISATION)?.discountPercent ?? 0;
}

/**
 * «Ваша цена» of a product's own price from its full price, for a caller that has the full price already and prices
 * many products for one company (the catalogue's index sorts and filters by it): what `companyPrice` gives.
 */
export function productNetKopecks(fullKopecks: number, product: Pick<OrderProduct, 'status' | 'maxDiscountPercent'>, discountPercent: number): number {
  const contracts = [{ guid: PLACEHOLDER_ORGANISATION, discount: discountPercent }];
  return discountedKopecks(fullKopecks, lineDiscount({ status: product.status, maxDiscount: product.maxDiscountPercent, orgGuid: PLACEHOLDER_ORGANISATION, contracts }));
}

/** A catalogue product with its prices, as the server reads it. */
export type CatalogueProduct = OrderProduct & ProductPriceList;

/** A size with today's stock, as the server reads it: `stock` already holds what an edited order gives back. */
export interface CatalogueOffer extends OfferPriceList {
  guid: string;
  productUid: string;
  characteristic: string;
  stock: number;
  supplyNote: string;
}

/**
 * What an order or a proposal is priced from: the products with their placeholder offers, the offers, each at its
 * full price for the company, and the contracts' discounts.
 */
export function pricingCatalogue(
  products: readonly CatalogueProduct[],
  offers: readonly CatalogueOffer[],
  contracts: readonly PricingContract[],
): OrderCatalogue {
  const byUid = new Map(products.map((product) => [product.uid, product]));
  const offerMap = new Map<string, OrderOffer>();
  for (const product of products) {
    offerMap.set(product.uid, placeholderOffer(product.uid, fullPriceKopecks(product, undefined, contracts)));
  }
  for (const offer of offers) {
    const product = byUid.get(offer.productUid);
    offerMap.set(offer.guid, {
      guid: offer.guid,
      productUid: offer.productUid,
      organisation: offer.organisation,
      characteristic: offer.characteristic,
      stock: offer.stock,
      fullPriceKopecks: product ? fullPriceKopecks(product, offer, contracts) : 0,
      supplyNote: offer.supplyNote,
    });
  }
  const orderProducts = new Map<string, OrderProduct>(
    products.map(({ listKopecks: _list, dealerKopecks: _dealer, ...product }) => [product.uid, product]),
  );
  return {
    products: orderProducts,
    offers: offerMap,
    contracts: contracts.map(({ organisation, discountPercent }) => ({ organisation, discountPercent })),
  };
}
