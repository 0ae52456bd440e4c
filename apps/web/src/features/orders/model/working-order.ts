/**
 * The dealer's changes to the working order (spec §3): add, change a quantity, remove, refresh prices. Every change maps
 * the order to the domain's order model (order-mapper.ts in the contracts), prices and splits it with the domain's
 * `priceOrder`, and maps the answer back.
 */
import {
  blankOrder,
  deliveryOf,
  offerOfLine,
  positionsOf,
  productOfPosition,
  wireTotals,
  type CharacteristicLine,
  type Position,
  type WorkingOrder,
} from '@portal/contracts';
import {
  ORDER_LINE_QUANTITY_MAX,
  fromKopecks,
  priceOrder,
  quantityAfterEdit,
  type AskedLine,
  type OrderContract,
  type OrderOffer,
  type OrderProduct,
  type PricedOrder,
} from '@portal/domain';

export type OrderList = 'position' | 'position_presail';

/** The contracts a working order is priced with (the company's; kept with the order so a reload prices the same). */
export type PricingContracts = readonly OrderContract[];

/**
 * Re-prices and re-splits the order with the domain's one rule; an order with nothing left becomes the blank order.
 * Positions listed later carry the fresher offer (price, stock) and the quantities of one offer add up.
 */
export function recalculate<T extends WorkingOrder>(order: T, contracts: PricingContracts): T {
  const priced = priceWorkingOrder(order, contracts);
  if (priced.lines.length === 0) return { ...order, ...blankOrder() };
  const productIds = new Map([...order.position, ...order.position_presail].map((position) => [position.guid, position.product.ID]));
  return { ...order, ...positionsOf(priced.lines, productIds), ...wireTotals(priced.totals) };
}

/** The working order in the domain's words, priced and split: its checks per organisation and totals in kopecks. */
export function priceWorkingOrder(order: Pick<WorkingOrder, 'position' | 'position_presail' | 'delivery'>, contracts: PricingContracts): PricedOrder {
  const lines: AskedLine[] = [];
  const products = new Map<string, OrderProduct>();
  const offers = new Map<string, OrderOffer>();
  for (const position of [...order.position, ...order.position_presail]) {
    for (const line of position.characteristics) {
      products.set(position.guid, productOfPosition(position, line));
      offers.set(line.GUID, offerOfLine(position, line));
      if (line.count > 0) lines.push({ productUid: position.guid, offerGuid: line.GUID, quantity: line.count });
    }
  }
  return priceOrder({ lines, delivery: deliveryOf(order.delivery) }, { products, offers, contracts });
}

const started = <T extends WorkingOrder>(order: T, now: number): T => (order.id ? order : { ...order, id: now, date: now });

/**
 * Adds positions (the order gets a timestamp id on the first one); the same offer adds up. A size whose total would
 * pass the line limit is not added: the order prices no such line and would drop the units already there with it.
 */
export function addPositions<T extends WorkingOrder>(order: T, added: readonly Position[], contracts: PricingContracts, now = Date.now()): T {
  const fitting = added
    .map((position) => ({
      ...position,
      characteristics: position.characteristics.filter((line) => {
        const units = lineUnits(order, position.guid, line.GUID);
        return units.inStock + units.preorder + line.count <= ORDER_LINE_QUANTITY_MAX;
      }),
    }))
    .filter((position) => position.characteristics.length > 0);
  if (fitting.length === 0) return order;
  const next = started(order, now);
  return recalculate({ ...next, position: [...next.position, ...fitting] }, contracts);
}

/**
 * The dealer typed `count` into one row of a line (in stock, or on pre-order): the line's whole quantity becomes what
 * they meant (domain `quantityAfterEdit`) and the split is recomputed; 0 in the stock row removes the line.
 */
export function setLineCount<T extends WorkingOrder>(
  order: T,
  list: OrderList,
  guid: string,
  lineGuid: string,
  count: number,
  contracts: PricingContracts,
): T {
  const quantity = quantityAfterEdit(lineUnits(order, guid, lineGuid), list === 'position' ? 'inStock' : 'preorder', count);
  const withQuantity = (items: Position[], value: (line: CharacteristicLine) => number) =>
    items.map((item) =>
      item.guid !== guid ? item : { ...item, characteristics: item.characteristics.map((line) => (line.GUID === lineGuid ? { ...line, count: value(line) } : line)) },
    );
  return recalculate(
    { ...order, position: withQuantity(order.position, () => quantity), position_presail: withQuantity(order.position_presail, () => 0) },
    contracts,
  );
}

/** Units of one line in each list: what a change of the split shows the dealer. */
export function lineUnits(order: WorkingOrder, guid: string, lineGuid: string): { inStock: number; preorder: number } {
  const units = (items: Position[]) =>
    items
      .filter((item) => item.guid === guid)
      .flatMap((item) => item.characteristics)
      .filter((line) => line.GUID === lineGuid)
      .reduce((sum, line) => sum + line.count, 0);
  return { inStock: units(order.position), preorder: units(order.position_presail) };
}

/** Units in the whole order, in stock and on pre-order: what an addition really added is the difference. */
export function orderUnits(order: WorkingOrder): number {
  return [...order.position, ...order.position_presail].flatMap((item) => item.characteristics).reduce((sum, line) => sum + line.count, 0);
}

/** Removes a position from both lists. */
export function removePosition<T extends WorkingOrder>(order: T, guid: string, contracts: PricingContracts): T {
  return recalculate(
    { ...order, position: order.position.filter((item) => item.guid !== guid), position_presail: order.position_presail.filter((item) => item.guid !== guid) },
    contracts,
  );
}

/** Today's offer of a line: its full price in the company's price type and its stock. */
export interface FreshOffer {
  fullPriceKopecks: number;
  stock: number;
}

/**
 * Replaces each line's full price and stock with today's (a draft used, an order copied), drops lines whose offer is
 * no longer sold, and re-prices: each line is then priced as a newly added line would be.
 */
export function refreshLines<T extends WorkingOrder>(order: T, fresh: ReadonlyMap<string, FreshOffer>, contracts: PricingContracts): T {
  const update = (items: Position[]) =>
    items.map((item) => ({
      ...item,
      characteristics: item.characteristics.flatMap((line) => {
        const now = fresh.get(line.GUID);
        return now ? [{ ...line, fullprice: fromKopecks(now.fullPriceKopecks), RESIDUE: now.stock }] : [];
      }),
    }));
  return recalculate({ ...order, position: update(order.position), position_presail: update(order.position_presail) }, contracts);
}
