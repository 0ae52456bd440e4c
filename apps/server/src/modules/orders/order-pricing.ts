/**
 * The orders area's edge to the domain's money model: database rows become the catalogue an order is priced from
 * (full prices by each contract's price type, stock with what the order already holds) and stored lines become the
 * domain's priced lines again, for the order page, the history and the invoice.
 */
import {
  compareLines,
  orderChecks,
  orderTotals,
  pricingCatalogue,
  toKopecks,
  type OrderCatalogue,
  type OrderCheck,
  type OrderDelivery,
  type OrderLine,
  type OrderProduct,
  type OrderTotals,
} from '@portal/domain';
import { offerPriceListOf, pricingContractsOf, productPriceListOf } from '../products';
import type * as repo from './orders.repository';

export function orderProductOf(row: Pick<repo.ProductRow, 'uid' | 'article' | 'name' | 'type' | 'status' | 'maxDiscount' | 'weight' | 'volume'>): OrderProduct {
  return {
    uid: row.uid,
    article: row.article,
    name: row.name,
    kind: row.type,
    status: row.status,
    maxDiscountPercent: row.maxDiscount,
    weightKg: row.weight,
    volumeM3: row.volume,
  };
}

/**
 * What an order is priced from (the domain's `pricingCatalogue`, the one path of prices): the products it names with
 * their placeholder offers, its offers with today's stock plus `held` (units the order's previous version holds,
 * given back on an edit), and the company's contracts.
 */
export function orderCatalogue(
  contracts: repo.OrderContext['contracts'],
  products: readonly repo.ProductRow[],
  offers: readonly repo.OfferRow[],
  held: ReadonlyMap<number, number> = new Map(),
): OrderCatalogue {
  const productById = new Map(products.map((row) => [row.id, row]));
  return pricingCatalogue(
    products.map((row) => ({ ...orderProductOf(row), ...productPriceListOf(row) })),
    offers.map((row) => ({
      ...offerPriceListOf(row),
      guid: row.guid,
      // An offer of another product than the one it is sent under is refused by orderProblems.
      productUid: productById.get(row.productId)?.uid ?? '',
      characteristic: row.characteristic,
      stock: Math.max(0, row.residue) + (held.get(row.id) ?? 0),
      supplyNote: row.ppdata,
    })),
    pricingContractsOf(contracts),
  );
}

type StoredLineRow = Awaited<ReturnType<typeof repo.orderLinesOf>>[number];

/** A stored order line (one part: in stock or pre-order) as the domain's priced line, at the prices it was stored with. */
export function storedLine({ line, product, offer }: StoredLineRow): OrderLine {
  const guid = offer?.guid ?? product.uid;
  return {
    product: orderProductOf(product),
    offer: {
      guid,
      productUid: product.uid,
      organisation: line.orgGuid,
      characteristic: line.characteristic,
      stock: offer?.residue ?? 0,
      fullPriceKopecks: toKopecks(line.fullprice),
      supplyNote: offer?.ppdata ?? '',
    },
    quantity: line.quantity,
    inStock: line.presale ? 0 : line.quantity,
    preorder: line.presale ? line.quantity : 0,
    fullPriceKopecks: toKopecks(line.fullprice),
    discountPercent: line.discount,
    priceKopecks: toKopecks(line.price),
  };
}

export interface StoredOrder {
  lines: OrderLine[];
  checks: OrderCheck[];
  totals: OrderTotals;
}

/** A stored order's lines, checks (with the delivery on its check) and totals, through the domain's rules. */
export function storedOrder(rows: readonly StoredLineRow[], delivery: OrderDelivery): StoredOrder {
  const lines = rows.map(storedLine).sort(compareLines);
  return { lines, checks: orderChecks(lines, delivery), totals: orderTotals(lines, delivery) };
}
