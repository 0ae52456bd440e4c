/** The mail tables (db/schema/mail.ts): events, the outbox and its claims, single-use tokens. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rawQuery, type DbOrTx } from '../../db/client';
import { mailEvents, mailOutbox, userTokens } from '../../db/schema';

export type MailEventRow = typeof mailEvents.$inferSelect;
export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewMessage = Pick<typeof mailOutbox.$inferInsert, 'dedupeKey' | 'eventId' | 'userId' | 'toAddress' | 'subject' | 'html' | 'text'>;

export async function insertEvent(db: DbOrTx, kind: string, subjectId: number, data: Record<string, unknown> = {}) {
  await db.insert(mailEvents).values({ kind, subjectId, data });
}

export function pendingEvents(db: DbOrTx, limit: number) {
  return db.select().from(mailEvents).where(isNull(mailEvents.expandedAt)).orderBy(asc(mailEvents.id)).limit(limit);
}

/**
 * Takes an event for expansion inside the caller's transaction. On PostgreSQL a second process doing the same waits
 * on the row's lock, then finds it expanded and answers false: its messages are written once.
 */
export async function takeEvent(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(mailEvents)
    .set({ expandedAt: new Date() })
    .where(and(eq(mailEvents.id, id), isNull(mailEvents.expandedAt)))
    .returning({ id: mailEvents.id });
  return rows.length > 0;
}

/** A message already written for the same event and recipient is kept as it is (at most once). */
export async function insertMessages(db: DbOrTx, rows: NewMessage[]) {
  if (rows.length === 0) return;
  // Due by the sender's clock (not the database's), the one it compares with.
  const now = new Date();
  await db.insert(mailOutbox).values(rows.map((row) => ({ nextAttemptAt: now, ...row }))).onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/**
 * Claims due messages for one sender: marked «sending» with a lease before any SMTP traffic. On PostgreSQL the inner
 * select skips rows another process is claiming at the same moment (FOR UPDATE SKIP LOCKED), so two senders never
 * take one message; the embedded database has one connection and runs one statement at a time, which gives the same.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number, now: Date): Promise<OutboxRow[]> {
  const rows = await rawQuery<Record<string, unknown>>(
    db,
    `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, lease_until = $2::timestamptz
      WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $3::timestamptz
                   ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        AND status = 'pending'
      RETURNING id`,
    [limit, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString()],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  return db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    .orderBy(asc(mailOutbox.id));
}

/** Only the sender holding the claim records its outcome (the lease may have been taken over). */
const claimed = (id: number) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'));

/** Purposes of the messages that carry a single-use link (account.service.ts). */
export const TOKEN_MESSAGE_PREFIXES = ['password_reset:', 'email_confirm:'] as const;
export const ERASED_BODY = 'Текст удалён после отправки: в нём была одноразовая ссылка.';

/**
 * Once a message with a single-use link is sent or given up, its text goes: the database keeps only the link's hash,
 * and the outbox is no copy of the link either.
 */
const settledBody = (column: typeof mailOutbox.html | typeof mailOutbox.text) =>
  sql`CASE WHEN ${sql.join(TOKEN_MESSAGE_PREFIXES.map((prefix) => sql`${mailOutbox.dedupeKey} LIKE ${`${prefix}%`}`), sql` OR `)} THEN ${ERASED_BODY} ELSE ${column} END`;
const erasingLinks = () => ({ html: settledBody(mailOutbox.html), text: settledBody(mailOutbox.text) });

export async function markSent(db: DbOrTx, id: number, sentTo: string, now: Date) {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: now, sentTo, leaseUntil: null, lastError: null, ...erasingLinks() }).where(claimed(id));
}

export async function markRetry(db: DbOrTx, id: number, error: string, nextAttemptAt: Date) {
  await db.update(mailOutbox).set({ status: 'pending', nextAttemptAt, leaseUntil: null, lastError: error }).where(claimed(id));
}

export async function markFailed(db: DbOrTx, id: number, error: string) {
  await db.update(mailOutbox).set({ status: 'failed', leaseUntil: null, lastError: error, ...erasingLinks() }).where(claimed(id));
}

/**
 * Deletes the messages settled (sent or failed) before `cutoff`, and the events expanded before it that no message
 * still waits on. Returns how many messages went. Pending and «sending» messages are never touched.
 */
export async function purgeSettled(db: DbOrTx, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const gone = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'failed']), sql`${mailOutbox.createdAt} < ${at}::timestamptz`))
    .returning({ id: mailOutbox.id });
  await db
    .delete(mailEvents)
    .where(
      and(
        sql`${mailEvents.expandedAt} < ${at}::timestamptz`,
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.eventId} = ${mailEvents.id})`,
      ),
    );
  return gone.length;
}

/**
 * Messages whose sender died mid-send (lease over, still «sending»): whether the SMTP server took them is unknown, so
 * they are not sent again (at most once) but marked failed with the reason, for an operator to look at.
 */
export async function failInterrupted(db: DbOrTx, reason: string, now: Date): Promise<number[]> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', leaseUntil: null, lastError: reason, ...erasingLinks() })
    .where(and(eq(mailOutbox.status, 'sending'), sql`${mailOutbox.leaseUntil} < ${now.toISOString()}::timestamptz`))
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

export function listMessages(db: DbOrTx, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function insertToken(db: DbOrTx, row: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(row);
}

/** Uses a token once: answers its row when it was unused, unexpired and of this purpose; a second use answers nothing. */
export async function useToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

export async function findToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  return row;
}

/** A new link makes the user's earlier unused links of the same purpose void. */
export async function voidTokens(db: DbOrTx, userId: number, purpose: string, now: Date) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
