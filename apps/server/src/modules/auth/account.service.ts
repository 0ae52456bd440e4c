/**
 * A dealer's own password and address (OWASP ASVS 5.0, V6.3/V6.4; docs/decisions.md «Mail and passwords»):
 * a forgotten password is reset through a single-use link mailed to the confirmed address (valid 30 minutes, only its
 * hash stored, the same answer whether or not the account exists); a password is changed in the profile with the
 * current one; an address typed in the profile is confirmed by a link before mail goes to it.
 */
import { randomBytes } from 'node:crypto';
import { pluralRu } from '@portal/domain';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { findToken, insertMessages, insertToken, portalLink, renderMail, useToken, voidTokens } from '../mail';
import { recordPersonalAction } from '../audit';
import * as repo from './auth.repository';
import { hashToken } from './auth.service';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';

export const RESET_LINK_MS = 30 * 60_000;
/** An invitation waits a week: a colleague may be away when it arrives. */
export const INVITATION_LINK_MS = 7 * 24 * 3600_000;
export const EMAIL_LINK_MS = 24 * 3600_000;
/** Requests from one address (answered 429: says nothing about any account) and mails to one account (silently). */
export const RESET_LIMITS = {
  address: { attempts: 10, windowMs: 15 * 60_000 },
  account: { attempts: 3, windowMs: 60 * 60_000 },
} as const;

export const FORGOT_ANSWER =
  'Если такой пользователь есть и у него подтверждён e-mail, на него отправлена ссылка для нового пароля. Она действует 30 минут. Нет письма — проверьте папку «Спам» или обратитесь к менеджеру.';

const INVALID_LINK =
  'Ссылка недействительна: она уже использована, заменена более новой или её срок (30 минут) истёк. Запросите новую ссылку на странице входа («Забыли пароль?»).';

type AccountApp = Pick<FastifyInstance, 'db' | 'config' | 'realtime' | 'log' | 'mail'>;

const newToken = () => randomBytes(32).toString('base64url');

async function findAccounts(db: DbOrTx, loginOrEmail: string) {
  const wanted = loginOrEmail.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(and(or(sql`lower(${users.login}) = ${wanted}`, sql`lower(${users.email}) = ${wanted}`), eq(users.blocked, false)));
}

