/**
 * Idempotency of submitting and editing (the Idempotency-Key header, the client's working order id): a request's
 * hash, the stored first answer that a retry with the same key and body gets again (marked as a replay), the 409 for
 * the same key with another body, the unique index that decides between concurrent requests, and the requests of one
 * key and body in flight at once in this process, which wait for the first instead of racing it.
 *
 * A request refused before its order is written (bad input, 409 PRICES_CHANGED) stores nothing under its key: the key
 * is claimed only by the write of the order (or of the edit), in the same statement or transaction.
 */
import { createHash } from 'node:crypto';
import type { TOrderSubmitResult } from '@portal/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import { conflict, type AppError } from '../../../lib/errors';
import * as repo from '../orders.repository';
import type { ApprovalRow } from '../order-approvals.repository';
import { answerOf, heldAnswer } from './order-answer';

export interface SubmitOptions {
  /** The Idempotency-Key header (the working order's id). */
  key?: string;
  /** Set for POST /order/{id}/edit. */
  editOrderId?: number;
  /** Set when an administrator places an order kept «На согласовании»: it is not held again. */
  approvalId?: number;
  /** The request's address, for the record of who did what. */
  ip?: string;
  /**
   * The moment the order is placed as of, when a history is placed after the fact (the demo seed's past orders): its
   * delivery date is checked against that day, and the order and its «Заказ оформлен» are dated then. Absent: now.
   */
  placedAt?: Date;
}

/** A concurrent request with the same Idempotency-Key stored its order first (nothing of this one was written). */
export class KeyTakenError extends Error {}

export function requestHash(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

function keyConflict(): AppError {
  return conflict(
    'Этот заказ уже был отправлен с другим содержимым. Обновите страницу: отправленный заказ есть в истории заказов, изменить его можно кнопкой «Редактировать».',
  );
}

/** Answers that repeat a stored one (a retry with the same Idempotency-Key): nothing was placed by that request. */
const replayedAnswers = new WeakSet<TOrderSubmitResult>();

/** Whether `answer` repeats the first answer of an order placed earlier under the same key. */
export function isReplayedAnswer(answer: TOrderSubmitResult): boolean {
  return replayedAnswers.has(answer);
}

function replayed(answer: TOrderSubmitResult): TOrderSubmitResult {
  replayedAnswers.add(answer);
  return answer;
}

/** The order already stored under this key answers a retry; the same key with another body is a conflict. */
export function replayOf(known: repo.OrderContext['known'], hash: string): TOrderSubmitResult | undefined {
  if (!known) return undefined;
  if (known.requestHash !== hash) throw keyConflict();
  return replayed(answerOf(known.id, known.firstAnswer));
}

/** A retry of a request kept «На согласовании» answers its approval; the same key with another body is a conflict. */
export function replayedHeld(known: Pick<ApprovalRow, 'id' | 'heldFor' | 'requestHash'>, hash: string): TOrderSubmitResult {
  if (known.requestHash !== hash) throw keyConflict();
  return replayed(heldAnswer(known));
}

/** The same, reading what is stored under the key (a new order's, or an edit's). */
export async function replayIfKnown(db: DbOrTx, userId: number, hash: string, options: SubmitOptions): Promise<TOrderSubmitResult | undefined> {
  if (!options.key) return undefined;
  if (options.editOrderId === undefined) {
    return replayOf((await repo.findOrderByKey(db, userId, options.key)) ?? null, hash);
  }
  const known = await repo.findEditByKey(db, userId, options.key);
  if (!known) return undefined;
  if (known.requestHash !== hash || known.orderId !== options.editOrderId) throw keyConflict();
  return replayed(answerOf(known.orderId, known.firstAnswer));
}

function errorCode(error: unknown): { code?: string; constraint?: string; message: string } {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  return {
    code: e.cause?.code ?? e.code,
    constraint: e.cause?.constraint ?? e.constraint,
    message: `${e.message ?? ''} ${e.cause?.message ?? ''}`,
  };
}

/** The key's unique index refused the write: a concurrent request with the same key won. */
export function isKeyTaken(error: unknown): boolean {
  if (error instanceof KeyTakenError) return true;
  const { code, constraint, message } = errorCode(error);
  if (code !== '23505') return false;
  const names = ['orders_user_idempotency_uq', 'order_edits_user_idempotency_uq', 'order_approvals_user_idempotency_uq'];
  return names.includes(constraint ?? '') || names.some((name) => message.includes(name));
}

/** A serialization failure or a deadlock: the transaction may simply run again. */
export function isSerializationFailure(error: unknown): boolean {
  const { code } = errorCode(error);
  return code === '40001' || code === '40P01';
}

/**
 * Requests of one user with one idempotency key and one body in flight at once in this process (a retry racing its
 * first attempt): the later ones wait for the first and answer its answer as a replay, instead of each reading and
 * writing only to be refused by the key's unique index. Should the first fail, each goes its own way, as it would
 * have anyway. Across processes the index decides.
 */
const inFlight = new WeakMap<Db, Map<string, Promise<TOrderSubmitResult>>>();

export async function onceInFlight(
  db: Db,
  flight: { userId: number; hash: string; options: SubmitOptions },
  submit: () => Promise<TOrderSubmitResult>,
): Promise<TOrderSubmitResult> {
  const { userId, hash, options } = flight;
  if (!options.key) return submit();
  let flights = inFlight.get(db);
  if (!flights) inFlight.set(db, (flights = new Map()));
  const name = JSON.stringify([userId, options.key, options.editOrderId ?? null, hash]);
  const first = flights.get(name);
  if (first) {
    const answer = await first.catch(() => undefined);
    if (answer) return replayed({ ...answer });
  }
  const attempt = submit();
  flights.set(name, attempt);
  try {
    return await attempt;
  } finally {
    if (flights.get(name) === attempt) flights.delete(name);
  }
}
