import { describe, expect, it } from 'vitest';
import { countWithNoun, pluralRu } from './plural';

const days = { one: 'день', few: 'дня', many: 'дней' };

describe('pluralRu', () => {
  it('follows the Russian rule', () => {
    expect([1, 2, 5, 11, 12, 21, 22, 25, 111, 0].map((n) => pluralRu(n, days))).toEqual(['день', 'дня', 'дней', 'дней', 'дней', 'день', 'дня', 'дней', 'дней', 'дней']);
    expect(countWithNoun(21, { one: 'календарный день', few: 'календарных дня', many: 'календарных дней' })).toBe('21 календарный день');
  });
});
