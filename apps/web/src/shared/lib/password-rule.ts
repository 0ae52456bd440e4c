/** What a new password must be, as the server checks it (apps/server/src/modules/auth/password-policy.ts). */
export const PASSWORD_RULE = 'Не короче 8 символов; распространённые пароли не подойдут. Удобно взять несколько слов.';

/** The new password a form asks for twice (fields `password` and `repeat`): the password, or the reason to type it again. */
export function newPasswordOf(form: FormData): { password: string; mismatch?: undefined } | { mismatch: string } {
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('repeat') ?? '')) return { mismatch: 'Пароли не совпадают: введите новый пароль ещё раз.' };
  return { password };
}
