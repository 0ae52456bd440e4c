/**
 * What is reserved and what is billed, said once (docs/decisions.md "Reservation said once"): units taken from stock
 * are reserved and billed now; units above stock are a pre-order — not reserved and not billed until they arrive, when
 * the back office moves them into reserve and bills them. The order page, the submit message, the history's badges
 * and the invoice all take their words and figures from here.
 */
import { fromKopecks } from '../money';
import { formatDocumentAmount } from '../format';
import { CHECK_STATUS, canPrintInvoice, isOrderCancelled } from './check-status';
import type { OrderCheck, OrderLine } from './order-model';
import { lineAmountKopecks, lineDiscountKopecks, lineLabel } from './price-order';

/** How the portal names units above stock everywhere… */
export const PREORDER_NAME = 'Под заказ, без резерва';
/** …and when they are billed. */
export const PREORDER_BILLING = 'счёт на них — после поступления на склад';

/** «Под заказ, без резерва, счёт на них — после поступления на склад: КСТ105А (48) — 2 шт., …»; '' without pre-order units. */
export function preorderNotice(lines: readonly OrderLine[], listed = 10): string {
  const short = lines.filter((line) => line.preorder > 0);
  if (short.length === 0) return '';
  const named = short.slice(0, listed).map((line) => `${lineLabel(line.product.article, line.offer.characteristic)} — ${line.preorder} шт.`);
  // Each named line already ends with «шт.»; only «и ещё N» needs its own full stop.
  const more = short.length > listed ? ` и ещё ${short.length - listed}.` : '';
  return `${PREORDER_NAME}, ${PREORDER_BILLING}: ${named.join(', ')}${more}`;
}

/**
 * The part of a check its invoice bills now: the units in stock (and the delivery carried on it). A check still «Предзаказ»
 * bills nothing; a check whose every unit was a pre-order and that the back office has since moved on (into reserve,
 * billed, shipped) has received them, and bills them all. Null when nothing is billed.
 */
export function billedCheck(check: OrderCheck, status: number): OrderCheck | null {
  if (status === CHECK_STATUS.CANCELLED || status === CHECK_STATUS.PREORDER) return null;
  const arrived = check.lines.every((line) => line.inStock === 0);
  const lines = arrived
    ? check.lines.map((line) => ({ ...line, inStock: line.quantity, preorder: 0 }))
    : check.lines.filter((line) => line.inStock > 0).map((line) => ({ ...line, quantity: line.inStock, preorder: 0 }));
  if (lines.length === 0) return null;
  const goods = lines.reduce((sum, line) => sum + lineAmountKopecks(line), 0);
  return {
    ...check,
    lines,
    goodsKopecks: goods,
    discountKopecks: lines.reduce((sum, line) => sum + lineDiscountKopecks(line), 0),
    totalKopecks: goods + check.deliveryKopecks,
    reserved: true,
  };
}

/**
 * The pre-order lines of a check its invoice leaves out, as one sentence for the invoice; '' when none. The sum is written
 * as the invoice writes amounts («руб.», ordinary spaces): the invoice's font has no narrow space and no rouble sign.
 */
export function unbilledNotice(check: OrderCheck, billed: OrderCheck | null): string {
  const left = check.lines
    .map((line) => ({ line, units: line.quantity - (billed?.lines.find((candidate) => candidate.offer.guid === line.offer.guid)?.quantity ?? 0) }))
    .filter(({ units }) => units > 0);
  if (left.length === 0) return '';
  const sum = left.reduce((total, { line, units }) => total + line.priceKopecks * units, 0);
  const named = left.map(({ line, units }) => `${lineLabel(line.product.article, line.offer.characteristic)} — ${units} шт.`).join(', ');
  return `Не входят в этот счёт — ${PREORDER_NAME.toLowerCase()}, ${PREORDER_BILLING}: ${named} на ${formatDocumentAmount(fromKopecks(sum))} руб.`;
}

/** Why an order has no invoice to print (Russian, for the dealer); undefined when some check bills something. */
export function invoiceRefusal(orderId: number, checks: ReadonlyArray<{ status: number }>): string | undefined {
  if (isOrderCancelled(checks)) return `Заказ № ${orderId} отменён — счёт по нему не печатается.`;
  if (!canPrintInvoice(checks)) {
    return `Весь заказ № ${orderId} — ${PREORDER_NAME.toLowerCase()}: счёт на него — после поступления на склад, тогда его можно будет распечатать.`;
  }
  return undefined;
}

/** The history's badge of an order: what of it is reserved now. */
export interface ReservationBadge {
  label: string;
  color: 'teal' | 'orange' | 'gray' | 'blue';
  /** «10 шт. под заказ, без резерва» beside «В резерве» when the order is partly a pre-order; '' otherwise. */
  preorderNote: string;
}

/**
 * One badge per order, from its checks and its units: a cancelled order and a shipped one say so (their reserve is
 * over); otherwise «В резерве» while units are held, with the pre-order units beside it, and «Без резерва» for an
 * order wholly on pre-order (or with no check held in reserve).
 */
export function reservationBadge(checks: ReadonlyArray<{ status: number }>, preorderUnits: number, units: number): ReservationBadge {
  if (isOrderCancelled(checks)) return { label: 'Отменён', color: 'gray', preorderNote: '' };
  const open = checks.filter((check) => check.status !== CHECK_STATUS.CANCELLED);
  if (open.length > 0 && open.every((check) => check.status === CHECK_STATUS.SHIPPED)) return { label: 'Отгружен', color: 'blue', preorderNote: '' };
  const held = open.some((check) => check.status === CHECK_STATUS.RESERVED || check.status === CHECK_STATUS.BILLED || check.status === CHECK_STATUS.ASSEMBLING);
  const note = preorderUnits > 0 ? `${preorderUnits} шт. под заказ, без резерва` : '';
  if (held && preorderUnits < units) return { label: 'В резерве', color: 'teal', preorderNote: note };
  return { label: 'Без резерва', color: 'orange', preorderNote: note };
}
