/** A new password: the rule it must meet and the form that sets one. */
import { useState, type FormEvent } from 'react';
import { useSubmission } from './use-submission';

/** What a new password must be, as the server checks it (apps/server/src/modules/auth/password-policy.ts). */
export const PASSWORD_RULE = 'Не короче 8 символов; распространённые пароли не подойдут. Удобно взять несколько слов.';

/** The new password a form asks for twice (fields `password` and `repeat`): the password, or the reason to type it again. */
function newPasswordOf(form: FormData): { password: string; mismatch?: undefined } | { mismatch: string } {
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('repeat') ?? '')) return { mismatch: 'Пароли не совпадают: введите новый пароль ещё раз.' };
  return { password };
}

/**
 * A form that sets a new password (the invitation, the reset link, the profile): it is sent only when both fields
 * agree, else the second field says so. `save` gets the password and the form (for its other fields).
 */
export function useNewPasswordForm(save: (password: string, form: HTMLFormElement) => Promise<void>) {
  const { busy, failure, send } = useSubmission();
  const [mismatch, setMismatch] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = newPasswordOf(new FormData(form));
    if (typed.mismatch !== undefined) {
      setMismatch(typed.mismatch);
      return;
    }
    setMismatch(null);
    await send(() => save(typed.password, form));
  }
  return { busy, failure, mismatch, submit };
}
