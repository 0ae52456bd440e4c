import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CLOCK_SKEW_MS, signInHash } from '@portal/domain';
import type { TSignInBody, TSignInResponse } from '@portal/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { SignedInUser } from '../../lib/fastify';
import * as repo from './auth.repository';
import { decoyPasswordHash, verifyPassword } from './password';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Credentials {
  login: string;
  password: string;
}

/** Reads `Authorization: Basic base64(login:password)`. */
export function parseBasicCredentials(header: string | undefined): Credentials {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) throw badRequest('Передайте логин и пароль в заголовке Authorization: Basic.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw badRequest('Заголовок Authorization должен содержать логин и пароль через двоеточие.');
  return { login: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

export async function signIn(
  db: Db,
  config: Config,
  credentials: Credentials,
  body: TSignInBody,
  ip: string,
  now = new Date(),
): Promise<TSignInResponse> {
  if (Math.abs(now.getTime() - body.timestamp) > SIGN_IN_CLOCK_SKEW_MS) {
    throw badRequest(
      'Часы вашего компьютера расходятся с сервером более чем на 5 минут: проверьте дату и время и повторите вход.',
    );
  }
  if (!safeEqual(body.hash, signInHash(body.timestamp, config.AUTH_SALT))) {
    throw badRequest('Запрос входа подписан неверно: обновите страницу (Ctrl+F5) и повторите вход.');
  }

  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const failures = await repo.countRecentFailures(db, credentials.login, ip, since);
  if (failures.byLogin >= MAX_FAILURES || failures.byIp >= MAX_FAILURES) {
    throw new AppError('TOO_MANY_REQUESTS', 'Слишком много неудачных попыток входа. Подождите 15 минут и попробуйте снова.');
  }

  const user = await repo.findUserByLogin(db, credentials.login);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), credentials.password);
  if (!user || !passwordOk) {
    await repo.recordFailure(db, credentials.login, ip);
    throw new AppError('WRONG_CREDENTIALS');
  }
  if (user.blocked) throw new AppError('BLOCKED');

  await repo.clearFailures(db, user.login);
  await repo.pruneExpired(db, now, since);
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + config.SESSION_TTL * 1000),
  });
  const src = user.staff && config.INTERNAL_TOOLS_URL ? config.INTERNAL_TOOLS_URL : undefined;
  return src ? { token, src } : { token };
}

/** The user behind a bearer token, or null when the token is unknown, expired, revoked or the user is blocked. */
export async function authenticate(db: Db, token: string): Promise<SignedInUser | null> {
  const tokenHash = hashToken(token);
  const row = await repo.findSessionUser(db, tokenHash, new Date());
  if (!row || row.blocked) return null;
  return { id: row.id, login: row.login, tokenHash };
}

export async function signOut(db: Db, user: SignedInUser) {
  await repo.revokeSession(db, user.tokenHash);
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
