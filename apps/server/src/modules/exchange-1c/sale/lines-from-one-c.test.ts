import { describe, expect, it } from 'vitest';
import { kopecksOf, wholeUnits } from './lines-from-one-c';

describe('reading 1C’s quantities and amounts', () => {
  it('a quantity is whole pieces, as 1C writes them with or without decimals', () => {
    expect(['12', '10.000', '7,00', ' 3 '].map(wholeUnits)).toEqual([12, 10, 7, 3]);
    expect(['2.5', '-1', '', 'десять', '1e3'].map(wholeUnits)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('an amount is roubles to the kopeck, with a point or a comma and spaces between thousands', () => {
    expect(['1090.5', '1 090,50', '3780', '0.07', '296.4000'].map(kopecksOf)).toEqual([109_050, 109_050, 378_000, 7, 29_640]);
    expect(['1.005', '-10', '', 'T', '12.3.4'].map(kopecksOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
