import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { line, position, positionArb } from './fixtures.test-support';
import { toKopecks } from '../money';
import { isReserved } from './reserved';
import { deliveryCost, orderTotals } from './totals';
import { addPosition, recalculate, removePosition, setLineCount } from './working-order';
import { blankOrder } from './types';

describe('orderTotals', () => {
  it('adds money without floating-point drift', () => {
    // 0.1 + 0.2 style sums: 3 × 0.10 + 0.20 must be exactly 0.50.
    const totals = orderTotals([position('a', [line('s1', 3, 10, 0.1)]), position('b', [line('s1', 1, 10, 0.2)])], [], { case: 'pickup', cost: 0 });
    expect(totals.total).toBe(0.5);
  });

  it('counts positions and units, rounds volume and weight to 3 decimals', () => {
    const totals = orderTotals(
      [position('a', [line('s1', 3, 10, 100, 10)], { weight: 0.3333, volume: 0.00011 })],
      [position('a', [line('s1', 2, 10, 100, 10)], { weight: 0.3333, volume: 0.00011 })],
      { case: 'pickup', cost: 0 },
    );
    expect(totals).toMatchObject({ count: 1, total_count: 5, total: 450, total_discount: 50, total_presail: 180, total_presail_discount: 20 });
    expect(totals.total_weight).toBe(1.667);
    expect(totals.total_volume).toBe(0.001);
  });

  it('adds the delivery cost only for the case other', () => {
    const list = [position('a', [line('s1', 1, 10, 100)])];
    expect(orderTotals(list, [], { case: 'other', cost: 500 }).total).toBe(600);
    expect(orderTotals(list, [], { case: 'delivery', cost: 500 }).total).toBe(100);
    expect(deliveryCost({ case: 'pickup', cost: 500 })).toBe(0);
  });

  it('property: the total in kopecks is the exact sum of count × price over both lists', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 6 }), fc.array(positionArb, { maxLength: 6 }), (normal, presale) => {
        const totals = orderTotals(normal, presale, { case: 'pickup', cost: 0 });
        const expected = [...normal, ...presale].flatMap((p) => p.characteristics).reduce((sum, l) => sum + toKopecks(l.PRICE) * l.count, 0);
        expect(toKopecks(totals.total)).toBe(expected);
        expect(Number.isInteger(Math.round(totals.total * 100))).toBe(true);
        expect(totals.total_count).toBe([...normal, ...presale].flatMap((p) => p.characteristics).reduce((s, l) => s + l.count, 0));
      }),
    );
  });
});

describe('working order changes', () => {
  it('starts with a timestamp id on the first position and splits against stock', () => {
    const order = addPosition(blankOrder(), position('a', [line('s1', 7, 5, 100)]), 1_700_000_000_000);
    expect(order.id).toBe(1_700_000_000_000);
    expect(order.position[0]!.characteristics[0]!.count).toBe(5);
    expect(order.position_presail[0]!.characteristics[0]!.count).toBe(2);
    expect(order.total).toBe(700);
    expect(order.position[0]!.total).toBe(500);
  });

  it('merges a second add of the same characteristic and re-splits', () => {
    let order = addPosition(blankOrder(), position('a', [line('s1', 3, 5)]), 1);
    order = addPosition(order, position('a', [line('s1', 4, 5)]), 2);
    expect(order.id).toBe(1);
    expect(order.position[0]!.characteristics[0]!.count).toBe(5);
    expect(order.position_presail[0]!.characteristics[0]!.count).toBe(2);
  });

  it('drops a line set to 0 and resets to the blank order when everything is empty', () => {
    let order = addPosition(blankOrder(), position('a', [line('s1', 2, 5), line('s2', 1, 5)]), 1);
    order = setLineCount(order, 'position', 'a', 's1', 0);
    expect(order.position[0]!.characteristics.map((l) => l.GUID)).toEqual(['s2']);
    order = setLineCount(order, 'position', 'a', 's2', 0);
    expect(order).toEqual(blankOrder());
  });

  it('removes a position from both lists', () => {
    let order = addPosition(blankOrder(), position('a', [line('s1', 9, 5)]), 1);
    order = addPosition(order, position('b', [line('s1', 1, 5)]), 1);
    order = removePosition(order, 'a');
    expect([...order.position, ...order.position_presail].map((p) => p.guid)).toEqual(['b']);
    expect(order.count).toBe(1);
  });

  it('property: recalculating twice changes nothing', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 6 }), (added) => {
        let order = blankOrder();
        for (const p of added) order = addPosition(order, p, 42);
        expect(recalculate(order)).toEqual(order);
      }),
    );
  });
});

describe('isReserved (spec §9)', () => {
  it('is true unless some check has a status other than 1 or 6', () => {
    expect(isReserved([])).toBe(true);
    expect(isReserved([{ status: 1 }, { status: 6 }])).toBe(true);
    expect(isReserved([{ status: 1 }, { status: 2 }])).toBe(false);
    expect(isReserved([{ status: 0 }])).toBe(false);
  });
});
