/**
 * A contract's credit (spec §3 "Storage"): its debt against its limit, what its own documents say is overdue or due
 * soon, and what is left for an order. One function for the main page, the company page and the order page, so each
 * shows the same kopecks (docs/decisions.md "Money: credit and price types").
 */
import { formatPrice } from './format';
import { fromKopecks, toKopecks } from './money';
import { addDays, moscowDayOfUnix } from './moscow-day';

/** A document of a contract as the back office sends it: debt in roubles, expiry in unix seconds (negative: none). */
export interface CreditDocument {
  debt: number;
  expires: number;
}

/** The figures of a contract the credit depends on, in roubles as the back office sends them. */
export interface CreditContract {
  /** 0 (or less): the contract has no limit. */
  limit: number;
  debt: number;
  documents: readonly CreditDocument[];
  /**
   * This portal's orders on the contract that the back office has not yet invoiced, in roubles (absent: none). The
   * debt does not hold them yet, but the dealer owes them as surely: the limit counts both (docs/decisions.md
   * "Credit counts the orders sent").
   */
  pending?: number;
}

/** A document's payment term, seen on a Moscow day. */
export type DocumentTerm = 'paid' | 'undated' | 'current' | 'due-soon' | 'overdue';

/** A document is due soon when its last day to pay is at most this many days away. */
export const DUE_SOON_DAYS = 7;

export const DOCUMENT_TERM_NAMES: Record<DocumentTerm, string> = {
  paid: 'оплачен',
  undated: 'без срока',
  current: 'в срок',
  'due-soon': 'скоро срок',
  overdue: 'просрочен',
};

/** The term of one document on `today` (a Moscow day, 'YYYY-MM-DD'): overdue from the day after its last day to pay. */
export function documentTerm(document: CreditDocument, today: string): DocumentTerm {
  if (toKopecks(document.debt) <= 0) return 'paid';
  if (!Number.isFinite(document.expires) || document.expires < 0) return 'undated';
  const lastDay = moscowDayOfUnix(document.expires);
  if (lastDay < today) return 'overdue';
  return lastDay <= addDays(today, DUE_SOON_DAYS) ? 'due-soon' : 'current';
}

/**
 * Where the contract stands:
 *   no-limit          the contract has no limit, nothing to exceed;
 *   within-limit      the exposure (debt and orders not yet invoiced) and this order fit in the limit;
 *   debt-over-limit   the exposure alone is above the limit (whatever the order);
 *   order-over-limit  the exposure fits, the exposure plus this order does not.
 */
export type CreditStanding = 'no-limit' | 'within-limit' | 'debt-over-limit' | 'order-over-limit';

/** All amounts in integer kopecks. */
export interface ContractCredit {
  limit: number;
  debt: number;
  /** Portal orders on the contract not yet invoiced by the back office (in no document of the debt yet). */
  pending: number;
  /** What the contract owes and has ordered: debt + pending. The limit is measured against it. */
  exposure: number;
  /** Debt of the contract's own documents past their last day to pay; never above the debt. */
  overdue: number;
  overdueDocuments: number;
  /** Debt of documents due within DUE_SOON_DAYS; never above the debt left after the overdue part. */
  dueSoon: number;
  /** What this order adds to the debt. */
  order: number;
  /** Limit − exposure: what the contract allows before this order (null without a limit). */
  available: number | null;
  /** Limit − exposure − this order (null without a limit). */
  creditLeft: number | null;
  /** The share of the limit the exposure takes, in percent to one decimal (null without a limit). */
  limitUsed: number | null;
  standing: CreditStanding;
  /** By how much the limit is exceeded: the debt's excess, or the order's (0 within the limit). */
  overLimitBy: number;
}

