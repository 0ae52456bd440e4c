/** A company's team: its people with their links (role, limit, blocking), invitations pending, the approval setting. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { partners, userPartners, userTokens, users } from '../../db/schema';

export interface MemberRow {
  userId: number;
  login: string;
  name: string;
  lastname: string;
  patronymic: string;
  email: string;
  role: string;
  orderLimitKopecks: number | null;
  blocked: boolean;
  lastSignInAt: Date | null;
  /** An invitation's link not used yet and not expired. */
  invitationPending: boolean;
}

/** The company's people, administrators first, then by surname and name (Russian order). */
export function members(db: DbOrTx, partnerId: number, now = new Date()): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      login: users.login,
      name: users.name,
      lastname: users.lastname,
      patronymic: users.patronymic,
      email: users.email,
      role: userPartners.role,
      orderLimitKopecks: userPartners.orderLimitKopecks,
      blocked: userPartners.blocked,
      lastSignInAt: users.lastSignInAt,
      invitationPending: sql<boolean>`exists (select 1 from ${userTokens} t where t.user_id = ${users.id} and t.purpose = 'invitation'
        and t.used_at is null and t.expires_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(userPartners)
    .innerJoin(users, eq(users.id, userPartners.userId))
    .where(eq(userPartners.partnerId, partnerId))
    .orderBy(sql`${userPartners.role} <> 'admin'`, sql`${users.lastname} collate "und-x-icu"`, sql`${users.name} collate "und-x-icu"`, asc(users.id));
}

export async function partnerSettings(db: DbOrTx, partnerId: number) {
  const [row] = await db.select({ uid: partners.uid, name: partners.name, approvalOverCredit: partners.approvalOverCredit }).from(partners).where(eq(partners.id, partnerId));
  return row!;
}

export async function setApprovalOverCredit(db: DbOrTx, partnerId: number, approvalOverCredit: boolean) {
  await db.update(partners).set({ approvalOverCredit }).where(eq(partners.id, partnerId));
}

/** A person already known by this address or login (case-insensitive). */
export async function findPerson(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, login: users.login, name: users.name, email: users.email, blocked: users.blocked })
    .from(users)
    .where(sql`lower(${users.login}) = ${email} or lower(${users.email}) = ${email}`)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

export async function insertPerson(db: DbOrTx, person: { login: string; name: string; email: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...person, emailConfirmed: false })
    .onConflictDoNothing({ target: users.login })
    .returning({ id: users.id });
  return row?.id;
}

export async function insertLink(db: DbOrTx, link: { userId: number; partnerId: number; role: string; orderLimitKopecks: number | null }) {
  const rows = await db.insert(userPartners).values(link).onConflictDoNothing().returning({ userId: userPartners.userId });
  return rows.length > 0;
}

export async function updateLink(db: DbOrTx, partnerId: number, userId: number, change: Partial<{ role: string; orderLimitKopecks: number | null; blocked: boolean }>) {
  await db.update(userPartners).set(change).where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.userId, userId)));
}

export async function deleteLink(db: DbOrTx, partnerId: number, userId: number) {
  await db.delete(userPartners).where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.userId, userId)));
}

/** The company's links, locked for the change (PostgreSQL): two administrators demoting each other cannot both pass. */
export function lockLinks(db: DbOrTx, partnerId: number) {
  return db
    .select({ userId: userPartners.userId, role: userPartners.role, orderLimitKopecks: userPartners.orderLimitKopecks, blocked: userPartners.blocked })
    .from(userPartners)
    .where(eq(userPartners.partnerId, partnerId))
    .for('update');
}

/** How the record names a colleague: their login (an e-mail for the invited). */
export async function personLogin(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ login: users.login }).from(users).where(eq(users.id, userId));
  return row?.login ?? `№ ${userId}`;
}

/** A blocked person's invitation to the portal is void. */
export async function voidInvitations(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'invitation'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)));
}
