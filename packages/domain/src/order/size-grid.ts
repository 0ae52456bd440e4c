/**
 * The size grid (issue 15): every size of a product with its stock and a quantity typed by the dealer, turned into the
 * lines to add to the working order in one action. Sizes already in the working order add up with what is typed, and
 * the total is split with the order's one rule (`splitQuantity`): stock first, the rest a pre-order.
 */
import { ORDER_LINE_QUANTITY_MAX, splitQuantity } from './price-order';
import type { AskedLine } from './order-model';

/** One row of the grid: a size (offer) with today's stock and the quantity typed; '' or 0 means «not this size». */
export interface SizeGridRow {
  offerGuid: string;
  characteristic: string;
  stock: number;
  quantity: number | string;
}

/** A size after adding: the whole quantity of the offer in the working order and how it splits. */
export interface SizeGridLine {
  offerGuid: string;
  characteristic: string;
  /** Units added now. */
  added: number;
  /** Units of the offer in the working order after adding (what was there plus `added`). */
  quantity: number;
  inStock: number;
  preorder: number;
}

export interface SizeGridResult {
  /** Lines whose split takes stock (some units in stock). */
  inStock: SizeGridLine[];
  /** Lines with units above stock (a line can be in both lists, as a split position is). */
  preorder: SizeGridLine[];
  /** What to add to the working order: one asked line per size given. */
  asked: AskedLine[];
  /** Russian messages naming the size and what to fix; nothing is added while there are any. */
  problems: string[];
}

/** A typed quantity: blank is 0; anything but a whole number from 0 up to the line maximum is a problem. */
export function sizeGridQuantity(typed: number | string): number | null {
  const text = typeof typed === 'number' ? String(typed) : typed.replace(/\s/g, '');
  if (text === '') return 0;
  if (!/^\d{1,6}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity <= ORDER_LINE_QUANTITY_MAX ? quantity : null;
}

/**
 * The lines to add from a grid of one product, merged with `existing` (quantities of that product's offers already in
 * the working order, by offer guid).
 */
export function sizeGridLines(productUid: string, rows: readonly SizeGridRow[], existing: ReadonlyMap<string, number> = new Map()): SizeGridResult {
  const result: SizeGridResult = { inStock: [], preorder: [], asked: [], problems: [] };
  for (const row of rows) {
    const added = sizeGridQuantity(row.quantity);
    if (added === null) {
      result.problems.push(`Размер ${row.characteristic}: укажите целое число штук от 0 до ${ORDER_LINE_QUANTITY_MAX}.`);
      continue;
    }
    if (added === 0) continue;
    const quantity = (existing.get(row.offerGuid) ?? 0) + added;
    if (quantity > ORDER_LINE_QUANTITY_MAX) {
      result.problems.push(
        `Размер ${row.characteristic}: в заказе будет ${quantity} шт., больше ${ORDER_LINE_QUANTITY_MAX}. Уменьшите количество.`,
      );
      continue;
    }
    const split = splitQuantity(quantity, row.stock);
    const line: SizeGridLine = { offerGuid: row.offerGuid, characteristic: row.characteristic, added, quantity, ...split };
    if (split.inStock > 0) result.inStock.push(line);
    if (split.preorder > 0) result.preorder.push(line);
    result.asked.push({ productUid, offerGuid: row.offerGuid, quantity: added });
  }
  if (result.problems.length > 0) return { inStock: [], preorder: [], asked: [], problems: result.problems };
  if (result.asked.length === 0) result.problems.push('Укажите количество хотя бы для одного размера.');
  return result;
}
