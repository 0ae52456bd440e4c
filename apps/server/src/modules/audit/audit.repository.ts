/** The record's SQL: one row per action, the page of a company's records by filters, and the purge of old ones. */
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditRecords, userPartners, users } from '../../db/schema';

export type NewAuditRecord = Pick<typeof auditRecords.$inferInsert, 'partnerId' | 'userId' | 'action' | 'object' | 'changes' | 'ip'>;

export async function insertRecord(db: DbOrTx, row: NewAuditRecord): Promise<void> {
  await db.insert(auditRecords).values(row);
}

export interface AuditFilter {
  partnerId: number;
  userId?: number;
  action?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
}

/** The companies the person acts for now (the user–company links). */
export async function personCompanies(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ partnerId: userPartners.partnerId }).from(userPartners).where(eq(userPartners.userId, userId)).orderBy(userPartners.partnerId);
  return rows.map((row) => row.partnerId);
}

/**
 * A company's records: those naming it, and those of no company (a sign-in, a person's settings) by the people who
 * act for it now.
 */
function companyRecords(filter: AuditFilter): SQL {
  const members = sql`(select ${userPartners.userId} from ${userPartners} where ${userPartners.partnerId} = ${filter.partnerId})`;
  return and(
    or(eq(auditRecords.partnerId, filter.partnerId), and(isNull(auditRecords.partnerId), inArray(auditRecords.userId, members))),
    filter.userId === undefined ? undefined : eq(auditRecords.userId, filter.userId),
    filter.action === undefined ? undefined : eq(auditRecords.action, filter.action),
    filter.from === undefined ? undefined : gte(auditRecords.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(auditRecords.createdAt, filter.to),
  )!;
}

const person = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.lastname}, ${users.name})), ''), ${users.login}, '')`;

export function listRecords(db: DbOrTx, filter: AuditFilter, page: { limit: number; offset: number }) {
  return db
    .select({ record: auditRecords, person, login: users.login })
    .from(auditRecords)
    .leftJoin(users, eq(users.id, auditRecords.userId))
    .where(companyRecords(filter))
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRecords(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(auditRecords).where(companyRecords(filter));
  return Number(row?.n ?? 0);
}

/** The company's people, for the filter by person. */
export function companyPeople(db: DbOrTx, partnerId: number) {
  return db
    .select({ id: users.id, person, login: users.login })
    .from(userPartners)
    .innerJoin(users, eq(users.id, userPartners.userId))
    .where(eq(userPartners.partnerId, partnerId))
    .orderBy(users.login);
}

/** Deletes records older than `cutoff`; answers how many. */
export async function purgeBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db.delete(auditRecords).where(lt(auditRecords.createdAt, cutoff)).returning({ id: auditRecords.id });
  return rows.length;
}
