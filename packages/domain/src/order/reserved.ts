/** Spec §4/§9: an order stays reserved unless some check has a status other than 1 or 6. */
import { RESERVED_CHECK_STATUSES } from '../constants';

export function isReserved(checks: ReadonlyArray<{ status: number }>): boolean {
  return checks.every((check) => (RESERVED_CHECK_STATUSES as readonly number[]).includes(check.status));
}
