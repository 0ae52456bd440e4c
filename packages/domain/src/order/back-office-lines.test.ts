import { describe, expect, it } from 'vitest';
import { backOfficePrice, linesChangedByBackOffice } from './back-office-lines';
import type { OrderCatalogue, OrderLine, OrderOffer, OrderProduct } from './order-model';
import { orderChecks, orderTotals, priceOrder } from './price-order';

const product = (uid: string): OrderProduct => ({ uid, article: `ART-${uid}`, name: `Товар ${uid}`, kind: 'wear', status: '', maxDiscountPercent: 0, weightKg: 1, volumeM3: 0 });
const offer = (guid: string, productUid: string, stock: number, fullPriceKopecks: number, organisation = 'fro'): OrderOffer => ({
  guid,
  productUid,
  organisation,
  characteristic: guid,
  stock,
  fullPriceKopecks,
  supplyNote: '',
});
const catalogue = (offers: OrderOffer[]): OrderCatalogue => ({
  products: new Map(['a', 'b'].map((uid) => [uid, product(uid)])),
  offers: new Map(offers.map((o) => [o.guid, o])),
  contracts: [{ organisation: 'fro', discountPercent: 10 }],
});
const pickup = { method: 'pickup' as const, costKopecks: 0 };

/** The check as stored: one line per part, as order-pricing's storedLine reads the rows back. */
function stored(lines: OrderLine[]): OrderLine[] {
  return lines.flatMap((line) => [
    ...(line.inStock > 0 ? [{ ...line, quantity: line.inStock, preorder: 0 }] : []),
    ...(line.preorder > 0 ? [{ ...line, quantity: line.preorder, inStock: 0 }] : []),
  ]);
}

// Placed: 25 of s1 with 20 in stock (5 on pre-order) at 90.00 after 10 %, and 4 of s2.
const placed = priceOrder(
  {
    lines: [
      { productUid: 'a', offerGuid: 's1', quantity: 25 },
      { productUid: 'a', offerGuid: 's2', quantity: 4 },
    ],
    delivery: pickup,
  },
  catalogue([offer('s1', 'a', 20, 10_000), offer('s2', 'a', 10, 10_000)]),
);
const previous = stored(placed.lines);

/** Today's catalogue as the change sees it: free stock plus what the check held (s1: 20, s2: 4). */
const now = (free: { s1: number; s2: number; s3?: number }) =>
  catalogue([offer('s1', 'a', free.s1 + 20, 12_000), offer('s2', 'a', free.s2 + 4, 12_000), offer('s3', 'a', free.s3 ?? 0, 12_000)]);

describe('linesChangedByBackOffice', () => {
  it('keeps a line whose quantity and price are unchanged exactly as it was, parts and prices, whatever the price list says today', () => {
    const lines = linesChangedByBackOffice(
      previous,
      [
        { productUid: 'a', offerGuid: 's1', quantity: 25, priceKopecks: 9_000 },
        { productUid: 'a', offerGuid: 's2', quantity: 4, priceKopecks: 9_000 },
      ],
      now({ s1: 50, s2: 50 }),
    );
    expect(lines.map(({ offer: o, quantity, inStock, preorder, fullPriceKopecks, discountPercent, priceKopecks }) => [o.guid, quantity, inStock, preorder, fullPriceKopecks, discountPercent, priceKopecks])).toEqual([
      ['s1', 25, 20, 5, 10_000, 10, 9_000],
      ['s2', 4, 4, 0, 10_000, 10, 9_000],
    ]);
  });

  it('a smaller quantity gives back pre-order units first, then reserved ones', () => {
    const [fewer] = linesChangedByBackOffice(previous, [{ productUid: 'a', offerGuid: 's1', quantity: 22, priceKopecks: 9_000 }], now({ s1: 0, s2: 0 }));
    expect([fewer!.inStock, fewer!.preorder]).toEqual([20, 2]);
    const [fewest] = linesChangedByBackOffice(previous, [{ productUid: 'a', offerGuid: 's1', quantity: 15, priceKopecks: 9_000 }], now({ s1: 0, s2: 0 }));
    expect([fewest!.inStock, fewest!.preorder]).toEqual([15, 0]);
  });

  it('a larger quantity takes free stock first and waits as a pre-order for the rest', () => {
    const [more] = linesChangedByBackOffice(previous, [{ productUid: 'a', offerGuid: 's2', quantity: 10, priceKopecks: 9_000 }], now({ s1: 0, s2: 3 }));
    expect([more!.quantity, more!.inStock, more!.preorder]).toEqual([10, 7, 3]);
  });

  it('a line 1C left out or sent with 0 is removed; a size it put instead is priced as an order would price it today', () => {
    const lines = linesChangedByBackOffice(
      previous,
      [
        { productUid: 'a', offerGuid: 's1', quantity: 0, priceKopecks: 9_000 },
        { productUid: 'a', offerGuid: 's3', quantity: 2, priceKopecks: 10_800 },
      ],
      now({ s1: 0, s2: 0, s3: 1 }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ offer: { guid: 's3' }, quantity: 2, inStock: 1, preorder: 1, fullPriceKopecks: 12_000, discountPercent: 10, priceKopecks: 10_800 });
  });

  it('bills the price 1C set to the kopeck; the totals and checks add up from it', () => {
    const lines = linesChangedByBackOffice(previous, [{ productUid: 'a', offerGuid: 's2', quantity: 4, priceKopecks: 8_533 }], now({ s1: 0, s2: 0 }));
    expect(lines[0]).toMatchObject({ fullPriceKopecks: 10_000, priceKopecks: 8_533, discountPercent: 14.67 });
    const totals = orderTotals(lines, pickup);
    expect(totals.goodsKopecks).toBe(4 * 8_533);
    expect(totals.discountKopecks).toBe(4 * (10_000 - 8_533));
    expect(orderChecks(lines, pickup)[0]!.totalKopecks).toBe(totals.totalKopecks);
  });
});

describe('backOfficePrice', () => {
  const base = { fullPriceKopecks: 10_000, discountPercent: 10, priceKopecks: 9_000 };
  it('keeps the line’s prices when 1C bills the same', () => {
    expect(backOfficePrice(base, 9_000)).toBe(base);
  });
  it('a price above the full price becomes the full price, without a discount', () => {
    expect(backOfficePrice(base, 10_500)).toEqual({ fullPriceKopecks: 10_500, discountPercent: 0, priceKopecks: 10_500 });
  });
  it('a free line is a 100 % discount', () => {
    expect(backOfficePrice(base, 0)).toEqual({ fullPriceKopecks: 10_000, discountPercent: 100, priceKopecks: 0 });
  });
});