/** «Забыли пароль?»: mails a link to each matching account with a confirmed address; answers the same in every case. */
export async function requestPasswordReset(app: AccountApp, loginOrEmail: string, ip: string, now = new Date()): Promise<string> {
  const key = (limit: string, value: string | number) => JSON.stringify([`reset-${limit}`, value]);
  const [fromAddress] = await repo.countAttempt(app.db, [{ key: key('address', ip), windowMs: RESET_LIMITS.address.windowMs }], now);
  if (fromAddress!.attempts > RESET_LIMITS.address.attempts) {
    const minutes = Math.max(1, Math.ceil((fromAddress!.resetsAt.getTime() - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', `Слишком много запросов восстановления пароля. Подождите ${minutes} ${pluralRu(minutes, { one: 'минуту', few: 'минуты', many: 'минут' })} и попробуйте снова.`);
  }
  const accounts = (await findAccounts(app.db, loginOrEmail)).filter((user) => user.emailConfirmed && user.email.includes('@'));
  for (const user of accounts) {
    const [forAccount] = await repo.countAttempt(app.db, [{ key: key('account', user.id), windowMs: RESET_LIMITS.account.windowMs }], now);
    if (forAccount!.attempts > RESET_LIMITS.account.attempts) {
      app.log.warn({ user: user.id }, 'password reset mail not sent: the account had enough of them this hour');
      continue;
    }
    const token = newToken();
    await app.db.transaction(async (tx) => {
      await voidTokens(tx, user.id, 'password_reset', now);
      await insertToken(tx, { tokenHash: hashToken(token), userId: user.id, purpose: 'password_reset', expiresAt: new Date(now.getTime() + RESET_LINK_MS) });
      await insertMessages(tx, [
        {
          dedupeKey: `password_reset:${hashToken(token)}`,
          userId: user.id,
          toAddress: user.email,
          ...renderMail({
            subject: 'Восстановление пароля',
            company: '',
            greeting: user.name ? `Здравствуйте, ${user.name}!` : 'Здравствуйте!',
            paragraphs: [
              `Для логина ${user.login} запрошен новый пароль. Откройте ссылку и задайте его — ссылка действует 30 минут и только один раз.`,
              'После смены пароля все входы в портал на других устройствах завершатся.',
            ],
            action: { label: 'Задать новый пароль', url: portalLink(app.config, `/reset-password#${token}`) },
            reason: 'Письмо отправлено, потому что на странице входа нажали «Забыли пароль?» и указали ваш логин или e-mail. Если это были не вы, удалите письмо: пароль не изменится.',
          }),
        },
      ]);
    });
  }
  app.mail.kick();
  return FORGOT_ANSWER;
}

/** Sets the new password from a reset link: the link is used up, and every session and socket of the user ends. */
export async function resetPassword(app: AccountApp, token: string, password: string, now = new Date(), ip?: string) {
  const tokenHash = hashToken(token);
  const known = await findToken(app.db, tokenHash);
  if (!known || known.purpose !== 'password_reset') throw badRequest(INVALID_LINK);
  const user = await app.db.query.users.findFirst({ where: eq(users.id, known.userId) });
  const problem = passwordProblem(password, { login: user?.login });
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  const userId = await app.db.transaction(async (tx) => {
    const used = await useToken(tx, tokenHash, 'password_reset', now);
    if (!used) return undefined;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await repo.revokeUserSessions(tx, used.userId);
    await recordPersonalAction(tx, { userId: used.userId, action: 'password.changed', object: 'Пароль', changes: { password: 'задан по ссылке из письма' }, ip });
    return used.userId;
  });
  if (userId === undefined) throw badRequest(INVALID_LINK);
  await app.realtime.disconnectUsers([userId], 'password changed');
  return { login: user?.login ?? '' };
}

/** Changes the password in the profile: the current one proves it is the user; the user's other sessions end. */
export async function changePassword(app: AccountApp, userId: number, tokenHash: string, current: string, password: string, ip?: string) {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(user.passwordHash, current))) throw badRequest('Текущий пароль указан неверно: проверьте раскладку и Caps Lock.');
  const problem = passwordProblem(password, { login: user.login, current });
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  const ended = await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // That it changed and how, never the password or its hash.
    await recordPersonalAction(tx, { userId, action: 'password.changed', object: 'Пароль', changes: { password: 'изменён в профиле' }, ip });
    return tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, tokenHash)))
      .returning({ tokenHash: sessions.tokenHash });
  });
  for (const session of ended) await app.realtime.endSession(userId, session.tokenHash, 'password changed');
  return { endedSessions: ended.length };
}

/**
 * A new address typed in the profile: stored unconfirmed (no mail goes to it) and a confirmation link mailed to it,
 * in the caller's transaction.
 */
export async function requestEmailConfirmation(tx: DbOrTx, config: AccountApp['config'], user: { id: number; name: string }, email: string, now = new Date()) {
  const token = newToken();
  await voidTokens(tx, user.id, 'email_confirm', now);
  await insertToken(tx, { tokenHash: hashToken(token), userId: user.id, purpose: 'email_confirm', email, expiresAt: new Date(now.getTime() + EMAIL_LINK_MS) });
  await insertMessages(tx, [
    {
      dedupeKey: `email_confirm:${hashToken(token)}`,
      userId: user.id,
      toAddress: email,
      ...renderMail({
        subject: 'Подтвердите e-mail',
        company: '',
        greeting: user.name ? `Здравствуйте, ${user.name}!` : 'Здравствуйте!',
        paragraphs: ['Этот адрес указан в профиле портала. Подтвердите его, чтобы получать уведомления о заказах. Ссылка действует 24 часа.'],
        action: { label: 'Подтвердить e-mail', url: portalLink(config, `/confirm-email#${token}`) },
        reason: 'Письмо отправлено, потому что этот адрес указали в профиле. Если это были не вы, удалите письмо — без подтверждения писем на адрес не будет.',
        settingsUrl: portalLink(config, '/profile'),
      }),
    },
  ]);
}

