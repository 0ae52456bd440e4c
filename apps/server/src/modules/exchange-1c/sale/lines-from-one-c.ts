/**
 * The goods lines of a 1C order document, applied to the check it names: each line is matched to the portal's offer
 * by its goods id (as `query` wrote it, or the offer's own guid, or a product and its size) — a line that matches no
 * offer, or an offer another organisation sells, refuses the document with the reason, it is never guessed. The new
 * lines follow the domain's rule of a back-office change (linesChangedByBackOffice) and are written by the orders'
 * own writer (persistBackOfficeChange): stock, lines, the checks' and the order's totals, the timeline and the
 * dealer's mail and bar message, in the file's transaction.
 */
import { deliveryOf, type Delivery } from '@portal/contracts';
import {
  ORDER_LINE_QUANTITY_MAX,
  PLACEHOLDER_ORGANISATION,
  fromKopecks,
  isPlaceholderOffer,
  lineLabel,
  linesChangedByBackOffice,
  mergeParts,
  orderChecks,
  orderTotals,
  organisationName,
  toKopecks,
  type BackOfficeLine,
  type OrderLine,
} from '@portal/domain';
import type { DbOrTx } from '../../../db/client';
import * as orders from '../../orders';
import { heldStock, orderCatalogue, orderRows, persistBackOfficeChange, storedLine } from '../../orders';
import type { OrderLineFromOneC } from './order-documents-reader';
import { DELIVERY_LINE_ID } from './orders-document';
import * as repo from './sale.repository';

export type LinesFromOneC =
  | { outcome: 'same' }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'changed'; said: string; partnerId: number };

/** 1C's quantity («10», «10.000», «10,00»): whole units only — the portal counts pieces. */
export function wholeUnits(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,]0*)?$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/** 1C's amount in roubles («1090.5», «1 090,50»): kopecks, or undefined when it is not an amount to the kopeck. */
export function kopecksOf(text: string): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return undefined;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The unit price a line bills, in kopecks, or why it cannot be read. 1C writes `ЦенаЗаЕдиницу` either after the
 * discounts (as `query` sends it) or before them, with the discounts in `Скидки` «УчтеноВСумме» and so in the line's
 * `Сумма`: the sum decides when it is given — its share per unit when it is not price × quantity — and a sum that
 * does not divide into whole kopecks per unit is refused rather than rounded.
 */
function unitPrice(line: OrderLineFromOneC, quantity: number): number | string {
  const price = kopecksOf(line.price);
  const sum = line.sum ? kopecksOf(line.sum) : undefined;
  if (line.sum && sum === undefined) return `сумма «${line.sum}» — нужна сумма в рублях с точностью до копейки`;
  if (sum === undefined || quantity === 0 || (price !== undefined && price * quantity === sum)) {
    return price ?? `цена «${line.price}» — нужна сумма в рублях с точностью до копейки`;
  }
  if (sum % quantity !== 0) return `сумма ${line.sum} за ${quantity} шт. не делится на цену за штуку с точностью до копейки`;
  return sum / quantity;
}

const said = (problems: string[]) => (problems.length > 3 ? `${problems.slice(0, 3).join('; ')} и ещё ${problems.length - 3}` : problems.join('; '));

