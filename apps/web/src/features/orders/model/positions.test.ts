import type { CharacteristicLine } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { chosenAmountKopecks } from './positions';

const line = (PRICE: number, count: number): CharacteristicLine => ({
  ID: `${PRICE}`,
  CHARACTERISTIC: '',
  PRICE,
  fullprice: PRICE,
  price_discount: 0,
  count,
  RESIDUE: 10,
  MAX_DISCOUNT: 0,
  PPDATA: '',
  GUID: `${PRICE}-${count}`,
  ORGGUID: '',
  discount: 0,
});

describe('chosenAmountKopecks', () => {
  it('adds the chosen lines in whole kopecks, where roubles in floats drift', () => {
    // In floats 0.1 + 0.2 is 0.30000000000000004 and 1.15 × 3 is 3.4499999999999997.
    expect(chosenAmountKopecks({ characteristics: [line(0.1, 1), line(0.2, 1)] })).toBe(30);
    expect(chosenAmountKopecks({ characteristics: [line(1.15, 3)] })).toBe(345);
    expect(chosenAmountKopecks({ characteristics: [line(19.99, 3), line(1320.5, 2)] })).toBe(5997 + 264_100);
    expect(chosenAmountKopecks({ characteristics: [] })).toBe(0);
  });
});
