/**
 * Split: a priced order into what is stored — one line row per part (in stock, pre-order), one check per selling
 * organisation (an edit keeps the check guid of an organisation it already had), the stock each offer gives, the
 * offers as they were split against (what placing a new order checks they still are), the order's own values and its
 * first answer.
 */
import { CHECK_STATUS, type TDocStatus, type TOrderPayloadParsed } from '@portal/contracts';
import { fromKopecks, isPlaceholderOffer, type PricedOrder } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import type * as repo from '../orders.repository';
import { firstAnswerOf, type FirstAnswer } from './order-answer';

export function blankDocStatus(guid: string): TDocStatus {
  return { id: guid, StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false };
}

/** Units of each offer that the order's previous version holds (given back to its stock on an edit). */
export function heldStock(lines: ReadonlyArray<{ line: { offerId: number | null; presale: boolean; quantity: number } }>): Map<number, number> {
  const held = new Map<number, number>();
  for (const { line } of lines) {
    if (line.offerId !== null && !line.presale) held.set(line.offerId, (held.get(line.offerId) ?? 0) + line.quantity);
  }
  return held;
}

/** The rows a priced order is stored as: one line row per part (in stock, pre-order), one check per organisation. */
export function orderRows(priced: PricedOrder, previousChecks: readonly repo.CheckRow[] = []) {
  const lineRows = priced.lines.flatMap((line) => {
    const base = {
      offerGuid: isPlaceholderOffer(line.offer) ? null : line.offer.guid,
      orgGuid: line.offer.organisation,
      characteristic: line.offer.characteristic,
      fullprice: fromKopecks(line.fullPriceKopecks),
      price: fromKopecks(line.priceKopecks),
      discount: line.discountPercent,
    };
    return [
      ...(line.inStock > 0 ? [{ ...base, productUid: line.product.uid, quantity: line.inStock, presale: false }] : []),
      ...(line.preorder > 0 ? [{ ...base, productUid: line.product.uid, quantity: line.preorder, presale: true }] : []),
    ];
  });
  const checkRows = priced.checks.map((check) => {
    const guid = previousChecks.find((previous) => previous.orgGuid === check.organisation)?.guid ?? randomUUID();
    return {
      guid,
      orgGuid: check.organisation,
      status: check.reserved ? CHECK_STATUS.RESERVED : CHECK_STATUS.PREORDER,
      total: fromKopecks(check.totalKopecks),
      docStatus: blankDocStatus(guid),
    };
  });
  return { lineRows, checkRows };
}

export interface SplitInput {
  payload: TOrderPayloadParsed;
  deliveryDate: string;
  priced: PricedOrder;
  products: readonly repo.ProductRow[];
  /** The offers the order was priced and split against. */
  offers: readonly repo.OfferRow[];
  /** An edit's previous checks (their guids are kept). */
  previousChecks?: readonly repo.CheckRow[];
  edited: boolean;
}

export interface OrderPlan {
  lineRows: Array<repo.NewOrder['lines'][number]>;
  checkRows: repo.NewOrder['checks'];
  /** [offer id, units] taken from stock. */
  take: Array<readonly [number, number]>;
  offersRead: repo.OfferAsRead[];
  orderValues: Omit<repo.NewOrder['order'], 'userId' | 'partnerId' | 'idempotencyKey' | 'requestHash' | 'firstAnswer'>;
  firstAnswer: FirstAnswer;
}

export function splitOrder({ payload, deliveryDate, priced, products, offers, previousChecks, edited }: SplitInput): OrderPlan {
  const productIds = new Map(products.map((row) => [row.uid, row.id]));
  const offerIds = new Map(offers.map((row) => [row.guid, row.id]));
  const rows = orderRows(priced, previousChecks);
  const lineRows = rows.lineRows.map(({ productUid, offerGuid, ...row }) => ({
    ...row,
    productId: productIds.get(productUid)!,
    offerId: offerGuid === null ? null : offerIds.get(offerGuid)!,
  }));
  const stocked = priced.lines.filter((line) => !isPlaceholderOffer(line.offer));
  const take = stocked.filter((line) => line.inStock > 0).map((line) => [offerIds.get(line.offer.guid)!, line.inStock] as const);
  const priceOf = new Map(offers.map((row) => [row.id, row.price]));
  const offersRead = stocked.map((line) => {
    const offerId = offerIds.get(line.offer.guid)!;
    return { offerId, units: line.inStock, allOfIt: line.preorder > 0, price: priceOf.get(offerId)! };
  });
  const orderValues = {
    comment: payload.comment,
    delivery: { ...payload.delivery, date: deliveryDate },
    requestCertificate: payload.request_certificate,
    bags: payload.bags,
    total: fromKopecks(priced.totals.totalKopecks),
    totalDiscount: fromKopecks(priced.totals.discountKopecks),
    count: priced.totals.products,
    totalCount: priced.totals.units,
    storageGuid: payload.storage ?? '',
    name: payload.name ?? '',
  };
  return { lineRows, checkRows: rows.checkRows, take, offersRead, orderValues, firstAnswer: firstAnswerOf(priced, edited) };
}
