/**
 * `recordAction`: the one call an area makes to put an action on the record, inside the transaction of the action
 * itself — the record exists if and only if the action happened.
 */
import type { AuditAction } from '@portal/domain';
import type { DbOrTx } from '../../db/client';
import { insertRecord } from './audit.repository';

export interface RecordedAction {
  /** The company the object belongs to; null for what is the person's own (a sign-in, their settings). */
  partnerId: number | null;
  userId: number;
  action: AuditAction;
  /** What it was done to, in Russian: «Заказ № 10012». */
  object: string;
  /** What changed: field → value, or {from, to}. */
  changes?: Record<string, unknown>;
  /** The request's address. */
  ip?: string;
}

export async function recordAction(tx: DbOrTx, action: RecordedAction): Promise<void> {
  await insertRecord(tx, {
    partnerId: action.partnerId,
    userId: action.userId,
    action: action.action,
    object: action.object,
    changes: action.changes ?? {},
    ip: action.ip ?? '',
  });
}
