/**
 * Hold for approval: after its prices are checked, a purchaser's order above their per-order limit — or over a
 * contract's credit, when the company chose to hold such orders — is kept «На согласовании» instead of being placed.
 * It is written to `order_approvals` exactly as priced (the request with the server's prices), takes no stock and is
 * no `orders` row, so no export or ERP sees it; the company's administrators are told by the mail outbox in the same
 * transaction. Administrators' own orders are never held: they are the ones who approve.
 */
import { pricedPayloadOf, type TOrderPayloadParsed, type TOrderSubmitResult } from '@portal/contracts';
import { contractCredit, formatPrice, fromKopecks, moscowDate, type PricedOrder } from '@portal/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { recordAction } from '../../audit';
import { enqueueMailEvent } from '../../mail';
import { pendingChecks } from '../../partners';
import * as approvals from '../order-approvals.repository';
import { isKeyTaken, replayedHeld } from './idempotency';
import { heldAnswer } from './order-answer';
import { replaceRejected, withoutReplaced } from './replace-rejected';

/** The purchaser's place in the company, as the order's context read it. */
export interface Member {
  role: string | null;
  orderLimitKopecks: number | null;
  approvalOverCredit: boolean;
}

/** Why this order must wait for an administrator, in Russian; undefined when it may be placed now. */
async function holdReason(db: DbOrTx, member: Member, partnerId: number, priced: PricedOrder, now = Date.now()): Promise<string | undefined> {
  const total = priced.totals.totalKopecks;
  if (member.orderLimitKopecks !== null && total > member.orderLimitKopecks) {
    return `Сумма заказа ${formatPrice(fromKopecks(total))} больше лимита закупщика на один заказ ${formatPrice(fromKopecks(member.orderLimitKopecks))}.`;
  }
  if (!member.approvalOverCredit) return undefined;
  const contracts = await approvals.contractsForCredit(db, partnerId);
  const pending = await pendingChecks(db, [partnerId]);
  const today = moscowDate(now);
  for (const check of priced.checks) {
    const contract = contracts.find((row) => row.guid === check.organisation);
    if (!contract) continue;
    const credit = contractCredit(
      {
        limit: contract.limit,
        debt: contract.debt,
        documents: contract.documents,
        pending: fromKopecks(pending.find((row) => row.orgGuid === check.organisation)?.kopecks ?? 0),
      },
      check.totalKopecks,
      today,
    );
    if (credit.standing === 'order-over-limit' || credit.standing === 'debt-over-limit') {
      return `Заказ превышает кредитный лимит по договору «${contract.name}»: компания согласовывает такие заказы.`;
    }
  }
  return undefined;
}

export interface HoldInput {
  userId: number;
  member: Member;
  partnerId: number;
  /** The request as sent (its prices are the server's: check-prices passed). */
  payload: TOrderPayloadParsed;
  priced: PricedOrder;
  key?: string;
  hash: string;
  ip?: string;
}

/**
 * Keeps the order «На согласовании» when it must wait (answering what the purchaser is told), else undefined. A retry
 * under the same key answers the approval it made; a concurrent one with the same key loses to the unique index and
 * answers the winner's approval.
 */
export async function holdForApproval(db: Db, input: HoldInput): Promise<TOrderSubmitResult | undefined> {
  const { member } = input;
  if (member.role === 'admin') return undefined;
  // A retry of a request already held answers its approval, whatever the limit says now.
  const known = input.key ? await approvals.findApprovalByKey(db, input.userId, input.key) : undefined;
  if (known) return replayedHeld(known, input.hash);
  const heldFor = await holdReason(db, member, input.partnerId, input.priced);
  if (heldFor === undefined) return undefined;
  try {
    const approval = await db.transaction(async (tx) => {
      const row = {
        partnerId: input.partnerId,
        userId: input.userId,
        payload: pricedPayloadOf(withoutReplaced(input.payload), input.priced),
        totalKopecks: input.priced.totals.totalKopecks,
        count: input.priced.totals.products,
        totalCount: input.priced.totals.units,
        heldFor,
        idempotencyKey: input.key ?? null,
        requestHash: input.hash,
      };
      const id = await approvals.insertApproval(tx, row);
      await replaceRejected(tx, input.userId, input.payload);
      await enqueueMailEvent(tx, 'approval.requested', id);
      await recordAction(tx, {
        partnerId: input.partnerId,
        userId: input.userId,
        action: 'order.held',
        object: `Заказ на согласовании № ${id}`,
        changes: { total: fromKopecks(row.totalKopecks), units: row.totalCount, reason: heldFor },
        ip: input.ip,
      });
      return { id, heldFor };
    });
    return heldAnswer(approval);
  } catch (error) {
    if (!input.key || !isKeyTaken(error)) throw error;
    const known = await approvals.findApprovalByKey(db, input.userId, input.key);
    if (!known) throw error;
    return replayedHeld(known, input.hash);
  }
}

/**
 * An edit is never held (the order is placed already and holds its stock): a purchaser's edit that would take the
 * order above their limit is refused, and they are told how to get it approved.
 */
export async function refuseEditOverLimit(db: DbOrTx, userId: number, partnerId: number, priced: PricedOrder): Promise<void> {
  const member = await approvals.membershipForHold(db, userId, partnerId);
  if (!member || member.role === 'admin' || member.orderLimitKopecks === null) return;
  if (priced.totals.totalKopecks <= member.orderLimitKopecks) return;
  throw new AppError(
    'FORBIDDEN',
    `Изменённый заказ на ${formatPrice(fromKopecks(priced.totals.totalKopecks))} больше вашего лимита на один заказ ${formatPrice(fromKopecks(member.orderLimitKopecks))}. ` +
      'Оформите добавленное новым заказом — он уйдёт на согласование администратору.',
  );
}
