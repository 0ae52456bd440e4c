import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { innCheckDigits, innProblem, isValidInn } from './inn';

describe('innProblem', () => {
  it('accepts valid 10-digit (organisation) and 12-digit (sole proprietor) INNs', () => {
    expect(innProblem('7707083893')).toBeNull(); // Сбербанк
    expect(innProblem('7736207543')).toBeNull(); // Яндекс
    expect(innProblem('500100732259')).toBeNull();
    expect(innProblem(' 7707083893 ')).toBeNull();
  });
  it('refuses a wrong control digit', () => {
    expect(innProblem('7707083894')).toMatch(/Контрольная сумма/);
    expect(innProblem('500100732258')).toMatch(/Контрольная сумма/);
  });
  it('refuses the wrong length and non-digits with a message saying what to fix', () => {
    expect(innProblem('770708389')).toMatch(/9 цифр.*10.*12/);
    expect(innProblem('77070838931')).toMatch(/11 цифр/);
    expect(innProblem('77070A3893')).toMatch(/только из цифр/);
    expect(innProblem('')).toMatch(/только из цифр/);
  });
});

describe('innCheckDigits (property)', () => {
  it('a number completed with its check digits is valid, and changing one digit of it breaks the check', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(
      fc.property(fc.oneof(digits(9), digits(10)), fc.nat(), fc.integer({ min: 1, max: 9 }), (leading, at, shift) => {
        const inn = leading + innCheckDigits(leading);
        expect(isValidInn(inn)).toBe(true);
        // A single changed digit among the leading ones is caught unless its weight makes the sum land the same mod 11.
        const index = at % leading.length;
        const changed = inn.slice(0, index) + String((Number(inn[index]) + shift) % 10) + inn.slice(index + 1);
        if (changed !== inn && isValidInn(changed)) {
          // Only possible through the "mod 11 = 10 → 0" fold of the check digit; confirm that is the case.
          expect(innCheckDigits(changed.slice(0, leading.length))).toBe(inn.slice(leading.length));
        }
      }),
    );
  });
});
