import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CLOCK_SKEW_MS, pluralRu, signInHash } from '@portal/domain';
import type { TCurrentUser, TSignInBody, TSignInResponse } from '@portal/contracts';
import type { Config } from '../../config';
import { memoryKeptExact, type Db } from '../../db/client';
import { batchedLookup, type Lookup } from '../../lib/batched-lookup';
import { AppError, badRequest } from '../../lib/errors';
import type { SignedInUser } from '../../lib/fastify';
import * as repo from './auth.repository';
import { decoyPasswordHash, verifyPassword } from './password';
import { recordPersonalAction } from '../audit';

/**
 * Limits of failed sign-ins (OWASP ASVS 2.2.1). Counted per login at one address, per address, and per login from
 * addresses it has never signed in from; the last is ASVS's ceiling of 100 failures an hour for an account, and it
 * does not apply at an address the login already signed in from, so guesses from elsewhere cannot lock a dealer out
 * of their own office.
 */
export const SIGN_IN_LIMITS = {
  loginAtAddress: { attempts: 10, windowMs: 15 * 60_000 },
  /** An office behind one address has room for its people's typos. */
  address: { attempts: 50, windowMs: 15 * 60_000 },
  login: { attempts: 100, windowMs: 60 * 60_000 },
} as const;
/** How long an address a login signed in from stays "its own". */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

type Limit = keyof typeof SIGN_IN_LIMITS;

/** The counter of a limit for this attempt; JSON keeps the parts apart whatever a login contains. */
export const counterKey = (limit: Limit, login: string, ip: string) =>
  JSON.stringify(limit === 'loginAtAddress' ? [limit, login, ip] : limit === 'address' ? [limit, ip] : [limit, login]);

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
  const login = decoded.slice(0, colon).trim();
  // eslint-disable-next-line no-control-regex -- control characters are what a login must not contain
  if (login.length > 200 || /[\u0000-\u001f\u007f]/.test(login)) {
    throw badRequest('Логин содержит недопустимые символы или слишком длинный: проверьте его и повторите вход.');
  }
  return { login, password: decoded.slice(colon + 1) };
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

  const counted = await countAttempt(db, credentials.login, ip, now);
  const user = await repo.findUserByLogin(db, credentials.login);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), credentials.password);
  if (!user || !passwordOk) throw new AppError('WRONG_CREDENTIALS');

  await repo.returnAttempt(db, counted, now);
  if (user.blocked || (await repo.blockedEverywhere(db, user.id))) throw new AppError('BLOCKED');
  await repo.rememberAddress(db, user.login, ip, now);
  await repo.pruneExpired(db, now, new Date(now.getTime() - KNOWN_ADDRESS_MS));
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + config.SESSION_TTL * 1000),
    }, now);
    // A sign-in is the person's own: it shows in the record of every company they act for.
    await recordPersonalAction(tx, { userId: user.id, action: 'auth.sign_in', object: 'Вход в портал', ip });
  });
  const src = user.staff && config.INTERNAL_TOOLS_URL ? config.INTERNAL_TOOLS_URL : undefined;
  return src ? { token, src } : { token };
}

/**
 * The sessions checked so far, on a database whose every change passes through this process (the embedded one: see
 * db/table-changes.ts), so that a signed-in request costs the engine no statement of its own. What a session carries
 * comes from four tables, and the copy is dropped whole on any statement that may change one of them (or the
 * companies, whose removal cascades): sign-out, blocking, removal from a company, a password change or reset, the
 * ERP's changes of people, companies and contracts. A session that expires ends by its own time, checked on each use.
 * A lookup that began before such a change is not kept (`generation`). Unknown tokens are not kept: they cost a
 * statement each, as before, and cannot fill the memory.
 */
class KnownSessions {
  private readonly sessions = new Map<string, repo.SessionUser>();
  generation = 0;

  constructor(private readonly limit = 50_000) {}

  forgetAll() {
    this.sessions.clear();
    this.generation++;
  }

  get(tokenHash: string, now: number): repo.SessionUser | undefined {
    const session = this.sessions.get(tokenHash);
    if (session && session.expiresAt.getTime() <= now) {
      this.sessions.delete(tokenHash);
      return undefined;
    }
    return session;
  }