/** The offer a goods line names; a reason when it names none, or one of another organisation. */
function offerOfLine(
  line: OrderLineFromOneC,
  check: repo.CheckOfOrder,
  byGuid: ReadonlyMap<string, repo.GoodsOffer>,
  byProduct: ReadonlyMap<string, repo.GoodsOffer[]>,
): repo.GoodsOffer | string {
  let offer: repo.GoodsOffer | undefined;
  const cut = line.id.indexOf('#');
  if (cut >= 0) {
    const own = byGuid.get(line.id);
    const size = byGuid.get(line.id.slice(cut + 1));
    offer = own ?? (size?.productUid === line.id.slice(0, cut) ? size : undefined);
  } else {
    offer = byGuid.get(line.id);
    const ofProduct = byProduct.get(line.id);
    if (!offer && ofProduct) {
      // A product named without its size: one without offers is ordered as its «Только под заказ» line; one with
      // sizes needs 1C's characteristic to say which, and only an exact size of this organisation is taken.
      if (ofProduct.length === 0) return { guid: line.id, productUid: line.id, orgGuid: PLACEHOLDER_ORGANISATION, characteristic: '' };
      const sized = ofProduct.filter((candidate) => candidate.orgGuid === check.orgGuid && candidate.characteristic === line.characteristic);
      if (sized.length === 1) return sized[0]!;
      return line.characteristic
        ? `размера «${line.characteristic}» у товара ${line.id} на портале нет`
        : `у товара ${line.id} на портале есть размеры, а в строке нет характеристики — передайте Ид «товар#характеристика»`;
    }
  }
  if (!offer) return `товар с Ид ${line.id} на портале не найден`;
  if (offer.orgGuid !== check.orgGuid) {
    return `товар ${line.id} продаёт ${organisationName(offer.orgGuid)}, а этот заказ — заказ ${organisationName(check.orgGuid)}`;
  }
  return offer;
}

/** 1C's lines as the domain's back-office lines, one per offer; a reason for each line that cannot be taken as it is. */
async function readLines(tx: DbOrTx, check: repo.CheckOfOrder, goods: readonly OrderLineFromOneC[]): Promise<BackOfficeLine[] | string[]> {
  const guids = goods.flatMap((line) => (line.id.includes('#') ? [line.id, line.id.slice(line.id.indexOf('#') + 1)] : [line.id]));
  const byGuid = new Map((await repo.offersByGuids(tx, guids)).map((offer) => [offer.guid, offer]));
  const byProduct = await repo.productsWithOffers(tx, goods.filter((line) => !line.id.includes('#') && !byGuid.has(line.id)).map((line) => line.id));
  const problems: string[] = [];
  const wanted = new Map<string, BackOfficeLine>();
  goods.forEach((line, index) => {
    const name = `строка ${index + 1}${line.name ? ` «${line.name}»` : ''}`;
    if (!line.id) return void problems.push(`${name}: нет Ид товара`);
    const quantity = wholeUnits(line.quantity);
    if (quantity === undefined || quantity > ORDER_LINE_QUANTITY_MAX) return void problems.push(`${name}: количество «${line.quantity}» — портал принимает целое число штук до ${ORDER_LINE_QUANTITY_MAX}`);
    const priceKopecks = unitPrice(line, quantity);
    if (typeof priceKopecks === 'string') return void problems.push(`${name}: ${priceKopecks}`);
    const offer = offerOfLine(line, check, byGuid, byProduct);
    if (typeof offer === 'string') return void problems.push(`${name}: ${offer}`);
    const same = wanted.get(offer.guid);
    if (same && same.priceKopecks !== priceKopecks) return void problems.push(`${name}: товар ${line.id} встречается в документе с разными ценами`);
    if (same) same.quantity += quantity;
    else wanted.set(offer.guid, { productUid: offer.productUid, offerGuid: offer.guid, quantity, priceKopecks });
  });
  return problems.length > 0 ? problems : [...wanted.values()];
}

/** What changed, as the file's answer says it (in words windows-1251 has): «КСТ105А (48): 10 шт. вместо 12; …». */
function describeChange(before: ReadonlyMap<string, OrderLine>, after: readonly OrderLine[]): string {
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
  return changes.length > 5 ? `${changes.slice(0, 5).join('; ')} и ещё ${changes.length - 5}` : changes.join('; ');
}

/**
 * Applies 1C's goods lines to the check the document names (found by its Ид), in the caller's transaction. `same`
 * when they agree with the portal's (by offer, quantity and price): nothing is written and nobody told, so a document
 * sent again changes nothing. The delivery service line is left out: the delivery stays as the dealer chose it.
 */
