import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
import { sessions, signInFailures, users } from '../../db/schema';

export function findUserByLogin(db: DbOrTx, login: string) {
  return db.query.users.findFirst({ where: eq(users.login, login) });
}

/** Every signed-in request runs this lookup, so it goes to the driver as it is (see rawQuery). */
const SESSION_USER = `
  select u.id, u.login, u.blocked from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.expires_at > $2 and s.revoked_at is null
  limit 1`;

export async function findSessionUser(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await rawQuery<{ id: number; login: string; blocked: boolean }>(db, SESSION_USER, [tokenHash, now.toISOString()]);
  return row;
}

export async function insertSession(db: DbOrTx, session: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: DbOrTx, tokenHash: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function countRecentFailures(db: DbOrTx, login: string, ip: string, since: Date) {
  const [byLogin] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.login, login), gt(signInFailures.at, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.at, since)));
  return { byLogin: byLogin?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function recordFailure(db: DbOrTx, login: string, ip: string) {
  await db.insert(signInFailures).values({ login, ip });
}

export async function clearFailures(db: DbOrTx, login: string) {
  await db.delete(signInFailures).where(eq(signInFailures.login, login));
}

/** Old failures and sessions are of no use: dropped at sign-in so the tables stay small. */
export async function pruneExpired(db: DbOrTx, now: Date, failuresBefore: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.at, failuresBefore));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
