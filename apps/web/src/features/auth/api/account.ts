/** The links of the mails: the reset request and link, the e-mail confirmation. */
import type { TResetPasswordBody } from '@portal/contracts';
import { api } from '../../../shared/api/client';

type Answer = { message: string };

export const requestPasswordReset = (login: string) => api<Answer>('/auth/password/forgot', { method: 'POST', body: { login }, auth: false });
export const resetPassword = (body: TResetPasswordBody) => api<Answer>('/auth/password/reset', { method: 'POST', body, auth: false });
/** An invitation's link: sets the password and answers a session (the colleague lands signed in). */
export const acceptInvitation = (body: TResetPasswordBody) => api<{ token: string }>('/auth/invitation/accept', { method: 'POST', body, auth: false });
export const confirmEmail = (token: string) => api<Answer>('/user/email/confirm', { method: 'POST', body: { token }, auth: false });

/** The token of a link from a mail: it comes after `#`, so it reaches no server log and no Referer. */
export const tokenFromHash = (hash: string) => hash.replace(/^#/, '');
