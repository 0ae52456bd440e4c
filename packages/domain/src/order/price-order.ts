/**
 * The one function that prices and splits an order (spec §4, §5): the web's working order, the server's submit and
 * edit, the invoice and the proposal all go through it. It reads as its steps — check the asked lines, price each
 * line, split it against stock, add up totals and checks — each a function of its own, tested alone.
 */
import { ORGANISATION } from '../constants';
import { roundTo3 } from '../format';
import { lineDiscount } from './discount';
import { discountedKopecks } from './money';
import type {
  AskedLine,
  OrderCatalogue,
  OrderCheck,
  OrderContract,
  OrderDelivery,
  OrderLine,
  OrderOffer,
  OrderProduct,
  OrderRequest,
  OrderTotals,
  PricedOrder,
} from './order-model';

/** The label of a product without offers: its one placeholder offer is ordered as a pre-order. */
export const PREORDER_ONLY_LABEL = 'Только под заказ';

/** Who sells a product without offers: its placeholder offer is FRO's, and so is the product's own price. */
export const PLACEHOLDER_ORGANISATION: string = ORGANISATION.FRO;

/**
 * The placeholder offer of a product without offers (spec §3 "Offer"). One convention everywhere: its guid is the
 * product's uid, it is sold by FRO, it has no stock and costs the product's price in the company's price type.
 */
export function placeholderOffer(productUid: string, fullPriceKopecks: number): OrderOffer {
  return {
    guid: productUid,
    productUid,
    organisation: PLACEHOLDER_ORGANISATION,
    characteristic: PREORDER_ONLY_LABEL,
    stock: 0,
    fullPriceKopecks,
    supplyNote: '',
  };
}

export function isPlaceholderOffer(offer: Pick<OrderOffer, 'guid' | 'productUid'>): boolean {
  return offer.guid === offer.productUid;
}

/** How a line is named in messages: «КСТ105А (42)». */
export function lineLabel(article: string, characteristic: string): string {
  return characteristic ? `${article} (${characteristic})` : article;
}

/** The same offer asked twice (in both lists, or added again) is one line: the quantities add up. */
export function mergeAskedLines(lines: readonly AskedLine[]): AskedLine[] {
  const merged = new Map<string, AskedLine>();
  for (const line of lines) {
    const same = merged.get(line.offerGuid);
    if (same) same.quantity += line.quantity;
    else merged.set(line.offerGuid, { ...line });
  }
  return [...merged.values()];
}

/** The most units of one size in one order: a typo guard that also keeps every sum an exact integer of kopecks. */
export const ORDER_LINE_QUANTITY_MAX = 100_000;

/** Why a quantity above the limit cannot be ordered (after the line's label): one wording for the order and quick order. */
export const quantityTooLargeText = (quantity: number | string) =>
  `количество ${quantity} слишком велико — укажите не больше ${ORDER_LINE_QUANTITY_MAX.toLocaleString('ru-RU')} шт.`;

const isCountable = (quantity: number) => Number.isSafeInteger(quantity) && quantity > 0 && quantity <= ORDER_LINE_QUANTITY_MAX;

/**
 * Why the asked lines cannot be ordered, one Russian message per problem naming the line and what to do; empty when
 * they can. `organisationName` names an organisation in the message about a missing contract.
 */
