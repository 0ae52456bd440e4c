import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('writes roubles and kopecks with the right noun forms', () => {
    expect(amountInWords(12345.5)).toBe('Двенадцать тысяч триста сорок пять рублей 50 копеек');
    expect(amountInWords(1)).toBe('Один рубль 00 копеек');
    expect(amountInWords(2.01)).toBe('Два рубля 01 копейка');
    expect(amountInWords(0.03)).toBe('Ноль рублей 03 копейки');
  });
  it('uses the feminine for thousands and the teens correctly', () => {
    expect(numberInWords(2_001)).toBe('две тысячи один');
    expect(numberInWords(21_000)).toBe('двадцать одна тысяча');
    expect(numberInWords(11_000)).toBe('одиннадцать тысяч');
    expect(numberInWords(1_000_000)).toBe('один миллион');
    expect(numberInWords(3_512_014)).toBe('три миллиона пятьсот двенадцать тысяч четырнадцать');
  });
});
