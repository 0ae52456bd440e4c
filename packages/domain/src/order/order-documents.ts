/**
 * The documents the back office sends for a check of an order, and the words of an order's status timeline. The
 * server stores and names them with these; the web shows the same names.
 */
import { CHECK_STATUS_NAMES } from './check-status';

/** Document kinds, each with the doc_status flag (spec §3) it makes ready. */
export const ORDER_DOCUMENT_KINDS = ['bill', 'sf', 'upd', 'upk'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

export const ORDER_DOCUMENT_NAMES: Record<OrderDocumentKind, string> = {
  bill: 'Счёт',
  sf: 'Счёт-фактура',
  upd: 'УПД',
  upk: 'УПК',
};

export type DocStatusFlag = 'StatusSchet' | 'StatusSF' | 'StatusUPD' | 'StatusUPK';

export const ORDER_DOCUMENT_FLAGS: Record<OrderDocumentKind, DocStatusFlag> = {
  bill: 'StatusSchet',
  sf: 'StatusSF',
  upd: 'StatusUPD',
  upk: 'StatusUPK',
};

const FLAG_NAMES: Record<DocStatusFlag, string> = {
  StatusSchet: ORDER_DOCUMENT_NAMES.bill,
  StatusSF: ORDER_DOCUMENT_NAMES.sf,
  StatusUPD: ORDER_DOCUMENT_NAMES.upd,
  StatusUPK: ORDER_DOCUMENT_NAMES.upk,
};

/** The name of a document file as the dealer saves it, e.g. «УПД 123 от 2026-02-14, заказ 10005.pdf». */
export function orderDocumentFileName(kind: OrderDocumentKind, order: number, number: string, issuedOn: string): string {
  const numbered = number ? ` ${number}` : '';
  const dated = issuedOn ? ` от ${issuedOn}` : '';
  return `${ORDER_DOCUMENT_NAMES[kind]}${numbered}${dated}, заказ ${order}.pdf`.replace(/[\\/:*?"<>|]/g, '-');
}

export type OrderTimelineEvent =
  | { event: 'created' }
  | { event: 'edited' }
  | { event: 'check_status'; status: number; organisation: string }
  | { event: 'document'; document: string; organisation: string };

/** What a timeline entry says to the dealer. */
export function orderTimelineText(entry: OrderTimelineEvent): string {
  switch (entry.event) {
    case 'created':
      return 'Заказ оформлен';
    case 'edited':
      return 'Заказ изменён';
    case 'check_status':
      return `Счёт ${entry.organisation}: «${CHECK_STATUS_NAMES[entry.status] ?? `статус ${entry.status}`}»`;
    case 'document':
      return `${entry.organisation}: готов документ «${FLAG_NAMES[entry.document as DocStatusFlag] ?? entry.document}»`;
  }
}