export function orderProblems(
  lines: readonly AskedLine[],
  catalogue: OrderCatalogue,
  organisationName: (guid: string) => string = (guid) => guid,
): string[] {
  if (lines.length === 0) return ['Заказ пуст: добавьте хотя бы одну позицию с количеством больше 0.'];
  const problems: string[] = [];
  lines.forEach((asked, index) => {
    const product = catalogue.products.get(asked.productUid);
    if (!product) {
      problems.push(`Позиция ${index + 1}: товар с guid ${asked.productUid} не найден в каталоге — удалите эту позицию из заказа.`);
      return;
    }
    const offer = catalogue.offers.get(asked.offerGuid);
    if (!offer || offer.productUid !== product.uid) {
      problems.push(
        `${product.article}: характеристика с guid ${asked.offerGuid} не найдена у этого товара — удалите строку и добавьте товар заново.`,
      );
      return;
    }
    const label = lineLabel(product.article, offer.characteristic);
    if (!isCountable(asked.quantity)) {
      problems.push(
        asked.quantity > ORDER_LINE_QUANTITY_MAX && Number.isFinite(asked.quantity)
          ? `${label}: ${quantityTooLargeText(asked.quantity)}`
          : `${label}: количество ${asked.quantity} не подходит — укажите целое число больше 0.`,
      );
    }
    if (!catalogue.contracts.some((contract) => contract.organisation === offer.organisation)) {
      problems.push(`${label}: у компании нет договора с ${organisationName(offer.organisation)} — уберите строку или обратитесь к менеджеру.`);
    }
  });
  return problems;
}

export interface LinePrice {
  fullPriceKopecks: number;
  discountPercent: number;
  priceKopecks: number;
}

/** The unit price of an offer for the company: its full price less the discount of spec §5 (discount.ts). */
export function priceLine(product: OrderProduct, offer: OrderOffer, contracts: readonly OrderContract[]): LinePrice {
  const discountPercent = lineDiscount({
    status: product.status,
    maxDiscount: product.maxDiscountPercent,
    orgGuid: offer.organisation,
    contracts: contracts.map((contract) => ({ guid: contract.organisation, discount: contract.discountPercent })),
  });
  return {
    fullPriceKopecks: offer.fullPriceKopecks,
    discountPercent,
    priceKopecks: discountedKopecks(offer.fullPriceKopecks, discountPercent),
  };
}

/** Spec §4: the stock covers what it can; the rest of the quantity is a pre-order. */
export function splitQuantity(quantity: number, stock: number): { inStock: number; preorder: number } {
  const inStock = Math.max(0, Math.min(quantity, Math.floor(stock)));
  return { inStock, preorder: quantity - inStock };
}

/**
 * The quantity the dealer means when typing `typed` into one part of a split line: in the stock row it is the whole
 * quantity (the split is then recomputed, taking stock first); in the pre-order row it is what stays on pre-order on
 * top of the units in stock.
 */
export function quantityAfterEdit(line: { inStock: number; preorder: number }, part: 'inStock' | 'preorder', typed: number): number {
  const value = Math.max(0, Math.floor(typed));
  return part === 'inStock' ? value : line.inStock + value;
}

/** The delivery is billed only when a carrier brings it ('other'); pickup and our own delivery cost nothing here. */
export function deliveryKopecks(delivery: OrderDelivery): number {
  return delivery.method === 'other' ? Math.max(0, Math.round(delivery.costKopecks)) : 0;
}

export const lineAmountKopecks = (line: Pick<OrderLine, 'priceKopecks' | 'quantity'>) => line.priceKopecks * line.quantity;
export const lineDiscountKopecks = (line: Pick<OrderLine, 'priceKopecks' | 'fullPriceKopecks' | 'quantity'>) =>
  (line.fullPriceKopecks - line.priceKopecks) * line.quantity;

/** Totals of priced lines, in kopecks; the pre-order part is counted by units, at the line's price. */
export function orderTotals(lines: readonly OrderLine[], delivery: OrderDelivery): OrderTotals {
  let goods = 0;
  let discount = 0;
  let preorder = 0;
  let preorderDiscount = 0;
  let inStockUnits = 0;
  let preorderUnits = 0;
  let weight = 0;
  let volume = 0;
  for (const line of lines) {
    goods += lineAmountKopecks(line);
    discount += lineDiscountKopecks(line);
    preorder += line.priceKopecks * line.preorder;
    preorderDiscount += (line.fullPriceKopecks - line.priceKopecks) * line.preorder;
    inStockUnits += line.inStock;
    preorderUnits += line.preorder;
    weight += line.product.weightKg * line.quantity;
    volume += line.product.volumeM3 * line.quantity;
  }
  // The delivery goes on a check, so an order without lines bills none.
  const deliveryCost = lines.length > 0 ? deliveryKopecks(delivery) : 0;
  return {
    goodsKopecks: goods,
    discountKopecks: discount,
    preorderKopecks: preorder,
    preorderDiscountKopecks: preorderDiscount,
    deliveryKopecks: deliveryCost,
    totalKopecks: goods + deliveryCost,
    products: new Set(lines.map((line) => line.product.uid)).size,
    units: inStockUnits + preorderUnits,
    inStockUnits,
    preorderUnits,
    weightKg: roundTo3(weight),
    volumeM3: roundTo3(volume),
  };
}

