import { describe, expect, it } from 'vitest';
import { ORGANISATION } from '../constants';
import { CHECK_STATUS } from './check-status';
import type { OrderLine } from './order-model';
import { orderChecks } from './price-order';
import { billedCheck, invoiceRefusal, preorderNotice, reservationBadge, unbilledNotice } from './reservation';

const line = (article: string, characteristic: string, inStock: number, preorder: number, priceKopecks: number): OrderLine => ({
  product: { uid: article, article, name: 'Костюм', kind: 'wear', status: '', maxDiscountPercent: 0, weightKg: 1, volumeM3: 0.01 },
  offer: { guid: `${article}-${characteristic}`, productUid: article, organisation: ORGANISATION.FRO, characteristic, stock: inStock, fullPriceKopecks: priceKopecks, supplyNote: '' },
  quantity: inStock + preorder,
  inStock,
  preorder,
  fullPriceKopecks: priceKopecks,
  discountPercent: 0,
  priceKopecks,
});

describe('reservation said once', () => {
  const mixed = [line('КСТ105А', '48', 3, 10, 100_000), line('БОТ200', '42', 0, 2, 50_000)];
  const [check] = orderChecks(mixed, { method: 'other', costKopecks: 70_000 });

  it('an invoice bills only the units in stock and the delivery; the pre-order units are named as left for after arrival', () => {
    const billed = billedCheck(check!, CHECK_STATUS.RESERVED)!;
    expect(billed.lines.map((candidate) => [candidate.offer.guid, candidate.quantity])).toEqual([['КСТ105А-48', 3]]);
    expect(billed.totalKopecks).toBe(3 * 100_000 + 70_000);
    expect(unbilledNotice(check!, billed)).toBe(
      'Не входят в этот счёт — под заказ, без резерва, счёт на них — после поступления на склад: КСТ105А (48) — 10 шт., БОТ200 (42) — 2 шт. на 11 000.00 руб.',
    );
  });

  it('a check still «Предзаказ» bills nothing; once every unit of a pre-order check has arrived and it is reserved, it bills them all', () => {
    const [preorderOnly] = orderChecks([line('БОТ200', '42', 0, 2, 50_000)], { method: 'pickup', costKopecks: 0 });
    expect(billedCheck(preorderOnly!, CHECK_STATUS.PREORDER)).toBeNull();
    expect(billedCheck(check!, CHECK_STATUS.CANCELLED)).toBeNull();
    expect(billedCheck(preorderOnly!, CHECK_STATUS.RESERVED)).toMatchObject({ totalKopecks: 100_000, lines: [{ quantity: 2, preorder: 0 }] });
  });

  it('the order page, the submit message and the invoice use the same words', () => {
    expect(preorderNotice(mixed)).toBe('Под заказ, без резерва, счёт на них — после поступления на склад: КСТ105А (48) — 10 шт., БОТ200 (42) — 2 шт.');
    expect(preorderNotice([line('КСТ105А', '48', 3, 0, 100_000)])).toBe('');
    expect(invoiceRefusal(10001, [{ status: CHECK_STATUS.PREORDER }])).toBe(
      'Весь заказ № 10001 — под заказ, без резерва: счёт на него — после поступления на склад, тогда его можно будет распечатать.',
    );
    expect(invoiceRefusal(10001, [{ status: CHECK_STATUS.CANCELLED }])).toMatch(/отменён/);
    expect(invoiceRefusal(10001, [{ status: CHECK_STATUS.RESERVED }, { status: CHECK_STATUS.PREORDER }])).toBeUndefined();
  });

  it('the history badge follows what is held: partly and wholly pre-ordered, shipped, cancelled', () => {
    expect(reservationBadge([{ status: CHECK_STATUS.RESERVED }], 10, 13)).toEqual({ label: 'В резерве', color: 'teal', preorderNote: '10 шт. под заказ, без резерва' });
    expect(reservationBadge([{ status: CHECK_STATUS.PREORDER }], 2, 2)).toMatchObject({ label: 'Без резерва', preorderNote: '2 шт. под заказ, без резерва' });
    expect(reservationBadge([{ status: CHECK_STATUS.SHIPPED }, { status: CHECK_STATUS.CANCELLED }], 0, 5)).toMatchObject({ label: 'Отгружен' });
    expect(reservationBadge([{ status: CHECK_STATUS.CANCELLED }], 0, 5)).toMatchObject({ label: 'Отменён' });
  });
});
