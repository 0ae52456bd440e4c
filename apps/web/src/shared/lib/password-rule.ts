/** What a new password must be, as the server checks it (apps/server/src/modules/auth/password-policy.ts). */
export const PASSWORD_RULE = 'Не короче 8 символов; распространённые пароли не подойдут. Удобно взять несколько слов.';
