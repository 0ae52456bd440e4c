import { describe, expect, it } from 'vitest';
import { ORDER_LINE_QUANTITY_MAX } from './price-order';
import { sizeGridLines, sizeGridQuantity } from './size-grid';

const rows = (quantities: Record<string, number | string>) =>
  [
    { offerGuid: 'o-8', characteristic: '8', stock: 10 },
    { offerGuid: 'o-9', characteristic: '9', stock: 3 },
    { offerGuid: 'o-10', characteristic: '10', stock: 0 },
  ].map((row) => ({ ...row, quantity: quantities[row.characteristic] ?? '' }));

describe('size grid', () => {
  it('adds only the sizes given and splits each by its stock', () => {
    const result = sizeGridLines('p-1', rows({ 8: 4, 9: 5, 10: 2 }));
    expect(result.problems).toEqual([]);
    expect(result.asked).toEqual([
      { productUid: 'p-1', offerGuid: 'o-8', quantity: 4 },
      { productUid: 'p-1', offerGuid: 'o-9', quantity: 5 },
      { productUid: 'p-1', offerGuid: 'o-10', quantity: 2 },
    ]);
    expect(result.inStock.map((line) => [line.characteristic, line.inStock])).toEqual([['8', 4], ['9', 3]]);
    expect(result.preorder.map((line) => [line.characteristic, line.preorder])).toEqual([['9', 2], ['10', 2]]);
  });

  it('merges with the quantities already in the working order before splitting', () => {
    const result = sizeGridLines('p-1', rows({ 8: 3, 9: 1 }), new Map([['o-8', 9], ['o-9', 1]]));
    const eight = result.inStock.find((line) => line.offerGuid === 'o-8');
    expect(eight).toEqual({ offerGuid: 'o-8', characteristic: '8', added: 3, quantity: 12, inStock: 10, preorder: 2 });
    expect(result.preorder.map((line) => line.offerGuid)).toEqual(['o-8']);
    // Only what is typed is asked: the working order adds it to what it holds.
    expect(result.asked.map((line) => line.quantity)).toEqual([3, 1]);
  });

  it('skips blank and zero sizes, and asks for at least one', () => {
    expect(sizeGridLines('p-1', rows({ 8: '', 9: 0, 10: ' ' })).problems).toEqual(['Укажите количество хотя бы для одного размера.']);
    expect(sizeGridLines('p-1', rows({ 9: '2' })).asked).toEqual([{ productUid: 'p-1', offerGuid: 'o-9', quantity: 2 }]);
  });

  it('refuses the whole grid with a Russian message naming each bad size', () => {
    const result = sizeGridLines('p-1', rows({ 8: 2, 9: '-1', 10: '1.5' }));
    expect(result.asked).toEqual([]);
    expect(result.inStock).toEqual([]);
    expect(result.problems).toEqual([
      `Размер 9: укажите целое число штук от 0 до ${ORDER_LINE_QUANTITY_MAX}.`,
      `Размер 10: укажите целое число штук от 0 до ${ORDER_LINE_QUANTITY_MAX}.`,
    ]);
    const tooMany = sizeGridLines('p-1', rows({ 8: 5 }), new Map([['o-8', ORDER_LINE_QUANTITY_MAX]]));
    expect(tooMany.problems[0]).toMatch(/^Размер 8: в заказе будет 100005 шт\./);
  });

  it('reads typed quantities: blank is zero, spaces are ignored, anything else is refused', () => {
    expect(sizeGridQuantity('')).toBe(0);
    expect(sizeGridQuantity('1 000')).toBe(1000);
    expect(sizeGridQuantity(7)).toBe(7);
    for (const bad of ['abc', '-2', '2.5', '1e3', String(ORDER_LINE_QUANTITY_MAX + 1)]) expect(sizeGridQuantity(bad), bad).toBeNull();
  });
});
