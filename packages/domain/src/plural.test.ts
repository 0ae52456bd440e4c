import { describe, expect, it } from 'vitest';
import { ROWS, countWithNoun, pluralRu } from './plural';

const days = { one: 'день', few: 'дня', many: 'дней' };

describe('pluralRu', () => {
  it('follows the Russian rule', () => {
    expect([1, 2, 5, 11, 12, 21, 22, 25, 111, 0].map((n) => pluralRu(n, days))).toEqual(['день', 'дня', 'дней', 'дней', 'дней', 'день', 'дня', 'дней', 'дней', 'дней']);
    expect(countWithNoun(21, { one: 'календарный день', few: 'календарных дня', many: 'календарных дней' })).toBe('21 календарный день');
  });

  it('counts the rows a preview leaves out', () => {
    expect([1, 2, 4, 5, 11, 21, 22].map((n) => countWithNoun(n, ROWS))).toEqual([
      '1 строка',
      '2 строки',
      '4 строки',
      '5 строк',
      '11 строк',
      '21 строка',
      '22 строки',
    ]);
  });
});
