/** What a contract allows for this order (spec §2 /order): debt, limit, what is left after it, and why to worry. */

export interface CreditContract {
  limit: number;
  debt: number;
  /** Overdue when some document's debt is past its expiry (unix seconds). */
  documents?: ReadonlyArray<{ debt: number; expires: number }>;
}

export interface CreditState {
  limit: number;
  debt: number;
  /** Limit minus debt before the order. */
  available: number;
  /** Limit minus debt minus this order. */
  leftAfterOrder: number;
  overLimit: boolean;
  overdue: boolean;
  overdueDebt: number;
}

export function contractCredit(contract: CreditContract, orderAmount: number, nowSeconds: number): CreditState {
  const k = (value: number) => Math.round(value * 100);
  const available = k(contract.limit) - k(contract.debt);
  const leftAfterOrder = available - k(orderAmount);
  const overdueDebtK = (contract.documents ?? [])
    .filter((document) => document.debt > 0 && document.expires > 0 && document.expires < nowSeconds)
    .reduce((sum, document) => sum + k(document.debt), 0);
  return {
    limit: contract.limit,
    debt: contract.debt,
    available: available / 100,
    leftAfterOrder: leftAfterOrder / 100,
    // A contract without a limit (0) does not limit.
    overLimit: contract.limit > 0 && leftAfterOrder < 0,
    overdue: overdueDebtK > 0,
    overdueDebt: overdueDebtK / 100,
  };
}
