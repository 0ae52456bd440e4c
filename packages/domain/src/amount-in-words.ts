/** A rouble amount written out in Russian words, as commercial documents print it («сумма прописью»). */
import { pluralRu, type PluralForms } from './plural';

const UNITS_MALE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMALE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];


function triad(n: number, female: boolean): string[] {
  const words: string[] = [];
  words.push(HUNDREDS[Math.floor(n / 100)]!);
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else {
    words.push(TENS[Math.floor(rest / 10)]!);
    words.push((female ? UNITS_FEMALE : UNITS_MALE)[rest % 10]!);
  }
  return words.filter(Boolean);
}

const SCALES: Array<{ forms: PluralForms; female: boolean }> = [
  { forms: { one: '', few: '', many: '' }, female: false },
  { forms: { one: 'тысяча', few: 'тысячи', many: 'тысяч' }, female: true },
  { forms: { one: 'миллион', few: 'миллиона', many: 'миллионов' }, female: false },
  { forms: { one: 'миллиард', few: 'миллиарда', many: 'миллиардов' }, female: false },
];
const ROUBLES: PluralForms = { one: 'рубль', few: 'рубля', many: 'рублей' };
const KOPECKS: PluralForms = { one: 'копейка', few: 'копейки', many: 'копеек' };

/** Whole number in words (masculine, as for roubles); 0 → «ноль». Up to 999 999 999 999. */
export function numberInWords(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'ноль';
  const parts: string[] = [];
  for (let scale = 0; n > 0 && scale < SCALES.length; scale++) {
    const group = n % 1000;
    n = Math.floor(n / 1000);
    if (group === 0) continue;
    const { forms, female } = SCALES[scale]!;
    const words = triad(group, female);
    if (scale > 0) words.push(pluralRu(group, forms));
    parts.unshift(words.join(' '));
  }
  return parts.join(' ');
}

/** 12345.5 → «Двенадцать тысяч триста сорок пять рублей 50 копеек». */
export function amountInWords(amount: number): string {
  const kopecksTotal = Math.round(Math.abs(amount) * 100);
  const roubles = Math.floor(kopecksTotal / 100);
  const kopecks = kopecksTotal % 100;
  const words = numberInWords(roubles);
  const text = `${words} ${pluralRu(roubles, ROUBLES)} ${String(kopecks).padStart(2, '0')} ${pluralRu(kopecks, KOPECKS)}`;
  return `${amount < 0 && kopecksTotal > 0 ? 'минус ' : ''}${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
