/**
 * Check (bill) statuses of an order and what each allows the dealer: a bill request, the invoice PDF, editing,
 * a shipment request. The server enforces these rules and the web shows only the actions they allow.
 */

/** Check statuses (ours; the back office may set others). 1 and 6 keep the order reserved (spec §9). */
export const CHECK_STATUS = { NEW: 0, RESERVED: 1, ASSEMBLING: 2, SHIPPED: 3, CANCELLED: 4, PREORDER: 5, BILLED: 6 } as const;

export const CHECK_STATUS_NAMES: Record<number, string> = {
  0: 'Новый',
  1: 'В резерве',
  2: 'Собирается',
  3: 'Отгружен',
  4: 'Отменён',
  5: 'Предзаказ',
  6: 'Счёт выставлен',
};

type Checks = ReadonlyArray<{ status: number }>;

const statusName = (status: number) => CHECK_STATUS_NAMES[status] ?? `статус ${status}`;

/**
 * A bill is requested only for a check «В резерве»: its goods are held, so the bill (status 6, which still counts as
 * reserved) can be paid and shipped. A pre-order check has no stock to bill yet — it gets its bill once the back
 * office moves it into reserve; an issued bill is not issued twice; assembling, shipped and cancelled checks are
 * past billing. So a bill request never changes whether the order counts as reserved (spec §4, §9).
 */
export function canRequestBill(status: number): boolean {
  return status === CHECK_STATUS.RESERVED;
}

/** Why a bill cannot be requested for a check in this status (Russian, for the dealer); undefined when it can. */
export function billRequestRefusal(status: number): string | undefined {
  if (canRequestBill(status)) return undefined;
  switch (status) {
    case CHECK_STATUS.BILLED:
      return 'Счёт уже выставлен — повторно запрашивать его не нужно: распечатайте его кнопкой «Счёт PDF».';
    case CHECK_STATUS.PREORDER:
      return 'Товар этого счёта под заказ и ещё не в резерве — счёт можно будет запросить, когда товар поступит и счёт перейдёт в статус «В резерве».';
    case CHECK_STATUS.ASSEMBLING:
    case CHECK_STATUS.SHIPPED:
    case CHECK_STATUS.CANCELLED:
      return `Счёт в статусе «${statusName(status)}» — запрос счёта уже невозможен.`;
    default:
      return `Счёт в статусе «${statusName(status)}» — запросить счёт можно только для счёта в статусе «В резерве».`;
  }
}

/** An order is cancelled when all its checks are (an order without checks is not). */
export function isOrderCancelled(checks: Checks): boolean {
  return checks.length > 0 && checks.every((check) => check.status === CHECK_STATUS.CANCELLED);
}

/**
 * The invoice PDF prints while some check bills something: not for a cancelled order, nor for one wholly on pre-order
 * (billed after arrival, reservation.ts). It leaves out the cancelled and pre-order checks.
 */
export function canPrintInvoice(checks: Checks): boolean {
  return checks.length === 0 || checks.some((check) => check.status !== CHECK_STATUS.CANCELLED && check.status !== CHECK_STATUS.PREORDER);
}

export function isCheckInvoiced(check: { status: number }): boolean {
  return check.status !== CHECK_STATUS.CANCELLED;
}

/** Statuses after which the back office has the order: the dealer can no longer edit it. */
export const LOCKED_CHECK_STATUSES: readonly number[] = [CHECK_STATUS.ASSEMBLING, CHECK_STATUS.SHIPPED, CHECK_STATUS.CANCELLED];

export function canEditOrder(checks: Checks): boolean {
  return checks.every((check) => !LOCKED_CHECK_STATUSES.includes(check.status));
}

/** Statuses of a check with nothing left to ship. */
export const SHIPMENT_CLOSED_CHECK_STATUSES: readonly number[] = [CHECK_STATUS.SHIPPED, CHECK_STATUS.CANCELLED];

/**
 * A shipment can be requested while some check of the order is neither shipped nor cancelled (pre-order included).
 * An order without checks (not yet split by organisation) has nothing shipped or cancelled, so it stays open.
 */
export function canRequestShipment(checks: Checks): boolean {
  return checks.length === 0 || checks.some((check) => !SHIPMENT_CLOSED_CHECK_STATUSES.includes(check.status));
}

/**
 * Checks whose sums the contract owes but the back office's debt does not hold yet (docs/decisions.md "Credit counts
 * the orders sent"): the debt grows by a shipping document (УПД or счёт-фактура), so a check counts from its sending
 * until it is shipped, gets such a document, or is cancelled. Pre-order checks count too: the dealer is bound to take
 * what was ordered for them.
 */
export const PENDING_CHECK_STATUSES: readonly number[] = [
  CHECK_STATUS.NEW,
  CHECK_STATUS.RESERVED,
  CHECK_STATUS.ASSEMBLING,
  CHECK_STATUS.PREORDER,
  CHECK_STATUS.BILLED,
];

export function isCheckPending(check: { status: number; docStatus: { StatusUPD?: boolean; StatusSF?: boolean } }): boolean {
  return PENDING_CHECK_STATUSES.includes(check.status) && !check.docStatus.StatusUPD && !check.docStatus.StatusSF;
}
