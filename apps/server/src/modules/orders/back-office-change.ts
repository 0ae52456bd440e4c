/**
 * A back office's change of an order (1C's order document today; the ERP's JSON integration could send the same):
 * the lines of one check — or of the whole order, when the back office names the order alone — and the delivery it
 * bills. The lines follow the domain's rule of a back-office change (`linesChangedByBackOffice`), the checks and the
 * totals the domain's `orderChecks` and `orderTotals`; they are written by persist's `persistBackOfficeChange` in the
 * caller's transaction: stock, lines, the checks' and the order's totals, the timeline and the dealer's mail and bar
 * message. How the back office names its goods (1C's ids) is the caller's business: this service takes the domain's
 * back-office lines, by offer.
 */
import { deliveryOf, type Delivery } from '@portal/contracts';
import {
  fromKopecks,
  isPlaceholderOffer,
  lineLabel,
  linesChangedByBackOffice,
  mergeParts,
  orderChecks,
  orderTotals,
  toKopecks,
  type BackOfficeLine,
  type OrderLine,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client';
import { orderCatalogue, storedLine } from './order-pricing';
import * as repo from './orders.repository';
import { persistBackOfficeChange } from './submit/persist-order';
import { heldStock, orderRows } from './submit/split-order';

export interface BackOfficeChange {
  orderId: number;
  /**
   * The selling organisation whose check the back office changed: its lines are replaced and the other checks' kept.
   * Undefined: the back office sent the whole order, and its lines replace every check's.
   */
  organisation?: string;
  /** The lines as the back office has them, one per offer; undefined when it said nothing of the lines. */
  lines?: readonly BackOfficeLine[];
  /** What the back office bills for the delivery, in kopecks; undefined when it said nothing of the delivery. */
  deliveryKopecks?: number;
}

/** Why a change cannot be applied; the caller says it in its own words (how to put it right in its system). */
export type BackOfficeRefusal =
  | { why: 'order-unknown' }
  /** Every line's quantity is 0: an order is cancelled by its status, not emptied. */
  | { why: 'no-lines-left' }
  /** The whole order was sent and a check of `organisation` has no line left in it. */
  | { why: 'check-emptied'; organisation: string }
  /** A line of an offer that `organisation` sells, and the order has no check of that organisation. */
  | { why: 'foreign-organisation'; organisation: string; offerGuid: string }
  | { why: 'offer-unknown'; offerGuid: string };

export type BackOfficeChangeOutcome =
  | { outcome: 'same'; deliveryNotBilledKopecks?: number }
  | ({ outcome: 'refused' } & BackOfficeRefusal)
  | {
      outcome: 'changed';
      /** What changed, in the dealer's words («КСТ105А (48): 10 шт. вместо 12; доставка 500.00 вместо 300.00»). */
      said: string;
      partnerId: number;
      deliveryNotBilledKopecks?: number;
    };

/**
 * Applies a back office's change to an order, in the caller's transaction. `same` when the lines agree with the
 * portal's by offer, quantity and price and the delivery with its cost: nothing is written and nobody told, so a
 * change sent again changes nothing.
 *
 * The delivery: the portal bills a delivery only when a carrier brings it (the domain's `deliveryKopecks`), at the
 * cost on the order. For such an order the back office's figure becomes that cost; for pickup and the manufacturer's
 * own delivery the portal bills none, so the figure is not applied and `deliveryNotBilledKopecks` says it to the
 * caller (docs/decisions.md, «A back office's delivery line»).
 */
export async function applyBackOfficeChange(tx: DbOrTx, change: BackOfficeChange): Promise<BackOfficeChangeOutcome> {
  const found = await repo.findOrder(tx, change.orderId, true);
  if (!found) return { outcome: 'refused', why: 'order-unknown' };
  const { order } = found;
  const delivery = order.delivery as Delivery;
  const billed = deliveryOf(delivery).method === 'other';
  const deliveryNotBilledKopecks = !billed && change.deliveryKopecks ? change.deliveryKopecks : undefined;
  const newCostKopecks = billed && change.deliveryKopecks !== undefined && change.deliveryKopecks !== toKopecks(delivery.cost) ? change.deliveryKopecks : undefined;

  const rows = await repo.orderLinesOf(tx, [change.orderId]);
  const inScope = (organisation: string) => change.organisation === undefined || organisation === change.organisation;
  const own = rows.filter((row) => inScope(row.line.orgGuid));
  const ownLines = own.map(storedLine);
  const before = mergeParts(ownLines);
  const wanted = change.lines ?? [...before.values()].map((line) => ({ productUid: line.product.uid, offerGuid: line.offer.guid, quantity: line.quantity, priceKopecks: line.priceKopecks }));
  const kept = wanted.filter((line) => line.quantity > 0);
  const linesAgree =
    kept.length === before.size &&
    kept.every((line) => before.get(line.offerGuid)?.quantity === line.quantity && before.get(line.offerGuid)?.priceKopecks === line.priceKopecks);
  if (linesAgree && newCostKopecks === undefined) return { outcome: 'same', deliveryNotBilledKopecks };
  if (kept.length === 0) return { outcome: 'refused', why: 'no-lines-left' };

  const context = await repo.orderContext(tx, {
    userId: order.userId,
    partnerUid: found.partnerUid,
    key: null,
    productUids: [...new Set([...rows.map((row) => row.product.uid), ...wanted.map((line) => line.productUid)])],
    offerGuids: [...new Set([...rows.flatMap((row) => (row.offer?.guid ? [row.offer.guid] : [])), ...wanted.map((line) => line.offerGuid)])],
    lock: true,
  });
  const held = linesAgree ? new Map<number, number>() : heldStock(own);
  const catalogue = orderCatalogue(context.contracts, context.products, context.offers, held);
  const checks = await repo.checksOf(tx, [change.orderId]);
  const organisations = new Set(checks.map((check) => check.orgGuid));
  for (const line of kept) {
    const offer = catalogue.offers.get(line.offerGuid);
    if (!offer || offer.productUid !== line.productUid) return { outcome: 'refused', why: 'offer-unknown', offerGuid: line.offerGuid };
    if (!inScope(offer.organisation) || !organisations.has(offer.organisation)) {
      return { outcome: 'refused', why: 'foreign-organisation', organisation: offer.organisation, offerGuid: line.offerGuid };
    }
  }
  if (change.organisation === undefined) {
    const emptied = [...organisations].find((organisation) => !kept.some((line) => catalogue.offers.get(line.offerGuid)!.organisation === organisation));
    if (emptied !== undefined) return { outcome: 'refused', why: 'check-emptied', organisation: emptied };
  }

  // Lines that agree keep their parts as stored and move no stock: only the delivery changed.
  const changed = linesAgree ? ownLines : linesChangedByBackOffice(ownLines, wanted, catalogue);
  const all = [...rows.filter((row) => !inScope(row.line.orgGuid)).map(storedLine), ...changed];
  const newDelivery = newCostKopecks === undefined ? delivery : { ...delivery, cost: fromKopecks(newCostKopecks) };
  const priced = { checks: orderChecks(all, deliveryOf(newDelivery)), totals: orderTotals(all, deliveryOf(newDelivery)) };

  const productIds = new Map([...rows.map((row) => [row.product.uid, row.product.id] as const), ...context.products.map((row) => [row.uid, row.id] as const)]);
  const offerIds = new Map(context.offers.map((row) => [row.guid, row.id]));
  const lineRows = orderRows({ lines: all, ...priced }).lineRows.map(({ productUid, offerGuid, ...row }) => ({
    ...row,
    productId: productIds.get(productUid)!,
    offerId: offerGuid === null ? null : offerIds.get(offerGuid)!,
  }));
  const take = linesAgree ? [] : changed.filter((line) => line.inStock > 0 && !isPlaceholderOffer(line.offer)).map((line) => [offerIds.get(line.offer.guid)!, line.inStock] as const);
  const checkTotals = checks.flatMap((stored) => {
    const total = priced.checks.find((check) => check.organisation === stored.orgGuid)?.totalKopecks ?? 0;
    return total === toKopecks(stored.total) ? [] : [{ checkId: stored.id, total: fromKopecks(total) }];
  });
  await persistBackOfficeChange(tx, {
    orderId: change.orderId,
    held,
    take,
    lineRows,
    checkTotals,
    orderValues: {
      total: fromKopecks(priced.totals.totalKopecks),
      totalDiscount: fromKopecks(priced.totals.discountKopecks),
      count: priced.totals.products,
      totalCount: priced.totals.units,
      ...(newCostKopecks !== undefined && { delivery: newDelivery }),
    },
  });
  const said = [
    ...(linesAgree ? [] : describeLines(before, changed)),
    ...(newCostKopecks === undefined ? [] : [`доставка ${fromKopecks(newCostKopecks).toFixed(2)} вместо ${Number(delivery.cost).toFixed(2)}`]),
  ];
  return { outcome: 'changed', said: said.length > 5 ? `${said.slice(0, 5).join('; ')} и ещё ${said.length - 5}` : said.join('; '), partnerId: order.partnerId, deliveryNotBilledKopecks };
}

/** What changed in the lines, in words windows-1251 has (1C's answer is in it): «КСТ105А (48): 10 шт. вместо 12». */
function describeLines(before: ReadonlyMap<string, OrderLine>, after: readonly OrderLine[]): string[] {
  const afterByOffer = mergeParts(after);
  const changes: string[] = [];
  for (const [guid, line] of afterByOffer) {
    const was = before.get(guid);
    const label = lineLabel(line.product.article, line.offer.characteristic);
    if (!was) changes.push(`${label}: добавлено ${line.quantity} шт. по ${fromKopecks(line.priceKopecks).toFixed(2)}`);
    else {
      if (was.quantity !== line.quantity) changes.push(`${label}: ${line.quantity} шт. вместо ${was.quantity}`);
      if (was.priceKopecks !== line.priceKopecks) changes.push(`${label}: цена ${fromKopecks(line.priceKopecks).toFixed(2)} вместо ${fromKopecks(was.priceKopecks).toFixed(2)}`);
    }
  }
  for (const [guid, line] of before) if (!afterByOffer.has(guid)) changes.push(`${lineLabel(line.product.article, line.offer.characteristic)}: удалено`);
  return changes;
}
