import { describe, expect, it } from 'vitest';
import { blankOrder, type CharacteristicLine, type WorkingOrder } from '@portal/contracts';
import { addPositions, lineUnits, removePosition, setLineCount } from './working-order';
import { canonicalJson, mergeWorkingOrders } from './working-order-merge';
import { position } from './working-order.fixtures';

function line(GUID: string, count: number, RESIDUE = 100): CharacteristicLine {
  return { ID: GUID, CHARACTERISTIC: `р. ${GUID}`, PRICE: 100, fullprice: 100, price_discount: 0, count, RESIDUE, MAX_DISCOUNT: 0, PPDATA: '', GUID, ORGGUID: 'fro', discount: 0 };
}

const none = [] as const;
const units = (order: WorkingOrder, guid: string, lineGuid: string) => {
  const { inStock, preorder } = lineUnits(order, guid, lineGuid);
  return inStock + preorder;
};
/** The stored order both devices started from: 2 of a/s1 and 1 of b/s2. */
const base = addPositions(blankOrder(), [position('a', [line('s1', 2)]), position('b', [line('s2', 1)])], none, 1_000);

describe('merging two devices’ changes to the working order', () => {
  it('keeps the lines each device added', () => {
    const mine = addPositions(base, [position('c', [line('s3', 4)])], none);
    const theirs = addPositions(base, [position('d', [line('s4', 5)])], none);
    const { order, conflicts } = mergeWorkingOrders(base, mine, theirs);
    expect([units(order, 'a', 's1'), units(order, 'b', 's2'), units(order, 'c', 's3'), units(order, 'd', 's4')]).toEqual([2, 1, 4, 5]);
    expect(conflicts).toEqual([]);
    expect(order.total).toBe(1200);
    expect(order.id).toBe(1_000);
  });

  it('takes a change made on one device only, whichever it is', () => {
    const mine = setLineCount(base, 'position', 'a', 's1', 7, none);
    const theirs = removePosition(base, 'b', none);
    const { order, conflicts } = mergeWorkingOrders(base, mine, theirs);
    expect(units(order, 'a', 's1')).toBe(7);
    expect(units(order, 'b', 's2')).toBe(0);
    expect(conflicts).toEqual([]);
  });

  it('keeps a line removed here but changed there, and says so', () => {
    const mine = removePosition(base, 'a', none);
    const theirs = setLineCount(base, 'position', 'a', 's1', 9, none);
    const { order, conflicts } = mergeWorkingOrders(base, mine, theirs);
    expect(units(order, 'a', 's1')).toBe(9);
    expect(conflicts).toEqual([{ guid: 'a', lineGuid: 's1', label: 'ART-a р. s1', mine: 0, theirs: 9, kept: 9 }]);
  });

  it('keeps this device’s quantity when both changed the same line, and says so', () => {
    const mine = setLineCount(base, 'position', 'a', 's1', 3, none);
    const theirs = setLineCount(base, 'position', 'a', 's1', 5, none);
    const { order, conflicts } = mergeWorkingOrders(base, mine, theirs);
    expect(units(order, 'a', 's1')).toBe(3);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ mine: 3, theirs: 5, kept: 3 });
  });

  it('re-splits a merged line against stock', () => {
    const scarce = addPositions(blankOrder(), [position('e', [line('s5', 1, 2)])], none, 2_000);
    const mine = addPositions(scarce, [position('f', [line('s6', 1)])], none);
    const theirs = setLineCount(scarce, 'position', 'e', 's5', 2, none);
    const { order } = mergeWorkingOrders(scarce, { ...mine }, { ...theirs });
    expect(units(order, 'e', 's5')).toBe(2);
    const withMore = setLineCount(scarce, 'position', 'e', 's5', 5, none);
    const merged = mergeWorkingOrders(scarce, mine, withMore).order;
    expect(lineUnits(merged, 'e', 's5')).toEqual({ inStock: 2, preorder: 3 });
  });

  it('takes fields from the device that changed them', () => {
    const mine = { ...setLineCount(base, 'position', 'a', 's1', 4, none), comment: '' };
    const theirs = { ...base, comment: 'Позвонить до приезда', delivery: { ...base.delivery, case: 'other' as const, cost: 500 } };
    const { order } = mergeWorkingOrders(base, mine, theirs);
    expect(order.comment).toBe('Позвонить до приезда');
    expect(order.delivery).toMatchObject({ case: 'other', cost: 500 });
    expect(units(order, 'a', 's1')).toBe(4);
    expect(order.total).toBe(4 * 100 + 100 + 500);
  });

  it('an order sent from the other device meanwhile leaves only the lines added here, under a new id', () => {
    const mine = addPositions(base, [position('c', [line('s3', 1)])], none);
    const theirs = blankOrder();
    const { order } = mergeWorkingOrders(base, mine, theirs, 5_000);
    expect(units(order, 'a', 's1')).toBe(0);
    expect(units(order, 'c', 's3')).toBe(1);
    // The sent order's id was its idempotency key: reusing it would make this a resend of that order.
    expect(order.id).toBe(5_000);
  });

  it('keeps the rejected order this device took back to send again; drops it once the other device sent that order', () => {
    const resent = { ...base, id: 2_000, date: 2_000, replaces_approval: 7 };
    const theirs = { ...base, comment: 'С другого устройства' };
    const { order } = mergeWorkingOrders(base, resent, theirs);
    expect(order).toMatchObject({ id: 2_000, replaces_approval: 7, comment: 'С другого устройства' });
    const sentThere = mergeWorkingOrders(resent, addPositions(resent, [position('c', [line('s3', 1)])], none), blankOrder(), 5_000).order;
    expect(sentThere.replaces_approval).toBeUndefined();
    expect(sentThere.id).toBe(5_000);
  });

  it('an order emptied on both devices stays empty, keeping the company', () => {
    const mine = { ...removePosition(removePosition(base, 'a', none), 'b', none), partner_id: 'p1' };
    const { order } = mergeWorkingOrders(base, mine, blankOrder());
    expect(order.position).toEqual([]);
    expect(order.id).toBe(0);
    expect(order.partner_id).toBe('p1');
  });

  it('compares by value, whatever the order of keys the server gave back (jsonb reorders them)', () => {
    const reordered = JSON.parse(canonicalJson(base)) as typeof base;
    expect(canonicalJson(reordered)).toBe(canonicalJson(base));
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(base));
    const theirs: typeof base = { ...reordered, delivery: { ...reordered.delivery, case: 'other', cost: 700 } };
    const mine: typeof base = { ...base, delivery: { cost: 0, bill_to: '', date: '', case: 'pickup', address: '' } };
    // This device's delivery is the same values in another order: not a change here, so the phone's change is kept.
    expect(mergeWorkingOrders(reordered, mine, theirs).order.delivery).toMatchObject({ case: 'other', cost: 700 });
  });
});
