/**
 * Changes of the working order (spec §4): every change merges, splits against stock, drops empty positions and
 * recalculates the totals; an order left empty resets to the blank one.
 */
import { mergePosition, mergePositions } from './merge-positions';
import { splitStock } from './split-stock';
import { orderTotals, withPositionTotals } from './totals';
import { blankOrder, type Position, type WorkingOrder } from './types';

export type OrderList = 'position' | 'position_presail';

/** Re-splits and re-totals; an order with nothing left becomes the blank order. */
export function recalculate(order: WorkingOrder): WorkingOrder {
  const asked = mergePositions(order.position, order.position_presail);
  const split = splitStock(asked);
  if (split.position.length === 0 && split.position_presail.length === 0) {
    // Keep who and how (company, delivery, comment) only while there is something to order.
    return blankOrder();
  }
  const position = split.position.map(withPositionTotals);
  const position_presail = split.position_presail.map(withPositionTotals);
  return { ...order, position, position_presail, ...orderTotals(position, position_presail, order.delivery) };
}

/** Adds a position (created with a timestamp id on the first one). */
export function addPosition(order: WorkingOrder, added: Position, now = Date.now()): WorkingOrder {
  const started = order.id ? order : { ...order, id: now, date: now };
  return recalculate({ ...started, position: mergePosition(started.position, added) });
}

export function addPositions(order: WorkingOrder, added: readonly Position[], now = Date.now()): WorkingOrder {
  if (added.length === 0) return order;
  const started = order.id ? order : { ...order, id: now, date: now };
  return recalculate({ ...started, position: mergePositions(started.position, added) });
}

/** Sets the count of one characteristic line in one list; 0 removes it. */
export function setLineCount(order: WorkingOrder, list: OrderList, guid: string, lineGuid: string, count: number): WorkingOrder {
  const changed = order[list].map((item) =>
    item.guid !== guid
      ? item
      : {
          ...item,
          characteristics: item.characteristics.map((line) =>
            line.GUID === lineGuid ? { ...line, count: Math.max(0, Math.floor(count)) } : line,
          ),
        },
  );
  return recalculate({ ...order, [list]: changed });
}

/** Removes a position from both lists. */
export function removePosition(order: WorkingOrder, guid: string): WorkingOrder {
  return recalculate({
    ...order,
    position: order.position.filter((item) => item.guid !== guid),
    position_presail: order.position_presail.filter((item) => item.guid !== guid),
  });
}

/** Replaces each line's price and stock with fresh values (e.g. when a draft is used), then re-splits. */
export function refreshLines(
  order: WorkingOrder,
  fresh: (line: { guid: string; GUID: string }) => { PRICE: number; fullprice: number; discount: number; RESIDUE: number } | undefined,
): WorkingOrder {
  const update = (list: Position[]) =>
    list.map((item) => ({
      ...item,
      characteristics: item.characteristics.map((line) => {
        const next = fresh({ guid: item.guid, GUID: line.GUID });
        return next ? { ...line, ...next, price_discount: Math.round((next.fullprice - next.PRICE) * 100) / 100 } : line;
      }),
    }));
  return recalculate({ ...order, position: update(order.position), position_presail: update(order.position_presail) });
}