/** The contract's credit on `today` (Moscow day) with an order of `orderKopecks` on it (0 for no order). */
export function contractCredit(contract: CreditContract, orderKopecks: number, today: string): ContractCredit {
  const limit = Math.max(0, toKopecks(contract.limit));
  const debt = toKopecks(contract.debt);
  const owed = Math.max(0, debt);
  let overdueSum = 0;
  let overdueDocuments = 0;
  let dueSoonSum = 0;
  for (const document of contract.documents) {
    const term = documentTerm(document, today);
    if (term === 'overdue') {
      overdueSum += toKopecks(document.debt);
      overdueDocuments += 1;
    } else if (term === 'due-soon') {
      dueSoonSum += toKopecks(document.debt);
    }
  }
  // Documents the back office sent above the debt (refused by the integration API since) cannot make more overdue than owed.
  const overdue = Math.min(overdueSum, owed);
  const dueSoon = Math.min(dueSoonSum, owed - overdue);
  const order = Math.max(0, orderKopecks);
  const pending = Math.max(0, toKopecks(contract.pending ?? 0));
  const exposure = debt + pending;

  if (limit === 0) {
    const unlimited = { available: null, creditLeft: null, limitUsed: null, standing: 'no-limit', overLimitBy: 0 } as const;
    return { limit, debt, pending, exposure, overdue, overdueDocuments, dueSoon, order, ...unlimited };
  }
  const available = limit - exposure;
  const creditLeft = available - order;
  const standing: CreditStanding = available < 0 ? 'debt-over-limit' : creditLeft < 0 ? 'order-over-limit' : 'within-limit';
  const overLimitBy = standing === 'debt-over-limit' ? -available : standing === 'order-over-limit' ? -creditLeft : 0;
  const limitUsed = Math.round((Math.max(0, exposure) * 1000) / limit) / 10;
  return { limit, debt, pending, exposure, overdue, overdueDocuments, dueSoon, order, available, creditLeft, limitUsed, standing, overLimitBy };
}

export type CreditAlertCode = 'OVERDUE_DEBT' | 'DEBT_OVER_LIMIT' | 'ORDER_OVER_LIMIT';

export interface CreditAlert {
  code: CreditAlertCode;
  message: string;
}

const rub = (kopecks: number) => formatPrice(fromKopecks(kopecks));

/** What a dealer must know about a contract's credit, most urgent first; empty when all is well. */
export function creditAlerts(credit: ContractCredit): CreditAlert[] {
  const alerts: CreditAlert[] = [];
  if (credit.overdue > 0) {
    alerts.push({
      code: 'OVERDUE_DEBT',
      message: `Просроченный долг ${rub(credit.overdue)} (документов: ${credit.overdueDocuments}): отгрузка по договору возможна после его оплаты.`,
    });
  }
  if (credit.standing === 'debt-over-limit') {
    const owed = credit.pending > 0 ? `Долг с заказами, ещё не выставленными, ${rub(credit.exposure)}` : `Долг ${rub(credit.debt)}`;
    alerts.push({
      code: 'DEBT_OVER_LIMIT',
      message: `${owed} больше лимита ${rub(credit.limit)} на ${rub(credit.overLimitBy)}: новые заказы по договору менеджер согласует после оплаты долга.`,
    });
  } else if (credit.standing === 'order-over-limit') {
    alerts.push({
      code: 'ORDER_OVER_LIMIT',
      message: `Заказ на ${rub(credit.order)} больше доступного остатка лимита ${rub(credit.available ?? 0)} на ${rub(credit.overLimitBy)}: менеджер согласует его после оплаты долга.`,
    });
  }
  return alerts;
}

/**
 * Why the back office's contract data cannot be right, one Russian reason each (empty when coherent): the documents
 * are the debt's breakdown, so together they cannot owe more than the contract does.
 */
export function contractDataProblems(contract: CreditContract): string[] {
  const problems: string[] = [];
  const debt = toKopecks(contract.debt);
  if (debt < 0) problems.push(`долг ${rub(debt)} отрицательный: переплату передайте в balance, а debt — 0.`);
  if (toKopecks(contract.limit) < 0) problems.push(`лимит ${rub(toKopecks(contract.limit))} отрицательный: передайте 0, если лимита нет.`);
  const negative = contract.documents.filter((document) => toKopecks(document.debt) < 0).length;
  if (negative > 0) problems.push(`долг документа не может быть отрицательным (таких документов: ${negative}).`);
  const documentsDebt = contract.documents.reduce((sum, document) => sum + Math.max(0, toKopecks(document.debt)), 0);
  if (documentsDebt > Math.max(0, debt)) {
    problems.push(
      `долги документов вместе (${rub(documentsDebt)}) больше долга договора (${rub(Math.max(0, debt))}): передайте долг договора не меньше суммы документов или уберите оплаченные документы.`,
    );
  }
  return problems;
}
