/** The local log of order attempts (spec §3 `logs`): every submit or edit attempt is appended, with its outcome. */
import { STORAGE_KEYS } from '../../../shared/storage-keys';

export interface OrderLogEntry {
  time: string;
  action: 'ORDER_ADD' | 'ORDER_EDIT';
  /** The working order's id (the Idempotency-Key). */
  key: number;
  number?: number;
  outcome: 'ok' | 'error';
  message: string;
  positions: number;
  units: number;
  total: number;
}

/** Keeps the log bounded so localStorage never fills up with it. */
const LOG_LIMIT = 200;

export function readOrderLog(): OrderLogEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.orderLog) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as OrderLogEntry[]) : [];
  } catch {
    return [];
  }
}

export function appendOrderLog(entry: OrderLogEntry): void {
  const log = [...readOrderLog(), entry].slice(-LOG_LIMIT);
  try {
    localStorage.setItem(STORAGE_KEYS.orderLog, JSON.stringify(log));
  } catch {
    // A full storage must not stop the order.
  }
}
