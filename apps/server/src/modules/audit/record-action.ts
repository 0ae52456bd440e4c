/**
 * `recordAction`: the one call an area makes to put an action on the record, inside the transaction of the action
 * itself — the record exists if and only if the action happened.
 */
import type { AuditAction, AuditChanges } from '@portal/domain';
import type { DbOrTx } from '../../db/client';
import { insertRecord, personCompanies } from './audit.repository';

export interface RecordedAction {
  /** The company the object belongs to; null for what is the person's own (a sign-in, their settings). */
  partnerId: number | null;
  userId: number;
  action: AuditAction;
  /** What it was done to, in Russian: «Заказ № 10012». */
  object: string;
  /** What changed: field → value, or {from, to}; each field has its Russian name in the domain's table. */
  changes?: AuditChanges;
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

/**
 * An action of the person's own (a sign-in, their profile, password or notification settings): one record in each
 * company they act for at that moment, so it stays in that company's record after they leave it and a company they
 * join later does not read what came before; a person of no company gets one record of no company.
 */
export async function recordPersonalAction(tx: DbOrTx, action: Omit<RecordedAction, 'partnerId'>): Promise<void> {
  const companies = await personCompanies(tx, action.userId);
  for (const partnerId of companies.length > 0 ? companies : [null]) await recordAction(tx, { ...action, partnerId });
}
