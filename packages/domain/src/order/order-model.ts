/**
 * The order in the domain's own words and in integer kopecks: what the dealer asked for, what it is priced from
 * (products, offers with their stock, the company's contracts) and the priced order split into stock and pre-order,
 * with one check per selling organisation. The spec's wire names (PRICE, GUID, RESIDUE…) stay in packages/contracts;
 * its order-mapper.ts is the one place that translates.
 */

export interface OrderProduct {
  uid: string;
  article: string;
  name: string;
  /** 'wear' or 'shoes'. */
  kind: string;
  /** Outlet, Discount, Activity or ''. */
  status: string;
  /** 0 means no cap. */
  maxDiscountPercent: number;
  /** Per unit. */
  weightKg: number;
  volumeM3: number;
}

/** One size of a product as one organisation sells it. */
export interface OrderOffer {
  guid: string;
  productUid: string;
  /** The selling organisation's guid: the line's contract and check follow it. */
  organisation: string;
  characteristic: string;
  /** Units that can be taken from stock now. */
  stock: number;
  /** The unit price in the company's price type, before the contract discount (price-type.ts prices it). */
  fullPriceKopecks: number;
  /** When the next supply comes (the spec's PPDATA, «date/qty»); '' when unknown. */
  supplyNote: string;
}

/** A company's contract with one organisation, as far as pricing needs it. */
export interface OrderContract {
  organisation: string;
  discountPercent: number;
}

/** What the dealer asked for: a quantity of one offer. */
export interface AskedLine {
  productUid: string;
  offerGuid: string;
  quantity: number;
}

export type DeliveryMethod = 'pickup' | 'delivery' | 'other';

export interface OrderDelivery {
  method: DeliveryMethod;
  /** What the dealer entered; billed only for 'other' (a carrier), see deliveryKopecks. */
  costKopecks: number;
}

/** Everything an order is priced from. */
export interface OrderCatalogue {
  products: ReadonlyMap<string, OrderProduct>;
  offers: ReadonlyMap<string, OrderOffer>;
  contracts: readonly OrderContract[];
}

export interface OrderRequest {
  lines: readonly AskedLine[];
  delivery: OrderDelivery;
}

/** One asked offer, priced and split: `inStock` units take stock, `preorder` units wait for supply. */
export interface OrderLine {
  product: OrderProduct;
  offer: OrderOffer;
  quantity: number;
  inStock: number;
  preorder: number;
  fullPriceKopecks: number;
  discountPercent: number;
  /** Unit price after the discount. */
  priceKopecks: number;
}

/** The bill of one selling organisation: its lines and, on one check of the order, the delivery. */
export interface OrderCheck {
  organisation: string;
  lines: OrderLine[];
  goodsKopecks: number;
  discountKopecks: number;
  deliveryKopecks: number;
  totalKopecks: number;
  /** True when some of its units take stock (the check is «В резерве»); else it is a pre-order check. */
  reserved: boolean;
}

export interface OrderTotals {
  /** Goods after discounts, both parts. */
  goodsKopecks: number;
  discountKopecks: number;
  /** The pre-order part of goodsKopecks and discountKopecks. */
  preorderKopecks: number;
  preorderDiscountKopecks: number;
  deliveryKopecks: number;
  /** What the dealer pays: goods plus delivery. Equals the sum of the checks' totals. */
  totalKopecks: number;
  /** Distinct products. */
  products: number;
  units: number;
  inStockUnits: number;
  preorderUnits: number;
  weightKg: number;
  volumeM3: number;
}

export interface PricedOrder {
  /** Sorted by article, then size (sizes in numeric order). */
  lines: OrderLine[];
  checks: OrderCheck[];
  totals: OrderTotals;
}