export async function applyLinesFromOneC(tx: DbOrTx, check: repo.CheckOfOrder, lines: readonly OrderLineFromOneC[]): Promise<LinesFromOneC> {
  const goods = lines.filter((line) => line.id !== DELIVERY_LINE_ID);
  if (goods.length === 0) return { outcome: 'same' };
  const read = await readLines(tx, check, goods);
  if (read.length > 0 && typeof read[0] === 'string') {
    return { outcome: 'refused', reason: `строки заказа не сопоставлены с товарами портала (${said(read as string[])}) — документ не применён` };
  }
  const wanted = read as BackOfficeLine[];

  const rows = await orders.orderLinesOf(tx, [check.orderId]);
  const own = rows.filter((row) => row.line.orgGuid === check.orgGuid);
  const ownLines = own.map(storedLine);
  const before = mergeParts(ownLines);
  const kept = wanted.filter((line) => line.quantity > 0);
  const agrees =
    kept.length === before.size &&
    kept.every((line) => before.get(line.offerGuid)?.quantity === line.quantity && before.get(line.offerGuid)?.priceKopecks === line.priceKopecks);
  if (agrees) return { outcome: 'same' };
  if (kept.length === 0) {
    return { outcome: 'refused', reason: 'в документе не осталось товаров с количеством больше 0 — чтобы отменить заказ, отметьте его в 1С отменённым или на удаление' };
  }

  const found = await orders.findOrder(tx, check.orderId, true);
  if (!found) return { outcome: 'refused', reason: `заказ № ${check.orderId} не найден на портале` };
  const { order } = found;
  const context = await orders.orderContext(tx, {
    userId: order.userId,
    partnerUid: found.partnerUid,
    key: null,
    productUids: [...new Set([...rows.map((row) => row.product.uid), ...wanted.map((line) => line.productUid)])],
    offerGuids: [...new Set([...rows.flatMap((row) => (row.offer?.guid ? [row.offer.guid] : [])), ...wanted.map((line) => line.offerGuid)])],
    lock: true,
  });
  const held = heldStock(own);
  const changed = linesChangedByBackOffice(ownLines, wanted, orderCatalogue(context.contracts, context.products, context.offers, held));
  const all = [...rows.filter((row) => row.line.orgGuid !== check.orgGuid).map(storedLine), ...changed];
  const delivery = deliveryOf(order.delivery as Delivery);
  const checks = orderChecks(all, delivery);
  const totals = orderTotals(all, delivery);

  const productIds = new Map([...rows.map((row) => [row.product.uid, row.product.id] as const), ...context.products.map((row) => [row.uid, row.id] as const)]);
  const offerIds = new Map(context.offers.map((row) => [row.guid, row.id]));
  const lineRows = orderRows({ lines: all, checks, totals }).lineRows.map(({ productUid, offerGuid, ...row }) => ({
    ...row,
    productId: productIds.get(productUid)!,
    offerId: offerGuid === null ? null : offerIds.get(offerGuid)!,
  }));
  const take = changed.filter((line) => line.inStock > 0 && !isPlaceholderOffer(line.offer)).map((line) => [offerIds.get(line.offer.guid)!, line.inStock] as const);
  const checkTotals = (await orders.checksOf(tx, [check.orderId])).flatMap((stored) => {
    const total = checks.find((priced) => priced.organisation === stored.orgGuid)?.totalKopecks ?? 0;
    return total === toKopecks(stored.total) ? [] : [{ checkId: stored.id, total: fromKopecks(total) }];
  });
  await persistBackOfficeChange(tx, {
    orderId: check.orderId,
    held,
    take,
    lineRows,
    checkTotals,
    orderValues: {
      total: fromKopecks(totals.totalKopecks),
      totalDiscount: fromKopecks(totals.discountKopecks),
      count: totals.products,
      totalCount: totals.units,
    },
  });
  return { outcome: 'changed', said: describeChange(before, changed), partnerId: order.partnerId };
}
