/**
 * Persist: the one place where an order is written — a new order (with the other orders ready at the time, or alone
 * under the locked path's locks), a new version of an order (an edit), or the lines its back office changed. Each
 * function writes the order, its lines, its checks and its stock in one statement or in the caller's transaction:
 * whatever must happen "when the order was written" belongs beside these writes, in the same statement or transaction.
 */
import type { TOrderSubmitResult } from '@portal/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import type { orderLines, orders } from '../../../db/schema';
import { enqueueOrderMessages } from '../../mail';
import { placeNewOrder } from '../order-writer';
import * as repo from '../orders.repository';
import { KeyTakenError } from './idempotency';
import { answerOf } from './order-answer';
import type { OrderPlan } from './split-order';

/** Another order took the stock between our read and our update: the transaction is retried. */
export class StockRaceError extends Error {}

/** Who places the order and under which key and request. */
export interface Placer {
  userId: number;
  partnerId: number;
  key?: string;
  hash: string;
  /** The request's address: the record of the order placed (a trigger on orders) reads it from the first answer. */
  ip?: string;
}

/** A new order's rows and the offers it read, as placing it writes them. */
export function newOrderOf(placer: Placer, plan: OrderPlan): repo.NewOrderAsRead {
  const order = {
    ...plan.orderValues,
    userId: placer.userId,
    partnerId: placer.partnerId,
    idempotencyKey: placer.key ?? null,
    requestHash: placer.hash,
    firstAnswer: placer.ip ? { ...plan.firstAnswer, from: placer.ip } : plan.firstAnswer,
  };
  return { order, lines: plan.lineRows, checks: plan.checkRows, offers: plan.offersRead };
}

/**
 * A new order priced from offers read without locks, written together with the other orders ready at the time
 * (order-writer.ts) while every offer is as it was split against: its number, or `changed` / `key` (nothing written).
 */
export function persistNewOrder(db: Db, placer: Placer, plan: OrderPlan): Promise<repo.Placement> {
  return placeNewOrder(db, newOrderOf(placer, plan));
}

/** A new order inside the locked path's transaction: its offers are locked as read, so it is never `changed`. */
export async function persistLockedNewOrder(tx: DbOrTx, placer: Placer, plan: OrderPlan): Promise<TOrderSubmitResult> {
  const [placement] = await repo.placeNewOrders(tx, [newOrderOf(placer, plan)]);
  if (placement === 'key') throw new KeyTakenError();
  if (placement === 'changed') throw new StockRaceError();
  return answerOf(placement!, plan.firstAnswer);
}

/**
 * A new version of order `orderId` inside the edit's transaction: the stock the previous version held (`held`) goes
 * back, the new version's is taken, its values, lines and checks replace the old, and the edit's key gets its answer.
 */
export async function persistEdit(tx: DbOrTx, edit: { orderId: number; userId: number; key?: string; held: ReadonlyMap<number, number> }, plan: OrderPlan): Promise<TOrderSubmitResult> {
  const { orderId } = edit;
  if (edit.held.size > 0) await repo.returnStock(tx, [...edit.held.entries()]);
  const taken = await repo.takeStock(tx, plan.take);
  if (taken.size !== plan.take.length) throw new StockRaceError();
  await repo.updateEditedOrder(tx, orderId, plan.orderValues);
  // «Заказ изменён» to whoever asked for it, in the edit's own transaction (a new order's mail is written by a trigger
  // on orders, since place_new_orders writes it in one statement).
  await enqueueOrderMessages(tx, orderId, 'changed');
  // The timeline's «Заказ изменён»; a new order's «Заказ оформлен» and every check's status come from triggers (0020).
  await repo.recordTimeline(tx, { orderId, event: 'edited' });
  await repo.deleteLines(tx, orderId);
  await repo.insertLines(tx, plan.lineRows.map((row) => ({ ...row, orderId })));
  await repo.replaceChecks(tx, orderId, plan.checkRows.map((row) => ({ ...row, orderId })), true);
  // The edit row was inserted first to claim the key; now it gets its answer.
  if (edit.key) await repo.setEditAnswer(tx, edit.userId, edit.key, plan.firstAnswer);
  return answerOf(orderId, plan.firstAnswer);
}

/** What a change of an order by its back office writes (see persistBackOfficeChange). */
export interface BackOfficeChangeRows {
  orderId: number;
  /** Units of each offer the changed lines held, given back first. */
  held: ReadonlyMap<number, number>;
  /** [offer id, units] the new lines take from stock. */
  take: ReadonlyArray<readonly [number, number]>;
  /** Every line of the order after the change, the unchanged checks' lines included. */
  lineRows: Array<Omit<typeof orderLines.$inferInsert, 'orderId'>>;
  /** New totals of the checks whose total moved. */
  checkTotals: ReadonlyArray<{ checkId: number; total: number }>;
  /** The order's new totals, and its delivery when the back office changed what it costs. */
  orderValues: Pick<typeof orders.$inferInsert, 'total' | 'totalDiscount' | 'count' | 'totalCount' | 'delivery'>;
}

/**
 * The order as its back office changed its lines (1C's order document), in the caller's transaction: the stock the
 * changed lines held goes back and the new lines take theirs, the lines, the checks' totals and the order's totals
 * are rewritten, and «Заказ изменён» is told — the timeline's entry and the mail and bar message through the outbox,
 * as after an edit. The revision stays: the back office already has this version, and its checks keep their
 * statuses and guids.
 */
export async function persistBackOfficeChange(tx: DbOrTx, change: BackOfficeChangeRows): Promise<void> {
  const { orderId } = change;
  if (change.held.size > 0) await repo.returnStock(tx, [...change.held.entries()]);
  const taken = await repo.takeStock(tx, change.take);
  if (taken.size !== change.take.length) throw new StockRaceError();
  await repo.updateOrder(tx, orderId, { ...change.orderValues, updatedAt: new Date() });
  await enqueueOrderMessages(tx, orderId, 'changed');
  await repo.recordTimeline(tx, { orderId, event: 'edited' });
  await repo.deleteLines(tx, orderId);
  await repo.insertLines(tx, change.lineRows.map((row) => ({ ...row, orderId })));
  for (const { checkId, total } of change.checkTotals) await repo.updateCheck(tx, checkId, { total });
}
