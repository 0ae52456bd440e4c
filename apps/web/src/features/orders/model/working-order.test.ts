import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_LINE_QUANTITY_MAX } from '@portal/domain';
import { blankOrder, type CharacteristicLine } from '@portal/contracts';
import { addPositions, lineUnits, orderUnits, recalculate, refreshLines, removePosition, setLineCount } from './working-order';
import { position } from './working-order.fixtures';

function line(GUID: string, count: number, RESIDUE: number, fullprice = 100, ORGGUID = 'fro'): CharacteristicLine {
  return { ID: GUID, CHARACTERISTIC: GUID, PRICE: fullprice, fullprice, price_discount: 0, count, RESIDUE, MAX_DISCOUNT: 0, PPDATA: '', GUID, ORGGUID, discount: 0 };
}

const none = [] as const;
const fro10 = [{ organisation: 'fro', discountPercent: 10 }];

describe('the working order through the domain', () => {
  it('starts with a timestamp id on the first position, splits against stock and adds up in kopecks', () => {
    const order = addPositions(blankOrder(), [position('a', [line('s1', 7, 5, 0.1)])], none, 1_700_000_000_000);
    expect(order.id).toBe(1_700_000_000_000);
    expect(order.position[0]!.characteristics[0]!.count).toBe(5);
    expect(order.position_presail[0]!.characteristics[0]!.count).toBe(2);
    expect(order.total).toBe(0.7);
    expect(order.position[0]!.total).toBe(0.5);
    expect(order.position[0]!.product.ID).toBe('id-a');
  });

  it('prices every line with the contracts it is given', () => {
    const order = addPositions(blankOrder(), [position('a', [line('s1', 2, 5, 100)])], fro10, 1);
    expect(order.position[0]!.characteristics[0]).toMatchObject({ PRICE: 90, fullprice: 100, discount: 10, price_discount: 10 });
    expect(order).toMatchObject({ total: 180, total_discount: 20 });
  });

  it('merges a second add of the same size and re-splits', () => {
    let order = addPositions(blankOrder(), [position('a', [line('s1', 3, 5)])], none, 1);
    order = addPositions(order, [position('a', [line('s1', 4, 5)])], none, 2);
    expect(order.id).toBe(1);
    expect(lineUnits(order, 'a', 's1')).toEqual({ inStock: 5, preorder: 2 });
  });

  it('does not add a size past the line limit, keeping what the order had (the order prices no such line)', () => {
    const order = addPositions(blankOrder(), [position('a', [line('s1', ORDER_LINE_QUANTITY_MAX - 1, 5), line('s2', 1, 5)])], none, 1);
    const after = addPositions(order, [position('a', [line('s1', 2, 5), line('s2', 3, 5)])], none, 2);
    expect(lineUnits(after, 'a', 's1')).toEqual({ inStock: 5, preorder: ORDER_LINE_QUANTITY_MAX - 6 });
    expect(lineUnits(after, 'a', 's2')).toEqual({ inStock: 4, preorder: 0 });
    expect(orderUnits(after) - orderUnits(order)).toBe(3);
    expect(addPositions(blankOrder(), [position('b', [line('s1', ORDER_LINE_QUANTITY_MAX + 1, 5)])], none, 1)).toEqual(blankOrder());
  });

  it('bills a carrier delivery in the total', () => {
    const order = recalculate({ ...addPositions(blankOrder(), [position('a', [line('s1', 1, 5)])], none, 1), delivery: { address: '', case: 'other', date: '', cost: 12.5, bill_to: '' } }, none);
    expect(order.total).toBe(112.5);
  });

  it('typing into the stock row of a split line sets the whole quantity and re-splits; the pre-order row adds on top of stock', () => {
    const split = addPositions(blankOrder(), [position('a', [line('s1', 5, 3)])], none, 1);
    expect(lineUnits(split, 'a', 's1')).toEqual({ inStock: 3, preorder: 2 });
    expect(lineUnits(setLineCount(split, 'position', 'a', 's1', 1, none), 'a', 's1')).toEqual({ inStock: 1, preorder: 0 });
    expect(lineUnits(setLineCount(split, 'position', 'a', 's1', 4, none), 'a', 's1')).toEqual({ inStock: 3, preorder: 1 });
    expect(lineUnits(setLineCount(split, 'position_presail', 'a', 's1', 6, none), 'a', 's1')).toEqual({ inStock: 3, preorder: 6 });
  });

  it('drops a line set to 0 and resets to the blank order when everything is empty', () => {
    let order = addPositions(blankOrder(), [position('a', [line('s1', 2, 5), line('s2', 1, 5)])], none, 1);
    order = setLineCount(order, 'position', 'a', 's1', 0, none);
    expect(order.position[0]!.characteristics.map((l) => l.GUID)).toEqual(['s2']);
    order = setLineCount(order, 'position', 'a', 's2', 0, none);
    expect(order).toEqual(blankOrder());
  });

  it('removes a position from both lists', () => {
    let order = addPositions(blankOrder(), [position('a', [line('s1', 9, 5)]), position('b', [line('s1b', 1, 5)])], none, 1);
    order = removePosition(order, 'a', none);
    expect([...order.position, ...order.position_presail].map((p) => p.guid)).toEqual(['b']);
    expect(order.count).toBe(1);
  });

  it("refreshLines prices each line at today's full price and stock and drops lines no longer sold", () => {
    const order = addPositions(blankOrder(), [position('a', [line('s1', 2, 5, 100), line('s2', 1, 5, 100)])], fro10, 1);
    const fresh = refreshLines(order, new Map([['s1', { fullPriceKopecks: 20_000, stock: 1 }]]), fro10);
    expect(fresh.position[0]!.characteristics).toHaveLength(1);
    expect(fresh.position[0]!.characteristics[0]).toMatchObject({ fullprice: 200, PRICE: 180, count: 1 });
    expect(fresh.position_presail[0]!.characteristics[0]).toMatchObject({ count: 1 });
  });

  it('property: recalculating twice changes nothing and units are conserved', () => {
    const lineArb = fc.record({
      GUID: fc.constantFrom('s1', 's2', 's3'),
      count: fc.integer({ min: 1, max: 50 }),
      RESIDUE: fc.integer({ min: 0, max: 30 }),
      fullprice: fc.integer({ min: 1, max: 10_000_000 }).map((k) => k / 100),
    });
    const positionArb = fc
      .record({ guid: fc.constantFrom('a', 'b', 'c'), lines: fc.uniqueArray(lineArb, { selector: (l) => l.GUID, maxLength: 3 }) })
      .map((r) => position(r.guid, r.lines.map((l) => line(`${r.guid}-${l.GUID}`, l.count, l.RESIDUE, l.fullprice))));
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 6 }), (added) => {
        const order = addPositions(blankOrder(), added, fro10, 42);
        expect(recalculate(order, fro10)).toEqual(order);
        const asked = added.flatMap((p) => p.characteristics).reduce((sum, l) => sum + l.count, 0);
        expect(order.total_count).toBe(asked);
      }),
    );
  });
});
