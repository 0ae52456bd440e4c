import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposalUnitPriceKopecks } from '../proposal-price';
import type { OrderCatalogue, OrderContract, OrderOffer, OrderProduct } from './order-model';
import {
  deliveryKopecks,
  isPlaceholderOffer,
  orderProblems,
  placeholderOffer,
  priceOrder,
  quantityAfterEdit,
  splitQuantity,
} from './price-order';
import { isReserved } from './reserved';

const product = (uid: string, extra: Partial<OrderProduct> = {}): OrderProduct => ({
  uid,
  article: `ART-${uid}`,
  name: `Товар ${uid}`,
  kind: 'wear',
  status: '',
  maxDiscountPercent: 0,
  weightKg: 0,
  volumeM3: 0,
  ...extra,
});

const offer = (guid: string, productUid: string, stock: number, fullPriceKopecks: number, organisation = 'fro', characteristic = guid): OrderOffer => ({
  guid,
  productUid,
  organisation,
  characteristic,
  stock,
  fullPriceKopecks,
  supplyNote: '',
});

function catalogue(products: OrderProduct[], offers: OrderOffer[], contracts: OrderContract[]): OrderCatalogue {
  return { products: new Map(products.map((p) => [p.uid, p])), offers: new Map(offers.map((o) => [o.guid, o])), contracts };
}

const pickup = { method: 'pickup' as const, costKopecks: 0 };
const fro10 = [{ organisation: 'fro', discountPercent: 10 }];

describe('priceOrder', () => {
  it('splits each line against its stock and prices it with the contract discount', () => {
    const priced = priceOrder(
      { lines: [{ productUid: 'a', offerGuid: 's1', quantity: 8 }], delivery: pickup },
      catalogue([product('a')], [offer('s1', 'a', 5, 10_000)], fro10),
    );
    expect(priced.lines[0]).toMatchObject({ quantity: 8, inStock: 5, preorder: 3, fullPriceKopecks: 10_000, discountPercent: 10, priceKopecks: 9_000 });
    expect(priced.totals).toMatchObject({ goodsKopecks: 72_000, discountKopecks: 8_000, preorderKopecks: 27_000, inStockUnits: 5, preorderUnits: 3 });
    expect(priced.checks).toHaveLength(1);
    expect(priced.checks[0]!.reserved).toBe(true);
  });

  it('adds up the same offer asked twice into one line', () => {
    const priced = priceOrder(
      {
        lines: [
          { productUid: 'a', offerGuid: 's1', quantity: 2 },
          { productUid: 'a', offerGuid: 's1', quantity: 3 },
        ],
        delivery: pickup,
      },
      catalogue([product('a')], [offer('s1', 'a', 10, 100)], fro10),
    );
    expect(priced.lines.map((line) => line.quantity)).toEqual([5]);
  });

  it('gives no discount to Outlet goods and caps it at the product maximum', () => {
    const priced = priceOrder(
      {
        lines: [
          { productUid: 'a', offerGuid: 'sa', quantity: 1 },
          { productUid: 'b', offerGuid: 'sb', quantity: 1 },
        ],
        delivery: pickup,
      },
      catalogue([product('a', { status: 'Outlet' }), product('b', { maxDiscountPercent: 4 })], [offer('sa', 'a', 1, 1000), offer('sb', 'b', 1, 1000)], fro10),
    );
    expect(priced.lines.map((line) => [line.discountPercent, line.priceKopecks])).toEqual([
      [0, 1000],
      [4, 960],
    ]);
  });

  it('rounds a 5 % discount the same way as a proposal with a 5 % discount', () => {
    const priced = priceOrder(
      { lines: [{ productUid: 'a', offerGuid: 's1', quantity: 1 }], delivery: pickup },
      catalogue([product('a')], [offer('s1', 'a', 1, 297_990)], [{ organisation: 'fro', discountPercent: 5 }]),
    );
    expect(priced.lines[0]!.priceKopecks).toBe(283_090);
    expect(proposalUnitPriceKopecks(297_990, { kind: 'percent', value: -5 })).toBe(283_090);
  });

  it('bills the carrier delivery on the check with the largest goods amount; the checks add up to the total', () => {
    const priced = priceOrder(
      {
        lines: [
          { productUid: 'a', offerGuid: 'sa', quantity: 1 },
          { productUid: 'b', offerGuid: 'sb', quantity: 1 },
        ],
        delivery: { method: 'other', costKopecks: 50_000 },
      },
      catalogue([product('a'), product('b')], [offer('sa', 'a', 0, 1_000, 'fro'), offer('sb', 'b', 1, 2_000, 'es')], [
        { organisation: 'fro', discountPercent: 0 },
        { organisation: 'es', discountPercent: 0 },
      ]),
    );
    const byOrganisation = Object.fromEntries(priced.checks.map((check) => [check.organisation, check]));
    expect(byOrganisation.es).toMatchObject({ deliveryKopecks: 50_000, totalKopecks: 52_000, reserved: true });
    expect(byOrganisation.fro).toMatchObject({ deliveryKopecks: 0, totalKopecks: 1_000, reserved: false });
    expect(priced.totals.totalKopecks).toBe(53_000);
  });

  it('sorts lines by article, then size in numeric order', () => {
    const priced = priceOrder(
      {
        lines: [
          { productUid: 'b', offerGuid: 'b1', quantity: 1 },
          { productUid: 'a', offerGuid: 'a10', quantity: 1 },
          { productUid: 'a', offerGuid: 'a9', quantity: 1 },
        ],
        delivery: pickup,
      },
      catalogue([product('a'), product('b')], [offer('b1', 'b', 1, 1, 'fro', '1'), offer('a10', 'a', 1, 1, 'fro', '10'), offer('a9', 'a', 1, 1, 'fro', '9')], fro10),
    );
    expect(priced.lines.map((line) => line.offer.guid)).toEqual(['a9', 'a10', 'b1']);
  });

  const orderArb = fc.record({
    lines: fc.array(
      fc.record({ productUid: fc.constantFrom('a', 'b', 'c'), size: fc.constantFrom('1', '2'), quantity: fc.integer({ min: 1, max: 40 }) }),
      { maxLength: 8 },
    ),
    stock: fc.integer({ min: 0, max: 30 }),
    price: fc.integer({ min: 1, max: 10_000_000 }),
    discount: fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100),
    status: fc.constantFrom('', 'Outlet', 'Activity'),
    delivery: fc.record({ method: fc.constantFrom('pickup', 'delivery', 'other' as const), costKopecks: fc.integer({ min: 0, max: 1_000_000 }) }),
  });

  it('property: units are conserved, stock is never exceeded and the checks add up to the total', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        const products = ['a', 'b', 'c'].map((uid) => product(uid, { status: generated.status }));
        const offers = products.flatMap((p) =>
          ['1', '2'].map((size) => offer(`${p.uid}${size}`, p.uid, generated.stock, generated.price, size === '1' ? 'fro' : 'es', size)),
        );
        const asked = generated.lines.map((line) => ({ productUid: line.productUid, offerGuid: `${line.productUid}${line.size}`, quantity: line.quantity }));
        const priced = priceOrder(
          { lines: asked, delivery: generated.delivery },
          catalogue(products, offers, [
            { organisation: 'fro', discountPercent: generated.discount },
            { organisation: 'es', discountPercent: 0 },
          ]),
        );
        expect(priced.totals.units).toBe(asked.reduce((sum, line) => sum + line.quantity, 0));
        for (const line of priced.lines) {
          expect(line.inStock).toBeLessThanOrEqual(line.offer.stock);
          expect(line.inStock + line.preorder).toBe(line.quantity);
        }
        expect(priced.checks.reduce((sum, check) => sum + check.totalKopecks, 0)).toBe(priced.totals.totalKopecks);
        expect(priced.totals.totalKopecks).toBe(priced.totals.goodsKopecks + (priced.lines.length > 0 ? deliveryKopecks(generated.delivery) : 0));
      }),
    );
  });
});