/**
 * One check per selling organisation (docs/decisions.md "One truth for money"). The delivery is billed on the check
 * with the largest goods amount (the first of equals), so the checks add up to the order's total to the kopeck.
 */
export function orderChecks(lines: readonly OrderLine[], delivery: OrderDelivery): OrderCheck[] {
  const byOrganisation = new Map<string, OrderLine[]>();
  for (const line of lines) byOrganisation.set(line.offer.organisation, [...(byOrganisation.get(line.offer.organisation) ?? []), line]);
  const checks = [...byOrganisation].map(([organisation, own]): OrderCheck => {
    const goods = own.reduce((sum, line) => sum + lineAmountKopecks(line), 0);
    return {
      organisation,
      lines: own,
      goodsKopecks: goods,
      discountKopecks: own.reduce((sum, line) => sum + lineDiscountKopecks(line), 0),
      deliveryKopecks: 0,
      totalKopecks: goods,
      reserved: own.some((line) => line.inStock > 0),
    };
  });
  const cost = deliveryKopecks(delivery);
  const carrier = checks.reduce<OrderCheck | undefined>((best, check) => (!best || check.goodsKopecks > best.goodsKopecks ? check : best), undefined);
  if (carrier && cost > 0) {
    carrier.deliveryKopecks = cost;
    carrier.totalKopecks += cost;
  }
  return checks;
}

// Made on first use: building a collator loads its language's rules, which the web app's start-up paid for on every
// screen, orders or not.
let collator: Intl.Collator | undefined;
const ruCollator = () => (collator ??= new Intl.Collator('ru', { numeric: true, sensitivity: 'base' }));
const byGuid = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Lines by article, then size in numeric order, so a recomputed order never reorders its lists. */
export function compareLines(a: OrderLine, b: OrderLine): number {
  return (
    ruCollator().compare(a.product.article, b.product.article) ||
    byGuid(a.product.uid, b.product.uid) ||
    ruCollator().compare(a.offer.characteristic, b.offer.characteristic) ||
    byGuid(a.offer.guid, b.offer.guid)
  );
}

/**
 * The asked lines, merged (the same offer twice is one line), priced and split, in the order asked. Lines that cannot
 * be priced are left out (see `priceOrder`). A proposal's lines are priced so too.
 */
export function priceAskedLines(asked: readonly AskedLine[], catalogue: OrderCatalogue): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const line of mergeAskedLines(asked)) {
    const product = catalogue.products.get(line.productUid);
    const offer = catalogue.offers.get(line.offerGuid);
    if (!product || !offer || offer.productUid !== product.uid || !isCountable(line.quantity)) continue;
    lines.push({
      product,
      offer,
      quantity: line.quantity,
      ...splitQuantity(line.quantity, offer.stock),
      ...priceLine(product, offer, catalogue.contracts),
    });
  }
  return lines;
}

/**
 * Prices and splits an order. Lines that cannot be priced (unknown product or offer, a quantity that is not a whole
 * number above 0) are left out: `orderProblems` says why, and the server refuses such an order before this step.
 */
export function priceOrder(request: OrderRequest, catalogue: OrderCatalogue): PricedOrder {
  const lines = priceAskedLines(request.lines, catalogue).sort(compareLines);
  return { lines, checks: orderChecks(lines, request.delivery), totals: orderTotals(lines, request.delivery) };
}
