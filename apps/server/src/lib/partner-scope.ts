/**
 * The one scoping helper: every access to partner data goes through the companies linked to the signed-in user, and
 * through what the user's role in each company allows (the domain's table, packages/domain team/roles.ts). A link
 * blocked by the company's administrator counts as no link at all. Services call it first; repositories take the
 * partner ids it answers and never widen them.
 */
import { type CompanyAction, type CompanyRole, isCompanyRole, roleMay, roleRefusal, rolesAllowing } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { partners, userPartners } from '../db/schema';
import { AppError } from './errors';
import type { CompanyLink } from './fastify';

/**
 * What a route needs in a company: an action of the domain's table, or `member` — only to be one of the company's
 * people (its card, contracts, manager), which every role is.
 */
export type CompanyNeed = CompanyAction | 'member';

const NOT_YOURS = 'Этот объект принадлежит другой компании.';

/** A stored role read defensively: an unknown value gets the narrowest role. */
export const storedRole = (role: string): CompanyRole => (isCompanyRole(role) ? role : 'accountant');

/** The SQL condition on `user_partners` for a live link of the user allowing `need`. */
export function liveLink(userId: number, need: CompanyNeed = 'member') {
  return and(
    eq(userPartners.userId, userId),
    eq(userPartners.blocked, false),
    need === 'member' ? undefined : inArray(userPartners.role, rolesAllowing(need)),
  );
}

/** Ids of the companies the user acts for (not blocked), only those where the role allows `need`. */
export async function userPartnerIds(db: DbOrTx, userId: number, need: CompanyNeed = 'member'): Promise<number[]> {
  const rows = await db.select({ id: userPartners.partnerId }).from(userPartners).where(liveLink(userId, need));
  return rows.map((row) => row.id);
}

/**
 * The same ids from the companies a signed-in user carries (read with the session, lib/fastify.ts's SignedInUser):
 * no statement of their own. The role must be one allowing `need`, as `liveLink` asks of the database.
 */
export function partnerIdsAllowing(companies: readonly CompanyLink[], need: CompanyNeed = 'member'): number[] {
  const allowed = need === 'member' ? undefined : (rolesAllowing(need) as readonly string[]);
  return companies.filter((link) => !allowed || allowed.includes(link.role)).map((link) => link.partnerId);
}

/** Refuses (403) a user whose role allows `need` in none of their companies: routes of the user's own things. */
export async function requireAnyCompanyAction(db: DbOrTx, userId: number, need: CompanyAction): Promise<number[]> {
  const ids = await userPartnerIds(db, userId, need);
  if (ids.length === 0) {
    const [any] = await db.select({ role: userPartners.role, name: partners.name }).from(userPartners).innerJoin(partners, eq(partners.id, userPartners.partnerId)).where(liveLink(userId)).limit(1);
    throw new AppError('FORBIDDEN', any ? roleRefusal(storedRole(any.role), need, any.name) : 'Ваша учётная запись не связана ни с одной компанией. Обратитесь к менеджеру.');
  }
  return ids;
}

/** A company's row as a caller read it: whether the user is linked, blocked, and the role. */
export interface CompanyLinkRow {
  linked: boolean;
  blocked?: boolean | null;
  role?: string | null;
  name?: string;
}

/** The user's company with this uid; 403 when it exists but is someone else's or the role forbids `need`, 404 when none. */
export async function requireUserPartner(db: DbOrTx, userId: number, partnerUid: string, need: CompanyNeed) {
  const [row] = await db
    .select({ id: partners.id, uid: partners.uid, name: partners.name, linkedUser: userPartners.userId, blocked: userPartners.blocked, role: userPartners.role })
    .from(partners)
    .leftJoin(userPartners, and(eq(userPartners.partnerId, partners.id), eq(userPartners.userId, userId)))
    .where(eq(partners.uid, partnerUid))
    .limit(1);
  const { id, uid, name } = ensureUserPartner(row && { ...row, linked: row.linkedUser !== null }, partnerUid, need);
  return { id, uid, name };
}

/**
 * The same rule for a company a caller read itself (in a statement of its own): 404 when there is none, 403 when
 * it is not linked to the user, the link is blocked, or the role does not allow `need`.
 */
export function ensureUserPartner<T extends CompanyLinkRow>(row: T | null | undefined, partnerUid: string, need: CompanyNeed): T {
  if (!row) throw new AppError('NOT_FOUND', `Компания ${partnerUid} не найдена.`);
  if (!row.linked || row.blocked) throw new AppError('FORBIDDEN', 'Эта компания не относится к вашей учётной записи.');
  if (need !== 'member') {
    const role = storedRole(row.role ?? '');
    if (!roleMay(role, need)) throw new AppError('FORBIDDEN', roleRefusal(role, need, row.name ?? partnerUid));
  }
  return row;
}

/** Refuses access to an object owned by a company the user does not act for, or where the role forbids `need`. */
export async function requirePartnerAccess(db: DbOrTx, userId: number, partnerId: number, need: CompanyNeed): Promise<void> {
  if (need === 'member') {
    const [row] = await db.select({ id: userPartners.partnerId }).from(userPartners).where(and(liveLink(userId), eq(userPartners.partnerId, partnerId))).limit(1);
    if (!row) throw new AppError('FORBIDDEN', NOT_YOURS);
    return;
  }
  await requireCompanyAction(db, userId, partnerId, need);
}

/** The user's place in a company: the role, a purchaser's order limit (kopecks) and the company's name. */
export interface CompanyMembership {
  partnerId: number;
  name: string;
  role: CompanyRole;
  orderLimitKopecks: number | null;
}

/**
 * Refuses what the user's role in the company does not allow (403 with the Russian reason from the domain's table),
 * and a company the user does not act for (403) or that is blocked for them (403). Answers the membership.
 */
export async function requireCompanyAction(db: DbOrTx, userId: number, partnerId: number, action: CompanyAction): Promise<CompanyMembership> {
  const [row] = await db
    .select({
      name: partners.name,
      role: userPartners.role,
      orderLimitKopecks: userPartners.orderLimitKopecks,
      blocked: userPartners.blocked,
    })
    .from(userPartners)
    .innerJoin(partners, eq(partners.id, userPartners.partnerId))
    .where(and(eq(userPartners.userId, userId), eq(userPartners.partnerId, partnerId)))
    .limit(1);
  if (!row || row.blocked) throw new AppError('FORBIDDEN', NOT_YOURS);
  const role = storedRole(row.role);
  if (!roleMay(role, action)) throw new AppError('FORBIDDEN', roleRefusal(role, action, row.name));
  return { partnerId, name: row.name, role, orderLimitKopecks: row.orderLimitKopecks };
}