describe('orderProblems', () => {
  const known = catalogue([product('a')], [offer('s1', 'a', 1, 100, 'es')], fro10);
  it('names the line and what to do', () => {
    expect(orderProblems([], known)).toEqual(['Заказ пуст: добавьте хотя бы одну позицию с количеством больше 0.']);
    expect(orderProblems([{ productUid: 'x', offerGuid: 's1', quantity: 1 }], known)[0]).toMatch(/Позиция 1: товар с guid x не найден/);
    expect(orderProblems([{ productUid: 'a', offerGuid: 'zz', quantity: 1 }], known)[0]).toMatch(/ART-a: характеристика с guid zz не найдена/);
    expect(orderProblems([{ productUid: 'a', offerGuid: 's1', quantity: 1.5 }], known)[0]).toMatch(/ART-a \(s1\): количество 1.5 не подходит/);
    expect(orderProblems([{ productUid: 'a', offerGuid: 's1', quantity: 1 }], known, () => 'ООО «ЭС»')[0]).toMatch(/нет договора с ООО «ЭС»/);
  });
});

describe('the small rules', () => {
  it('splitQuantity takes stock first', () => {
    expect(splitQuantity(5, 3)).toEqual({ inStock: 3, preorder: 2 });
    expect(splitQuantity(2, 3)).toEqual({ inStock: 2, preorder: 0 });
    expect(splitQuantity(2, -1)).toEqual({ inStock: 0, preorder: 2 });
  });
  it('quantityAfterEdit: the stock row sets the whole quantity, the pre-order row what stays on pre-order', () => {
    expect(quantityAfterEdit({ inStock: 3, preorder: 2 }, 'inStock', 1)).toBe(1);
    expect(quantityAfterEdit({ inStock: 3, preorder: 2 }, 'preorder', 4)).toBe(7);
  });
  it('the placeholder offer has one convention: the product uid, FRO, no stock', () => {
    const placeholder = placeholderOffer('uid-1', 61_600);
    expect(placeholder).toMatchObject({ guid: 'uid-1', stock: 0, characteristic: 'Только под заказ' });
    expect(isPlaceholderOffer(placeholder)).toBe(true);
    expect(isPlaceholderOffer(offer('s1', 'uid-1', 0, 1))).toBe(false);
  });
  it('isReserved (spec §9) is true unless some check has a status other than 1 or 6', () => {
    expect(isReserved([])).toBe(true);
    expect(isReserved([{ status: 1 }, { status: 6 }])).toBe(true);
    expect(isReserved([{ status: 1 }, { status: 2 }])).toBe(false);
  });
});
