/**
 * The one scoping helper: every access to partner data goes through the companies linked to the signed-in user.
 * Services call it first; repositories take the partner ids it answers and never widen them.
 */
import { type CompanyAction, type CompanyRole, isCompanyRole, roleMay, roleRefusal } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { partners, userPartners } from '../db/schema';
import { AppError } from './errors';

/** Ids of the companies the user acts for. */
export async function userPartnerIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userPartners.partnerId }).from(userPartners).where(eq(userPartners.userId, userId));
  return rows.map((row) => row.id);
}

/** The user's company with this uid; 403 when it exists but is someone else's, 404 when it does not exist. */
export async function requireUserPartner(db: DbOrTx, userId: number, partnerUid: string) {
  const [row] = await db
    .select({ id: partners.id, uid: partners.uid, name: partners.name, linkedUser: userPartners.userId })
    .from(partners)
    .leftJoin(userPartners, and(eq(userPartners.partnerId, partners.id), eq(userPartners.userId, userId)))
    .where(eq(partners.uid, partnerUid))
    .limit(1);
  const { id, uid, name } = ensureUserPartner(row && { ...row, linked: row.linkedUser !== null }, partnerUid);
  return { id, uid, name };
}

/**
 * The same rule for a company a caller read itself (in a statement of its own): 404 when there is none, 403 when
 * it is not linked to the user.
 */
export function ensureUserPartner<T extends { linked: boolean }>(row: T | null | undefined, partnerUid: string): T {
  if (!row) throw new AppError('NOT_FOUND', `Компания ${partnerUid} не найдена.`);
  if (!row.linked) throw new AppError('FORBIDDEN', 'Эта компания не относится к вашей учётной записи.');
  return row;
}

/** Refuses access to an object owned by a company the user does not act for. */
export async function requirePartnerAccess(db: DbOrTx, userId: number, partnerId: number): Promise<void> {
  const [row] = await db
    .select({ id: userPartners.partnerId })
    .from(userPartners)
    .where(and(eq(userPartners.userId, userId), eq(userPartners.partnerId, partnerId)))
    .limit(1);
  if (!row) throw new AppError('FORBIDDEN', 'Этот объект принадлежит другой компании.');
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
  if (!row || row.blocked) throw new AppError('FORBIDDEN', 'Этот объект принадлежит другой компании.');
  const role = isCompanyRole(row.role) ? row.role : 'accountant';
  if (!roleMay(role, action)) throw new AppError('FORBIDDEN', roleRefusal(role, action, row.name));
  return { partnerId, name: row.name, role, orderLimitKopecks: row.orderLimitKopecks };
}
