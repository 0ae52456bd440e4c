/**
 * The one place where the spec's wire shapes (PRICE, GUID, RESIDUE, VALUME, fractions of roubles) meet the domain's
 * order model (order-model.ts: kopecks, `offer.stock`, `line.priceKopecks`). Everything that prices or splits an
 * order maps in here, calls the domain's `priceOrder`, and maps the answer back out.
 */
import {
  fractionToPercent,
  fromKopecks,
  isPlaceholderOffer as isPlaceholderOfferOf,
  lineAmountKopecks,
  lineDiscountKopecks,
  lineLabel,
  percentToFraction,
  placeholderOffer,
  toKopecks,
  type AskedLine,
  type OrderContract,
  type OrderDelivery,
  type OrderLine,
  type OrderOffer,
  type OrderProduct,
  type OrderTotals,
  type PricedOrder,
  type SavedLine,
  type SentPrice,
  type TodaysLine,
} from '@portal/domain';
import type { TOrderPayload, TOrderPayloadParsed, TOrderPositionPayload } from './orders';
import type { TOffer, TProduct, TProductSearchResult } from './products';
import type { CharacteristicLine, Delivery, Position, WorkingOrder } from './working-order';

/** A company's contracts (the spec's storages) as pricing needs them. */
export function contractsOf(storages: ReadonlyArray<{ guid: string; discount: number }>): OrderContract[] {
  return storages.map((storage) => ({ organisation: storage.guid, discountPercent: storage.discount }));
}

export function deliveryOf(delivery: Pick<Delivery, 'case' | 'cost'>): OrderDelivery {
  return { method: delivery.case, costKopecks: toKopecks(delivery.cost) };
}

/** A search result's product in the domain's words. */
export function productOf(product: Pick<TProduct, 'UID' | 'ARTICLE' | 'NAME' | 'TYPE' | 'STATUS' | 'MAX_DISCOUNT' | 'WEIGHT' | 'VALUME'>): OrderProduct {
  return {
    uid: product.UID,
    article: product.ARTICLE,
    name: product.NAME,
    kind: product.TYPE,
    status: product.STATUS,
    maxDiscountPercent: product.MAX_DISCOUNT,
    weightKg: product.WEIGHT,
    volumeM3: product.VALUME,
  };
}

export function offerOf(productUid: string, offer: TOffer): OrderOffer {
  return {
    guid: offer.GUID,
    productUid,
    organisation: offer.ORGGUID,
    characteristic: offer.CHARACTERISTIC,
    stock: offer.RESIDUE,
    fullPriceKopecks: toKopecks(offer.PRICE),
    supplyNote: offer.PPDATA,
  };
}

export function wireOffer(offer: OrderOffer, id = 0): TOffer {
  return {
    ID: id,
    CHARACTERISTIC: offer.characteristic,
    RESIDUE: offer.stock,
    PRICE: fromKopecks(offer.fullPriceKopecks),
    PPDATA: offer.supplyNote,
    GUID: offer.guid,
    ORGGUID: offer.organisation,
  };
}

/**
 * The offers to show and order from: the product's own, or its one placeholder (price-order.ts placeholderOffer),
 * which costs what the product does: its list price and «Ваша цена» are the product's when the server gave them.
 */
export function offersOrPlaceholder(offers: readonly TOffer[], product: { UID: string; PRICE_OPT: number; PRICE?: number; PRICE_NET?: number }): TOffer[] {
  if (offers.length > 0) return [...offers];
  const placeholder = wireOffer(placeholderOffer(product.UID, toKopecks(product.PRICE_OPT)));
  return [{ ...placeholder, ...(product.PRICE !== undefined && { PRICE_LIST: product.PRICE }), ...(product.PRICE_NET !== undefined && { PRICE_NET: product.PRICE_NET }) }];
}

export function isPlaceholderOffer(offer: Pick<TOffer, 'GUID'>, productUid: string): boolean {
  return isPlaceholderOfferOf({ guid: offer.GUID, productUid });
}

/** Every offer of a search result in the domain's words, keyed by guid (the placeholder for a product without offers). */
export function offersOfResult(result: Pick<TProductSearchResult, 'PRODUCT' | 'OFFERS'>): Map<string, OrderOffer> {
  return new Map(offersOrPlaceholder(result.OFFERS, result.PRODUCT).map((offer) => [offer.GUID, offerOf(result.PRODUCT.UID, offer)]));
}

