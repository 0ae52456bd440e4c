import { describe, expect, it } from 'vitest';
import { draftChanges } from './draft-changes';
import { line, position } from './fixtures.test-support';
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

describe('draftChanges', () => {
  it('lists changed prices, changed stock and lines no longer sold', () => {
    const draft = [position('a', [line('s1', 2, 5, 100), line('s2', 1, 5, 100), line('s3', 1, 5, 100)])];
    const fresh = new Map([
      ['s1', { fullprice: 110, PRICE: 110, RESIDUE: 5 }],
      ['s2', { fullprice: 100, PRICE: 100, RESIDUE: 1 }],
    ]);
    expect(draftChanges(draft, fresh).map((c) => c.kind)).toEqual(['price', 'stock', 'gone']);
    expect(draftChanges(draft, fresh)[0]!.message).toContain('110.00 ₽');
  });
});
