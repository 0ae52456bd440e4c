/** A user's own password and address: «Забыли пароль?», the reset link, the change in the profile, the e-mail link. */
import { z } from 'zod';

const password = (what: string) =>
  z.string({ error: `Укажите ${what}.` }).min(1, `Укажите ${what}.`).max(1000, `${what[0]!.toUpperCase()}${what.slice(1)} слишком длинный.`);
const token = z
  .string({ error: 'Ссылка неполная: откройте её из письма целиком.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ссылка неполная или искажена: откройте её из письма целиком.');

export const ZForgotPasswordBodySchema = z.object({
  login: z
    .string({ error: 'Укажите логин или e-mail.' })
    .trim()
    .min(1, 'Укажите логин или e-mail.')
    .max(200, 'Логин или e-mail длиннее 200 символов: проверьте, что вставлено.'),
});
export type TForgotPasswordBody = z.infer<typeof ZForgotPasswordBodySchema>;

export const ZResetPasswordBodySchema = z.object({ token, password: password('новый пароль') });
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBodySchema>;

export const ZChangePasswordBodySchema = z.object({ current: password('текущий пароль'), password: password('новый пароль') });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBodySchema>;

export const ZConfirmEmailBodySchema = z.object({ token });

export const ZAccountMessageSchema = z.object({ message: z.string() });
