/** Russian taxpayer number (ИНН) checks: 10 digits for organisations, 12 for sole proprietors and people. */

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12_FIRST = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12_SECOND = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, index) => acc + weight * (digits[index] ?? 0), 0);
  return (sum % 11) % 10;
}

/** The control digits an INN must end with, computed from its leading digits (9 for a 10-digit INN, 10 for 12). */
export function innCheckDigits(leading: string): string {
  const digits = [...leading].map(Number);
  if (digits.length === 9) return String(checkDigit(digits, WEIGHTS_10));
  if (digits.length === 10) {
    const first = checkDigit(digits, WEIGHTS_12_FIRST);
    const second = checkDigit([...digits, first], WEIGHTS_12_SECOND);
    return `${first}${second}`;
  }
  throw new Error('innCheckDigits takes 9 or 10 leading digits');
}

/** Why this text is not a valid INN, as a Russian message saying what to fix; null when it is valid. */
export function innProblem(text: string): string | null {
  const inn = text.trim();
  if (!/^\d+$/.test(inn)) return 'ИНН состоит только из цифр: 10 цифр у организации, 12 — у ИП.';
  if (inn.length !== 10 && inn.length !== 12) {
    return `В ИНН ${inn.length} цифр, а нужно 10 (организация) или 12 (ИП): проверьте номер.`;
  }
  const leading = inn.slice(0, inn.length === 10 ? 9 : 10);
  if (innCheckDigits(leading) !== inn.slice(leading.length)) {
    return 'Контрольная сумма ИНН не сходится: в номере опечатка, проверьте цифры.';
  }
  return null;
}

export function isValidInn(text: string): boolean {
  return innProblem(text) === null;
}
