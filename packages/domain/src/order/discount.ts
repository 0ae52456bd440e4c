/** The discount rule of spec §5: the percent a line gets from its contract (price-order.ts takes it off). */
import { NO_DISCOUNT_STATUSES } from '../constants';

export interface DiscountContract {
  /** The organisation guid the contract is with. */
  guid: string;
  discount: number;
}

export interface DiscountInput {
  /** Product status: Outlet, Discount, Activity or ''. */
  status: string;
  /** The line's MAX_DISCOUNT; 0 means no cap. */
  maxDiscount: number;
  /** The line's ORGGUID. */
  orgGuid: string;
  /** The company's contracts. */
  contracts: readonly DiscountContract[];
}

/** True for statuses that never get a contract discount. */
export function isNoDiscountStatus(status: string): boolean {
  return (NO_DISCOUNT_STATUSES as readonly string[]).includes(status);
}

/**
 * The contract discount before the cap. The price type changes the full price (price-type.ts), not the percent, so
 * a dealer and a base company with the same contract discount get the same percent off different prices.
 */
export function contractDiscount(contract: DiscountContract | undefined): number {
  return contract ? Math.max(0, contract.discount) : 0;
}

/** Spec §5: zero for Outlet/Discount/Activity; else the contract of the line's organisation; capped at MAX_DISCOUNT when that is non-zero. Percent. */
export function lineDiscount({ status, maxDiscount, orgGuid, contracts }: DiscountInput): number {
  if (isNoDiscountStatus(status)) return 0;
  const contract = contracts.find((candidate) => candidate.guid === orgGuid);
  const discount = contractDiscount(contract);
  const capped = maxDiscount > 0 ? Math.min(discount, maxDiscount) : discount;
  return Math.min(100, Math.max(0, Math.round(capped * 100) / 100));
}