/** Confirms the address of a link: only if it is still the address in the profile. */
export async function confirmEmail(app: AccountApp, token: string, now = new Date()) {
  const done = await app.db.transaction(async (tx) => {
    const used = await useToken(tx, hashToken(token), 'email_confirm', now);
    if (!used) return undefined;
    const rows = await tx
      .update(users)
      .set({ emailConfirmed: true })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email ?? '')))
      .returning({ email: users.email });
    return rows[0];
  });
  if (!done) {
    throw badRequest('Ссылка подтверждения недействительна: она уже использована, истекла (24 часа) или адрес в профиле с тех пор изменён. Сохраните e-mail в профиле ещё раз — придёт новая ссылка.');
  }
  return done;
}

const INVALID_INVITATION =
  'Приглашение недействительно: ссылка уже использована, заменена новым приглашением или её срок (7 дней) истёк. Попросите администратора компании пригласить вас ещё раз.';

/**
 * An invitation to a company's team, in the caller's transaction: a single-use link (only its hash stored) that sets
 * the colleague's password and signs them in, mailed through the outbox with the same transaction as the invitation.
 */
export async function issueInvitation(
  tx: DbOrTx,
  config: AccountApp['config'],
  invited: { id: number; name: string; login: string; email: string },
  invitation: { company: string; role: string; inviter: string },
  now = new Date(),
) {
  const token = newToken();
  await voidTokens(tx, invited.id, 'invitation', now);
  await insertToken(tx, { tokenHash: hashToken(token), userId: invited.id, purpose: 'invitation', email: invited.email, expiresAt: new Date(now.getTime() + INVITATION_LINK_MS) });
  await insertMessages(tx, [
    {
      dedupeKey: `invitation:${hashToken(token)}`,
      userId: invited.id,
      toAddress: invited.email,
      ...renderMail({
        subject: `Приглашение в портал дилера: ${invitation.company}`,
        company: invitation.company,
        greeting: invited.name ? `Здравствуйте, ${invited.name}!` : 'Здравствуйте!',
        paragraphs: [
          `${invitation.inviter} приглашает вас в портал дилера как сотрудника компании ${invitation.company} с ролью «${invitation.role}».`,
          `Ваш логин — ${invited.login}. Откройте ссылку и задайте пароль: после этого вы сразу войдёте в портал. Ссылка действует 7 дней и только один раз.`,
        ],
        action: { label: 'Задать пароль и войти', url: portalLink(config, `/invitation#${token}`) },
        reason: 'Письмо отправлено, потому что администратор компании пригласил вас по этому адресу. Если вы не ждали приглашения, удалите письмо: без пароля войти нельзя.',
      }),
    },
  ]);
}

/**
 * Accepts an invitation: the link is used up, the password is set, the address is confirmed (the mail reached it)
 * and a session begins — the colleague lands signed in. The first password and the first sign-in are on the record of
 * the company that invited them (of each company they belong to by then), with the address they came from.
 */
export async function acceptInvitation(app: AccountApp, token: string, password: string, now = new Date(), ip?: string): Promise<{ token: string }> {
  const tokenHash = hashToken(token);
  const known = await findToken(app.db, tokenHash);
  if (!known || known.purpose !== 'invitation') throw badRequest(INVALID_INVITATION);
  const user = await app.db.query.users.findFirst({ where: eq(users.id, known.userId) });
  const problem = passwordProblem(password, { login: user?.login });
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  const session = newToken();
  const accepted = await app.db.transaction(async (tx) => {
    const used = await useToken(tx, tokenHash, 'invitation', now);
    if (!used) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await tx.update(users).set({ emailConfirmed: true }).where(and(eq(users.id, used.userId), eq(users.email, used.email ?? '')));
    await repo.insertSession(tx, { tokenHash: hashToken(session), userId: used.userId, expiresAt: new Date(now.getTime() + app.config.SESSION_TTL * 1000) }, now);
    await recordPersonalAction(tx, { userId: used.userId, action: 'password.changed', object: 'Пароль', changes: { password: 'задан по ссылке из приглашения' }, ip });
    await recordPersonalAction(tx, { userId: used.userId, action: 'auth.sign_in', object: 'Вход в портал', changes: { signInBy: 'ссылка из приглашения' }, ip });
    return true;
  });
  if (!accepted) throw badRequest(INVALID_INVITATION);
  return { token: session };
}
