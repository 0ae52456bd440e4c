import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
import type { CompanyLink } from '../../lib/fastify';
import { sessions, signInCounters, signInKnownAddresses, userPartners, users } from '../../db/schema';

export function findUserByLogin(db: DbOrTx, login: string) {
  return db.query.users.findFirst({ where: eq(users.login, login) });
}

/**
 * Every signed-in request runs this lookup, for the sessions of the requests that arrived together (see
 * auth.service's authenticate): it goes to the driver as it is, prepared once per connection (see rawQuery),
 * the token hashes as one JSON list so the text and its plan are the same for any number of them. It also reads the
 * price types of the user's contracts, which every priced page and search needs, and the companies the user acts for
 * with the role in each, which the order history scopes its page by, so those need no statement of their own: as
 * current as the session itself.
 */
const SESSION_USERS = `
  select s.token_hash as "tokenHash", s.expires_at as "expiresAt", u.id, u.login, u.blocked,
    array(select st.price_type from storages st join user_partners up on up.partner_id = st.partner_id
          where up.user_id = u.id and not up.blocked order by st.partner_id, st.id) as "priceTypes",
    coalesce((select json_agg(json_build_object('partnerId', up.partner_id, 'role', up.role) order by up.partner_id)
              from user_partners up where up.user_id = u.id and not up.blocked), '[]') as companies
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = any(array(select jsonb_array_elements_text($1::jsonb)))
    and s.expires_at > $2 and s.revoked_at is null`;

export interface SessionUser {
  id: number;
  login: string;
  blocked: boolean;
  /** Price types of the contracts of the user's companies, in company then contract order. */
  priceTypes: string[];
  /** The companies the user acts for (links not blocked), by id, with the stored role in each. */
  companies: CompanyLink[];
  /** When the session ends by itself. */
  expiresAt: Date;
}

/** The users of the sessions under these token hashes that are current at `now` (unknown, ended or expired: absent). */
export async function findSessionUsers(db: DbOrTx, tokenHashes: readonly string[], now: Date): Promise<Map<string, SessionUser>> {
  const rows = await rawQuery<SessionUser & { tokenHash: string }>(db, SESSION_USERS, [JSON.stringify(tokenHashes), now.toISOString()]);
  return new Map(rows.map(({ tokenHash, expiresAt, ...user }) => [tokenHash, { ...user, expiresAt: new Date(expiresAt) }]));
}

/** A new session; the user's last sign-in (shown on the team page) becomes now. */
export async function insertSession(db: DbOrTx, session: { tokenHash: string; userId: number; expiresAt: Date }, now = new Date()) {
  await db.insert(sessions).values(session);
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, session.userId));
}

/**
 * Whether every company the user is linked to has blocked them: such a person no longer signs in (a user linked to
 * no company at all — the ERP's link not made yet — still does, and sees no company).
 */
export async function blockedEverywhere(db: DbOrTx, userId: number): Promise<boolean> {
  const links = await db.select({ blocked: userPartners.blocked }).from(userPartners).where(eq(userPartners.userId, userId));
  return links.length > 0 && links.every((link) => link.blocked);
}

export async function revokeSession(db: DbOrTx, tokenHash: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export interface CounterWindow {
  key: string;
  windowMs: number;
}

export interface CounterState {
  key: string;
  attempts: number;
  resetsAt: Date;
}

/**
 * Counts one attempt on each counter and answers the counts including it, in one statement: concurrent attempts
 * queue on each counter's row (ON CONFLICT … DO UPDATE locks it), so no two of them see the same count. A counter
 * whose window has ended starts again at 1.
 */
export async function countAttempt(db: DbOrTx, counters: CounterWindow[], now: Date): Promise<CounterState[]> {
  const params: unknown[] = [now.toISOString()];
  const values = counters.map((counter) => {
    params.push(counter.key, new Date(now.getTime() + counter.windowMs).toISOString());
    return `($${params.length - 1}, 1, $${params.length}::timestamptz)`;
  });
  const rows = await rawQuery<{ key: string; attempts: number; resets_at: string | Date }>(
    db,
    `insert into sign_in_counters (key, attempts, resets_at) values ${values.join(', ')}
     on conflict (key) do update set
       attempts = case when sign_in_counters.resets_at <= $1::timestamptz then 1 else sign_in_counters.attempts + 1 end,
       resets_at = case when sign_in_counters.resets_at <= $1::timestamptz then excluded.resets_at else sign_in_counters.resets_at end
     returning key, attempts, resets_at`,
    params,
  );
  return rows.map((row) => ({ key: row.key, attempts: Number(row.attempts), resetsAt: new Date(row.resets_at) }));
}

/** Gives back the attempts of a sign-in that succeeded: only failures stay counted. */
export async function returnAttempt(db: DbOrTx, keys: string[], now: Date) {
  if (keys.length === 0) return;
  await db
    .update(signInCounters)
    .set({ attempts: sql`greatest(${signInCounters.attempts} - 1, 0)` })
    .where(and(inArray(signInCounters.key, keys), gt(signInCounters.resetsAt, now)));
}

/** Sets a counter outright (operators' unlock, and tests of the limits). */
export async function setCounter(db: DbOrTx, counter: CounterState) {
  await db
    .insert(signInCounters)
    .values(counter)
    .onConflictDoUpdate({ target: signInCounters.key, set: { attempts: counter.attempts, resetsAt: counter.resetsAt } });
}

export async function isKnownAddress(db: DbOrTx, login: string, ip: string, since: Date) {
  const [row] = await db
    .select({ login: signInKnownAddresses.login })
    .from(signInKnownAddresses)
    .where(and(eq(signInKnownAddresses.login, login), eq(signInKnownAddresses.ip, ip), gt(signInKnownAddresses.lastSignInAt, since)))
    .limit(1);
  return row !== undefined;
}

export async function rememberAddress(db: DbOrTx, login: string, ip: string, now: Date) {
  await db
    .insert(signInKnownAddresses)
    .values({ login, ip, lastSignInAt: now })
    .onConflictDoUpdate({ target: [signInKnownAddresses.login, signInKnownAddresses.ip], set: { lastSignInAt: now } });
}

/** Ended counters, forgotten addresses and expired sessions are of no use: dropped at sign-in so the tables stay small. */
export async function pruneExpired(db: DbOrTx, now: Date, addressesBefore: Date) {
  await db.delete(signInCounters).where(lt(signInCounters.resetsAt, now));
  await db.delete(signInKnownAddresses).where(lt(signInKnownAddresses.lastSignInAt, addressesBefore));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** A user's login and name, by id. */
export function findUserName(db: DbOrTx, userId: number) {
  return db.query.users.findFirst({ columns: { login: true, name: true, lastname: true }, where: eq(users.id, userId) });
}
