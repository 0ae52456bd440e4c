/** Routes of a user's own password and address (account.service.ts). */
import {
  ZAccountMessageSchema,
  ZChangePasswordBodySchema,
  ZConfirmEmailBodySchema,
  ZForgotPasswordBodySchema,
  ZResetPasswordBodySchema,
  ZSignInResponseSchema,
  errorResponses,
  okEnvelope,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { acceptInvitation, changePassword, confirmEmail, requestPasswordReset, resetPassword } from './account.service';

const answer = okEnvelope(ZAccountMessageSchema);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password/forgot',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Mail a password reset link (the same answer whether or not the account exists)', body: ZForgotPasswordBodySchema, response: { 200: answer, ...errorResponses(400, 413, 415, 429, 503, 507) } },
    },
    async (request) => ({ error: null, response: { message: await requestPasswordReset(app, request.body.login, request.ip) } }),
  );

  app.post(
    '/auth/password/reset',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Set a new password from a reset link; ends every session of the user', body: ZResetPasswordBodySchema, response: { 200: answer, ...errorResponses(400, 413, 415, 503, 507) } },
    },
    async (request) => {
      const { login } = await resetPassword(app, request.body.token, request.body.password, new Date(), request.ip);
      return { error: null, response: { message: `Пароль для логина ${login} изменён. Войдите с новым паролем.` } };
    },
  );

  app.post(
    '/auth/invitation/accept',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Accept an invitation to a company's team: set the password from the link and sign in",
        body: ZResetPasswordBodySchema,
        response: { 200: okEnvelope(ZSignInResponseSchema), ...errorResponses(400, 413, 415, 503, 507) },
      },
    },
    async (request) => ({ error: null, response: await acceptInvitation(app, request.body.token, request.body.password, new Date(), request.ip) }),
  );

  app.post(
    '/user/password',
    {
      schema: { tags: ['profile'], summary: 'Change the password with the current one; ends the other sessions', body: ZChangePasswordBodySchema, response: { 200: answer, ...errorResponses(400, 401, 413, 415, 503, 507) } },
    },
    async (request) => {
      const user = currentUser(request);
      const { endedSessions } = await changePassword(app, user.id, user.tokenHash, request.body.current, request.body.password, request.ip);
      const others = endedSessions > 0 ? ' Входы на других устройствах завершены.' : '';
      return { error: null, response: { message: `Пароль изменён.${others}` } };
    },
  );

  app.post(
    '/user/email/confirm',
    {
      config: { public: true },
      schema: { tags: ['profile'], summary: 'Confirm the e-mail address of the profile from its link', body: ZConfirmEmailBodySchema, response: { 200: answer, ...errorResponses(400, 413, 415, 503, 507) } },
    },
    async (request) => {
      const { email } = await confirmEmail(app, request.body.token);
      return { error: null, response: { message: `Адрес ${email} подтверждён: уведомления будут приходить на него.` } };
    },
  );
};
