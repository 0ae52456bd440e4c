/**
 * Orders kept «На согласовании» (submit/hold-for-approval.ts holds them): the list the history shows, approving —
 * placing the order exactly as it was priced, through the normal submit path in the purchaser's name — and rejecting
 * with a reason, which goes back to the purchaser.
 *
 * Exactly one order per approval, whatever the number of administrators approving at once: the order is submitted
 * under the idempotency key `approval:<id>`, so a second placing answers the first one's order (the key's unique
 * index decides across processes); the approval's state moves by compare-and-set (pending → approving → approved;
 * pending → rejected), so an approval being placed cannot be rejected, nor a rejected one placed.
 */
import { ZOrderPayloadSchema, type TOrderApproval, type TOrderPayloadParsed, type TOrderSubmitResult } from '@portal/contracts';
import { fromKopecks } from '@portal/domain';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { requireCompanyAction } from '../../lib/partner-scope';
import { recordAction } from '../audit';
import { enqueueMailEvent } from '../mail';
import * as repo from './order-approvals.repository';
import { submitOrder } from './submit/submit-order';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The held orders the user sees: their own, and those of the companies where they approve. */
export async function listOrderApprovals(db: Db, userId: number): Promise<TOrderApproval[]> {
  const approverOf = await repo.companiesApprovedBy(db, userId);
  const rows = await repo.listApprovals(db, { userId, approverOf });
  return rows.map(({ approval, partnerUid, partnerName, purchaserName, purchaserLogin }) => ({
    id: approval.id,
    state: approval.state as TOrderApproval['state'],
    date: unixSeconds(approval.createdAt),
    partner_guid: partnerUid,
    partner_name: partnerName,
    purchaser: purchaserName || purchaserLogin,
    total: fromKopecks(approval.totalKopecks),
    count: approval.count,
    total_count: approval.totalCount,
    held_for: approval.heldFor,
    reason: approval.reason,
    can_decide: approverOf.includes(approval.partnerId),
    mine: approval.userId === userId,
    order: ZOrderPayloadSchema.parse(approval.payload),
  }));
}

async function approvalFor(db: Db, userId: number, id: number): Promise<repo.ApprovalRow> {
  const row = await repo.findApproval(db, id);
  if (!row) throw notFound(`Заказ на согласовании № ${id} не найден.`);
  await requireCompanyAction(db, userId, row.partnerId, 'orders.approve');
  return row;
}

const approvedAnswer = (orderId: number): TOrderSubmitResult => ({ id: orderId, message: `Заказ № ${orderId} согласован и принят.` });

/** What a decided approval answers another decision: its order, or that it was rejected. */
function decided(row: repo.ApprovalRow): TOrderSubmitResult {
  if (row.state === 'approved' && row.orderId !== null) return approvedAnswer(row.orderId);
  if (row.state === 'replaced') throw conflict('Этот заказ уже отклонён, и закупщик отправил вместо него другой: решение принимается по новому заказу.');
  throw conflict(`Этот заказ уже отклонён${row.reason ? `: ${row.reason}` : ''}. Закупщик может отправить его заново.`);
}

/** Units per offer, both parts together: the stock split may move units between them, the order stays the same. */
function unitsByOffer(payload: TOrderPayloadParsed): Map<string, number> {
  const units = new Map<string, number>();
  for (const position of [...payload.position, ...payload.position_presail]) {
    for (const line of position.characteristics) units.set(line.guid, (units.get(line.guid) ?? 0) + line.quantity);
  }
  return units;
}

function sameOrder(held: TOrderPayloadParsed, confirmed: TOrderPayloadParsed): boolean {
  const a = unitsByOffer(held);
  const b = unitsByOffer(confirmed);
  return (
    held.partner_id === confirmed.partner_id &&
    (held.storage ?? '') === (confirmed.storage ?? '') &&
    a.size === b.size &&
    [...a].every(([guid, units]) => b.get(guid) === units)
  );
}

/**
 * Approves: places the order as it was priced when held (409 PRICES_CHANGED with the new prices when they moved;
 * `confirmed`, the order that 409 carried, then places it at those prices). Idempotent: approving an approved
 * order answers its order.
 */
export async function approveOrder(db: Db, adminId: number, id: number, confirmed?: TOrderPayloadParsed, ip?: string): Promise<TOrderSubmitResult> {
  const row = await approvalFor(db, adminId, id);
  if (row.state === 'approved' || row.state === 'rejected' || row.state === 'replaced') return decided(row);
  const held = ZOrderPayloadSchema.parse(row.payload);
  if (confirmed && !sameOrder(held, confirmed)) {
    throw badRequest('Подтверждённый заказ отличается от отправленного на согласование: согласовать можно только заказ закупщика как есть.');
  }
  const claimed = await repo.claimForApproval(db, id, adminId);
  if (!claimed) return decided((await repo.findApproval(db, id))!);
  let placed: TOrderSubmitResult;
  try {
    placed = await submitOrder(db, row.userId, confirmed ?? held, { key: `approval:${id}`, approvalId: id });
  } catch (error) {
    await repo.releaseClaim(db, id);
    throw error;
  }
  // A concurrent approval may have marked it already: it placed the same order (the same key), so the answer holds.
  await db.transaction(async (tx) => {
    if (!(await repo.markApproved(tx, id, adminId, placed.id))) return;
    await recordAction(tx, { partnerId: row.partnerId, userId: adminId, action: 'order.approved', object: `Заказ № ${placed.id}`, changes: { approval: id }, ip });
  });
  return { ...placed, message: placed.message.replace(/^Заказ № (\d+) принят\./, 'Заказ № $1 согласован и принят.') };
}

/** Rejects with a reason; the purchaser is told (bar and mail) in the same transaction. */
export async function rejectOrder(db: Db, adminId: number, id: number, reason: string, ip?: string): Promise<void> {
  const row = await approvalFor(db, adminId, id);
  if (row.state === 'approved' || row.state === 'rejected' || row.state === 'replaced') {
    decided(row);
    throw conflict(`Заказ уже согласован как № ${row.orderId}: отклонить его нельзя.`);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.markRejected(tx, id, adminId, reason))) {
      throw conflict('Этот заказ сейчас согласует другой администратор: обновите историю заказов.');
    }
    await enqueueMailEvent(tx, 'approval.rejected', id);
    await recordAction(tx, { partnerId: row.partnerId, userId: adminId, action: 'order.rejected', object: `Заказ на согласовании № ${id}`, changes: { reason }, ip });
  });
}