/** A working-order position's product and one of its lines' offers, as the line remembers them. */
export function productOfPosition(position: Position, line?: CharacteristicLine): OrderProduct {
  return {
    uid: position.guid,
    article: position.article,
    name: position.product.NAME,
    kind: position.type,
    status: position.status ?? '',
    maxDiscountPercent: line?.MAX_DISCOUNT ?? 0,
    weightKg: position.weight ?? 0,
    volumeM3: position.volume ?? 0,
  };
}

export function offerOfLine(position: Position, line: CharacteristicLine): OrderOffer {
  return {
    guid: line.GUID,
    productUid: position.guid,
    organisation: line.ORGGUID,
    characteristic: line.CHARACTERISTIC,
    stock: line.RESIDUE,
    fullPriceKopecks: toKopecks(line.fullprice),
    supplyNote: line.PPDATA,
  };
}

/** A priced line as the spec's characteristic line; `part` picks the units in stock or on pre-order. */
export function wireLine(line: OrderLine, count: number, reserved: number): CharacteristicLine {
  return {
    ID: line.offer.guid,
    CHARACTERISTIC: line.offer.characteristic,
    PRICE: fromKopecks(line.priceKopecks),
    fullprice: fromKopecks(line.fullPriceKopecks),
    price_discount: fromKopecks(line.fullPriceKopecks - line.priceKopecks),
    count,
    RESIDUE: line.offer.stock,
    RESERVED: reserved,
    MAX_DISCOUNT: line.product.maxDiscountPercent,
    PPDATA: line.offer.supplyNote,
    GUID: line.offer.guid,
    ORGGUID: line.offer.organisation,
    discount: line.discountPercent,
  };
}

/** Position totals of the spec (count, total, total_discount) from its lines. */
function withTotals(position: Position): Position {
  let count = 0;
  let total = 0;
  let discount = 0;
  for (const line of position.characteristics) {
    const kopecks = { priceKopecks: toKopecks(line.PRICE), fullPriceKopecks: toKopecks(line.fullprice), quantity: line.count };
    count += line.count;
    total += lineAmountKopecks(kopecks);
    discount += lineDiscountKopecks(kopecks);
  }
  return { ...position, count, total: fromKopecks(total), total_discount: fromKopecks(discount) };
}

function wirePosition(product: OrderProduct, preorder: boolean, characteristics: CharacteristicLine[]): Position {
  return withTotals({
    guid: product.uid,
    article: product.article,
    product: { ID: product.uid, ARTICLE: product.article, NAME: product.name, UID: product.uid },
    type: product.kind,
    status: product.status,
    weight: product.weightKg,
    volume: product.volumeM3,
    characteristics,
    count: 0,
    total: 0,
    total_discount: 0,
    preorder,
  });
}

/**
 * Priced lines as the spec's two lists: the units in stock in `position`, the pre-order units in `position_presail`,
 * positions grouped by product in the lines' order. `productIds` gives the product's numeric ID where it is known.
 */
export function positionsOf(lines: readonly OrderLine[], productIds?: ReadonlyMap<string, string>): { position: Position[]; position_presail: Position[] } {
  // A product with anything on pre-order is marked so in both lists (spec §4).
  const onPreorder = new Set(lines.filter((line) => line.preorder > 0).map((line) => line.product.uid));
  const group = (part: 'inStock' | 'preorder') => {
    const byProduct = new Map<string, { product: OrderProduct; lines: CharacteristicLine[] }>();
    for (const line of lines) {
      const count = line[part];
      if (count <= 0) continue;
      const entry = byProduct.get(line.product.uid) ?? { product: line.product, lines: [] };
      entry.lines.push(wireLine(line, count, part === 'inStock' ? count : 0));
      byProduct.set(line.product.uid, entry);
    }
    return [...byProduct.values()].map(({ product, lines: own }) => {
      const position = wirePosition(product, onPreorder.has(product.uid), own);
      const id = productIds?.get(product.uid);
      return id ? { ...position, product: { ...position.product, ID: id } } : position;
    });
  };
  return { position: group('inStock'), position_presail: group('preorder') };
}

