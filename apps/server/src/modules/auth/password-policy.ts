/**
 * What a new password must be (OWASP ASVS 5.0, V6.2): at least 8 characters, any characters, no composition rules,
 * and not one of the most common passwords — the list of zxcvbn-ts (about 49,000 passwords from breaches).
 * The same rule for a reset and a change in the profile; the refusal says why, in Russian.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the bound only keeps the hashing cheap (ASVS 6.2.9 asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 128;

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** The reason a password is refused, or undefined when it may be used. */
export function passwordProblem(password: string, context: { login?: string; current?: string } = {}): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Пароль слишком короткий: нужно не меньше ${PASSWORD_MIN_LENGTH} символов (сейчас ${length}).`;
  if (length > PASSWORD_MAX_LENGTH) return `Пароль слишком длинный: не больше ${PASSWORD_MAX_LENGTH} символов.`;
  if (commonPasswords().has(password.toLowerCase())) {
    return 'Этот пароль входит в список самых распространённых — его подбирают первым. Придумайте другой, например из нескольких слов.';
  }
  if (context.login && password.toLowerCase() === context.login.toLowerCase()) return 'Пароль не должен совпадать с логином.';
  if (context.current !== undefined && password === context.current) return 'Новый пароль совпадает с текущим: придумайте другой.';
  return undefined;
}
