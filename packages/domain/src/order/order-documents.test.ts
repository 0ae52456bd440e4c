import { describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_FLAGS, ORDER_DOCUMENT_KINDS, orderDocumentFileName, orderTimelineText } from './order-documents';

describe('order documents', () => {
  it('gives each kind the doc_status flag it makes ready', () => {
    expect(ORDER_DOCUMENT_KINDS.map((kind) => ORDER_DOCUMENT_FLAGS[kind])).toEqual(['StatusSchet', 'StatusSF', 'StatusUPD', 'StatusUPK']);
  });

  it('names the file by kind, number, date and order, without characters a file system refuses', () => {
    expect(orderDocumentFileName('upd', 10005, '77', '2026-02-14')).toBe('УПД 77 от 2026-02-14, заказ 10005.pdf');
    expect(orderDocumentFileName('sf', 10005, '', '')).toBe('Счёт-фактура, заказ 10005.pdf');
    expect(orderDocumentFileName('bill', 10005, 'А/12:3', '')).toBe('Счёт А-12-3, заказ 10005.pdf');
  });
});

describe('order timeline', () => {
  it('says each entry in Russian, with the check’s organisation, status and document', () => {
    expect(orderTimelineText({ event: 'created' })).toBe('Заказ оформлен');
    expect(orderTimelineText({ event: 'edited' })).toBe('Заказ изменён');
    expect(orderTimelineText({ event: 'check_status', status: 3, organisation: 'ООО «ФРО»' })).toBe('Счёт ООО «ФРО»: «Отгружен»');
    expect(orderTimelineText({ event: 'check_status', status: 42, organisation: 'ООО «ФРО»' })).toBe('Счёт ООО «ФРО»: «статус 42»');
    expect(orderTimelineText({ event: 'document', document: 'StatusUPK', organisation: 'ООО «ЭС»' })).toBe('ООО «ЭС»: готов документ «УПК»');
  });
});