/** The spec's order totals (roubles) from the domain's. */
export function wireTotals(totals: OrderTotals) {
  return {
    total: fromKopecks(totals.totalKopecks),
    total_discount: fromKopecks(totals.discountKopecks),
    total_presail: fromKopecks(totals.preorderKopecks),
    total_presail_discount: fromKopecks(totals.preorderDiscountKopecks),
    count: totals.products,
    total_count: totals.units,
    total_volume: totals.volumeM3,
    total_weight: totals.weightKg,
  };
}

/** A priced order as the spec's lists and totals. */
export function wireOrder(priced: PricedOrder) {
  return { ...positionsOf(priced.lines), ...wireTotals(priced.totals) };
}

/** The lines of a submitted order (both lists: the server decides the split) as what the dealer asked for. */
export function askedLinesOf(payload: Pick<TOrderPayloadParsed, 'position' | 'position_presail'>): AskedLine[] {
  return [...payload.position, ...payload.position_presail].flatMap((position) =>
    position.characteristics.map((line) => ({ productUid: position.guid, offerGuid: line.guid, quantity: line.quantity })),
  );
}

/** The prices the client showed for each line it sent (roubles → kopecks, fraction → percent), in the order sent. */
export function sentPricesOf(payload: Pick<TOrderPayloadParsed, 'position' | 'position_presail'>): SentPrice[] {
  return [...payload.position, ...payload.position_presail].flatMap((position) =>
    position.characteristics.map((line) => ({
      offerGuid: line.guid,
      priceKopecks: toKopecks(line.price),
      fullPriceKopecks: toKopecks(line.fullprice),
      discountPercent: fractionToPercent(line.discount),
    })),
  );
}

/** The lines of saved positions (a draft) as the dealer saw them: price and stock per offer. */
export function savedLinesOf(positions: readonly Position[], withStock = true): SavedLine[] {
  return positions.flatMap((position) =>
    position.characteristics.map((line) => ({
      offerGuid: line.GUID,
      label: lineLabel(position.article, line.CHARACTERISTIC),
      priceKopecks: toKopecks(line.PRICE),
      ...(withStock ? { stock: line.RESIDUE } : {}),
    })),
  );
}

/** Today's price and stock per offer of positions priced today. */
export function todaysLinesOf(positions: readonly Position[]): Map<string, TodaysLine> {
  return new Map(positions.flatMap((position) => position.characteristics.map((line) => [line.GUID, { priceKopecks: toKopecks(line.PRICE), stock: line.RESIDUE }] as const)));
}

/** Positions as the payload's lists: each line with its offer, quantity and the prices shown. */
function payloadPositions(positions: readonly Position[]): TOrderPositionPayload[] {
  return positions.map((position) => ({
    guid: position.guid,
    characteristics: position.characteristics.map((line) => ({
      guid: line.GUID,
      orgguid: line.ORGGUID,
      quantity: line.count,
      price: line.PRICE,
      fullprice: line.fullprice,
      discount: percentToFraction(line.discount),
    })),
  }));
}

/** The working order as the payload sent (spec §3 "Order payload sent"); `storage` is the contract the dealer chose. */
export function payloadOf(order: WorkingOrder & { storage?: string }): TOrderPayload {
  return {
    id: order.id,
    edit: order.edit,
    reserved: order.reserved,
    comment: order.comment,
    delivery: order.delivery,
    request_certificate: order.request_certificate,
    total: order.total,
    count: order.count,
    partner_id: order.partner_id,
    ...(order.storage ? { storage: order.storage } : {}),
    bags: order.bags,
    ...(order.name ? { name: order.name } : {}),
    ...(order.replaces_approval !== undefined ? { replaces_approval: order.replaces_approval } : {}),
    position: payloadPositions(order.position),
    position_presail: payloadPositions(order.position_presail),
  };
}

/**
 * The order as the server prices it, in the shape of the request it answers: the same company, delivery and notes,
 * every line at the price it is charged, split as stock allows now, with its total. Sent back, it places exactly this.
 */
export function pricedPayloadOf(request: TOrderPayloadParsed, priced: PricedOrder): TOrderPayloadParsed {
  const lists = positionsOf(priced.lines);
  return {
    ...request,
    total: fromKopecks(priced.totals.totalKopecks),
    count: priced.totals.products,
    position: payloadPositions(lists.position),
    position_presail: payloadPositions(lists.position_presail),
  };
}