  keep(tokenHash: string, session: repo.SessionUser, since: number) {
    if (since !== this.generation) return;
    // The oldest kept goes first (a Map keeps insertion order); it is looked up again when next used.
    if (this.sessions.size >= this.limit) this.sessions.delete(this.sessions.keys().next().value as string);
    this.sessions.set(tokenHash, session);
  }
}

/** The tables a session's user is read from (repo.findSessionUsers), and those whose changes cascade into them. */
const SESSION_TABLES = ['sessions', 'users', 'user_partners', 'storages', 'partners'];

interface SessionCheck {
  /** Lookups of requests that arrive together go as one statement. */
  lookup: Lookup<string, repo.SessionUser>;
  /** Only where the database's every change is seen by this process. */
  known?: KnownSessions;
}

const sessionChecks = new WeakMap<Db, SessionCheck>();

function sessionCheck(db: Db): SessionCheck {
  let check = sessionChecks.get(db);
  if (!check) {
    const known = memoryKeptExact(db, SESSION_TABLES, () => new KnownSessions());
    check = { lookup: batchedLookup((tokenHashes) => repo.findSessionUsers(db, tokenHashes, new Date())), ...(known ? { known } : {}) };
    sessionChecks.set(db, check);
  }
  return check;
}

/** The user behind a bearer token, or null when the token is unknown, expired, revoked or the user is blocked. */
export async function authenticate(db: Db, token: string): Promise<SignedInUser | null> {
  const tokenHash = hashToken(token);
  const { lookup, known } = sessionCheck(db);
  let row = known?.get(tokenHash, Date.now());
  if (!row) {
    const since = known?.generation ?? 0;
    row = await lookup(tokenHash);
    if (row) known?.keep(tokenHash, row, since);
  }
  if (!row || row.blocked) return null;
  return { id: row.id, login: row.login, tokenHash, priceTypes: row.priceTypes, companies: row.companies };
}

export async function signOut(db: Db, user: SignedInUser) {
  await repo.revokeSession(db, user.tokenHash);
}

/**
 * Counts this attempt before its password is checked, and refuses it (429) once a limit is reached — whatever the
 * password, so a guess cannot be confirmed by a success. Answers the keys counted, given back on success.
 */
async function countAttempt(db: Db, login: string, ip: string, now: Date): Promise<string[]> {
  const local = (['loginAtAddress', 'address'] as const).map((limit) => ({
    key: counterKey(limit, login, ip),
    windowMs: SIGN_IN_LIMITS[limit].windowMs,
    limit: SIGN_IN_LIMITS[limit].attempts,
  }));
  const states = await repo.countAttempt(db, local, now);
  refuseOverLimit(states, local, now);
  // Refused attempts above never reach the login's own counter: one address cannot use it up.
  if (await repo.isKnownAddress(db, login, ip, new Date(now.getTime() - KNOWN_ADDRESS_MS))) return local.map((c) => c.key);
  const global = [{ key: counterKey('login', login, ip), windowMs: SIGN_IN_LIMITS.login.windowMs, limit: SIGN_IN_LIMITS.login.attempts }];
  refuseOverLimit(await repo.countAttempt(db, global, now), global, now);
  return [...local, ...global].map((c) => c.key);
}

function refuseOverLimit(states: repo.CounterState[], limits: Array<{ key: string; limit: number }>, now: Date) {
  const over = states.filter((state) => state.attempts > (limits.find((l) => l.key === state.key)?.limit ?? Infinity));
  if (over.length === 0) return;
  const until = Math.max(...over.map((state) => state.resetsAt.getTime()));
  const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `Слишком много неудачных попыток входа. Подождите ${minutes} ${pluralRu(minutes, { one: 'минуту', few: 'минуты', many: 'минут' })} и попробуйте снова.`,
  );
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Who is signed in (GET /auth/me): login and name; empty for a user deleted since the request was authenticated. */
export async function currentUserName(db: Db, user: SignedInUser): Promise<TCurrentUser> {
  const found = await repo.findUserName(db, user.id);
  return { login: found?.login ?? '', name: found?.name ?? '', lastname: found?.lastname ?? '' };
}

/**
 * A user's id by their login, or null when no one has it: how a caller that knows people by their login (the demo
 * seed, which created them) finds the id the services take.
 */
export async function userIdByLogin(db: Db, login: string): Promise<number | null> {
  return (await repo.findUserByLogin(db, login))?.id ?? null;
}
