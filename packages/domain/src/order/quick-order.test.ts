import { describe, expect, it } from 'vitest';
import { ORDER_LINE_QUANTITY_MAX } from './price-order';
import { parseQuickOrder } from './quick-order';

describe('parseQuickOrder', () => {
  it('reads «article quantity» lines, separated by spaces, tabs, semicolons or commas', () => {
    const { lines, problems } = parseQuickOrder('КОС-101 5\nКОС-102\t3\nКОС-103;2\nКОС-104, 1\n\n');
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.article, l.quantity])).toEqual([
      ['КОС-101', 5],
      ['КОС-102', 3],
      ['КОС-103', 2],
      ['КОС-104', 1],
    ]);
  });

  it('reads a characteristic between the article and the quantity, and adds up repeats', () => {
    const { lines } = parseQuickOrder('БОТ-200 42 2\nбот-200 42 3');
    expect(lines).toEqual([{ lineNo: 1, raw: 'БОТ-200 42 2', article: 'БОТ-200', characteristic: '42', quantity: 5 }]);
  });

  it('names the line and the reason for a missing, fractional, zero or non-numeric quantity', () => {
    const { lines, problems } = parseQuickOrder('A-1\nA-2 1.5\nA-3 0\nA-4 пять\nA-5 -2');
    expect(lines).toEqual([]);
    expect(problems.map((p) => p.lineNo)).toEqual([1, 2, 3, 4, 5]);
    expect(problems[0]!.reason).toMatch(/Не указано количество/);
    expect(problems[1]!.reason).toMatch(/целое число больше 0/);
    expect(problems[3]!.reason).toMatch(/не число/);
  });

  it('lists a quantity above the order line limit as a problem, never as a line the order would drop', () => {
    const { lines, problems } = parseQuickOrder(`ПКБ100А 182-188/104-108 99999999999\nКСТ105А 48 ${ORDER_LINE_QUANTITY_MAX}\nКСТ105А 48 1\nКСТ105А 50 2`);
    expect(lines.map((l) => [l.article, l.characteristic, l.quantity])).toEqual([
      ['КСТ105А', '48', ORDER_LINE_QUANTITY_MAX],
      ['КСТ105А', '50', 2],
    ]);
    const limit = ORDER_LINE_QUANTITY_MAX.toLocaleString('ru-RU');
    expect(problems).toEqual([
      { lineNo: 1, raw: 'ПКБ100А 182-188/104-108 99999999999', reason: `Не добавлено: количество 99999999999 слишком велико — укажите не больше ${limit} шт.` },
      { lineNo: 3, raw: 'КСТ105А 48 1', reason: `Не добавлено: количество 1 слишком велико — укажите не больше ${limit} шт.` },
    ]);
  });

  it('adds up repeats of one article written differently (a space, a Latin look-alike)', () => {
    const { lines, problems } = parseQuickOrder('КСТ105А 48 2\nKCT 105-A 48 3\nкст 105а 48 1\nПКБ 100А 182-188/104-108 4');
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.article, l.characteristic, l.quantity])).toEqual([
      ['КСТ105А', '48', 6],
      ['ПКБ 100А', '182-188/104-108', 4],
    ]);
  });

  it('skips a header row of a sheet and reads rows of cells', () => {
    const { lines } = parseQuickOrder([
      ['Артикул', 'Количество'],
      ['A-1', '4'],
      ['A-2', '', '2'],
    ]);
    expect(lines.map((l) => [l.article, l.quantity, l.lineNo])).toEqual([
      ['A-1', 4, 2],
      ['A-2', 2, 3],
    ]);
  });
});
