/**
 * An order sent instead of a rejected one «На согласовании» («Изменить и отправить снова»): the request names that
 * approval (`replaces_approval`), which must be the purchaser's own rejected one in the order's company; it becomes
 * «заменён» in the transaction that holds or places the new order, and leaves the lists — the purchaser's other
 * rejected orders stay.
 */
import type { TOrderPayloadParsed } from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { badRequest, forbidden } from '../../../lib/errors';
import * as approvals from '../order-approvals.repository';

/**
 * Refuses an order that names an approval it cannot replace, saying why. One replaced already passes: it is the same
 * order sent again after an answer was lost (its key answers what it answered), or the lists of another device were
 * behind.
 */
export async function checkReplacedApproval(db: DbOrTx, userId: number, payload: TOrderPayloadParsed): Promise<void> {
  const id = payload.replaces_approval;
  if (id === undefined) return;
  const found = await approvals.findApprovalWithCompany(db, id);
  if (!found) {
    throw badRequest(`Отклонённый заказ на согласовании № ${id} не найден: обновите историю заказов и нажмите «Изменить и отправить снова» ещё раз.`);
  }
  const { approval, partnerUid } = found;
  if (approval.userId !== userId) {
    throw forbidden(`Заказ на согласовании № ${id} отправлял другой сотрудник: заново его отправляет только он сам. Оформите свой заказ как новый.`);
  }
  if (partnerUid !== payload.partner_id) {
    throw badRequest(`Заказ на согласовании № ${id} был для другой компании: выберите в заказе ту же компанию или оформите новый заказ.`);
  }
  if (approval.state === 'approved') {
    throw badRequest(`Заказ на согласовании № ${id} уже согласован${approval.orderId ? ` как заказ № ${approval.orderId}` : ''}: отправлять его заново не нужно.`);
  }
  if (approval.state !== 'rejected' && approval.state !== 'replaced') {
    throw badRequest(`Заказ на согласовании № ${id} ещё ждёт решения администратора: отправить его заново можно, когда его отклонят.`);
  }
}

/** In the transaction that holds or places the new order: the rejected one is replaced. */
export async function replaceRejected(tx: DbOrTx, userId: number, payload: TOrderPayloadParsed): Promise<void> {
  if (payload.replaces_approval !== undefined) await approvals.markReplaced(tx, payload.replaces_approval, userId);
}

/** The request as an approval keeps it: what it replaced is done with once it is held. */
export function withoutReplaced(payload: TOrderPayloadParsed): TOrderPayloadParsed {
  const { replaces_approval: _replaced, ...rest } = payload;
  return rest;
}
