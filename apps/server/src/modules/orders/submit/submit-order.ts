/**
 * Submitting an order, or a new version of one (an edit), as its steps: check the request (accept-order.ts), price it
 * (price-order-request.ts), check that it is charged at the prices shown (check-prices.ts), split it into what is
 * stored (split-order.ts) and persist it (persist-order.ts) — idempotent by key (idempotency.ts), all of it against
 * one read of the stock, retried when the stock moved in between.
 */
import { pricedPayloadOf, type TOrderPayloadParsed, type TOrderSubmitResult } from '@portal/contracts';
import { CHECK_STATUS_NAMES, canEditOrder, fromKopecks, type PricedOrder } from '@portal/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { recordAction } from '../../audit';
import { requirePartnerAccess } from '../../../lib/partner-scope';
import * as repo from '../orders.repository';
import { acceptOrder, contextRequest, type AcceptedOrder } from './accept-order';
import { checkPrices } from './check-prices';
import { holdForApproval, refuseEditOverLimit } from './hold-for-approval';
import { isKeyTaken, isSerializationFailure, onceInFlight, replayIfKnown, replayOf, requestHash, type SubmitOptions } from './idempotency';
import { answerOf } from './order-answer';
import { StockRaceError, persistEdit, persistLockedNewOrder, persistNewOrder, type Placer } from './persist-order';
import { priceOrderRequest } from './price-order-request';
import { checkReplacedApproval, replaceRejected } from './replace-rejected';
import { heldStock, splitOrder, type OrderPlan } from './split-order';

export type { SubmitOptions } from './idempotency';

const MAX_ATTEMPTS = 6;

interface PlanInput {
  payload: TOrderPayloadParsed;
  context: repo.OrderContext;
  accepted: AcceptedOrder;
  /** The offers as read (under lock on the locked paths). */
  offers: readonly repo.OfferRow[];
  /** An edit: the units its previous version holds and its checks. */
  held?: ReadonlyMap<number, number>;
  previousChecks?: readonly repo.CheckRow[];
}

/** Price, check the prices shown, split: the order as it will be stored (and as priced), or 409 PRICES_CHANGED. */
function planOrder({ payload, context, accepted, offers, held, previousChecks }: PlanInput): OrderPlan & { priced: PricedOrder } {
  const priced = priceOrderRequest(payload, context, offers, held);
  checkPrices(payload, priced, context, offers);
  const plan = splitOrder({
    payload,
    deliveryDate: accepted.deliveryDate,
    priced,
    products: context.products,
    offers,
    previousChecks,
    edited: previousChecks !== undefined,
  });
  return { ...plan, priced };
}

/** Submits a new order, or a new version of an order (edit). */
export async function submitOrder(db: Db, userId: number, payload: TOrderPayloadParsed, options: SubmitOptions = {}): Promise<TOrderSubmitResult> {
  const hash = requestHash(payload);
  return onceInFlight(db, { userId, hash, options }, () =>
    options.editOrderId === undefined ? submitNewOrder(db, userId, payload, options, hash) : submitEdit(db, userId, payload, options, options.editOrderId, hash),
  );
}

/**
 * The order as the server would charge it now, in the request's shape, without writing anything: what a caller that
 * leaves prices to the server (the demo seed) sends to place it.
 */
export async function quoteOrder(db: Db, userId: number, payload: TOrderPayloadParsed, placedAt?: Date): Promise<TOrderPayloadParsed> {
  const context = await repo.orderContext(db, { ...contextRequest(userId, payload), key: null, lock: false });
  acceptOrder(context, payload, placedAt?.getTime());
  return pricedPayloadOf(payload, priceOrderRequest(payload, context, context.offers));
}

async function submitNewOrder(db: Db, userId: number, payload: TOrderPayloadParsed, options: SubmitOptions, hash: string): Promise<TOrderSubmitResult> {
  await checkReplacedApproval(db, userId, payload);
  const request = contextRequest(userId, payload);
  const written = await submitFromCommittedRead(db, userId, payload, options, hash);
  if (written) return written;
  // Stock or a price changed between the read and the write: the order reads what it is checked against again,
  // and locks its offers, in one statement inside its transaction.
  return inTransaction(db, userId, hash, options, async (tx) => {
    const context = await repo.orderContext(tx, { ...request, key: options.key ?? null, lock: true });
    const replay = replayOf(context.known, hash);
    if (replay) return replay;
    const accepted = acceptOrder(context, payload, options.placedAt?.getTime());
    const plan = planOrder({ payload, context, accepted, offers: context.offers });
    const answer = await persistLockedNewOrder(tx, { userId, partnerId: accepted.partnerId, key: options.key, hash, ip: options.ip }, plan);
    if (options.placedAt) await repo.datePlacedOrder(tx, answer.id, options.placedAt);
    await replaceRejected(tx, userId, payload);
    return answer;
  });
}

/**
 * A new order without a lock held across round trips: what it is checked against is read as committed (one
 * statement, no transaction), then it is placed — stock taken and the order written while every offer is as the
 * order was split against — together with the other orders ready at the time (order-writer.ts: one statement and
 * one commit for all). Two round trips instead of the locked path's four.
 * Answers undefined when stock or a price changed in between (nothing was written): the caller then takes the locked
 * path, which splits against the stock it locks.
 */
async function submitFromCommittedRead(
  db: Db,
  userId: number,
  payload: TOrderPayloadParsed,
  options: SubmitOptions,
  hash: string,
): Promise<TOrderSubmitResult | undefined> {
  const context = await repo.orderContext(db, { ...contextRequest(userId, payload), key: options.key ?? null, lock: false });
  const replay = replayOf(context.known, hash);
  if (replay) return replay;
  const accepted = acceptOrder(context, payload, options.placedAt?.getTime());
  const plan = planOrder({ payload, context, accepted, offers: context.offers });
  if (options.approvalId === undefined) {
    const member = { role: null, orderLimitKopecks: null, approvalOverCredit: false, ...context.partner };
    const held = await holdForApproval(db, { userId, member, partnerId: accepted.partnerId, payload, priced: plan.priced, key: options.key, hash, ip: options.ip });
    if (held) return held;
  }
  // An order sent instead of a rejected one takes the locked path: placed in one transaction with the replacement.
  // So does one placed as of the past: dated in the transaction that writes it (the batched statement dates now).
  if (payload.replaces_approval !== undefined || options.placedAt) return undefined;
  const placer: Placer = { userId, partnerId: accepted.partnerId, key: options.key, hash, ip: options.ip };
  let placement: repo.Placement;
  try {
    placement = await persistNewOrder(db, placer, plan);
  } catch (error) {
    if (isSerializationFailure(error)) return undefined;
    throw error;
  }
  if (typeof placement === 'number') return answerOf(placement, plan.firstAnswer);
  // The key was taken by a concurrent request: answer what it answered (or 409 for another body).
  if (placement === 'key') return replayIfKnown(db, userId, hash, options);
  return undefined;
}

/** An edit is checked against its order first; inside the transaction it locks the order and what it touches. */
async function submitEdit(db: Db, userId: number, payload: TOrderPayloadParsed, options: SubmitOptions, editId: number, hash: string): Promise<TOrderSubmitResult> {
  if (payload.replaces_approval !== undefined) {
    throw badRequest('Изменение оформленного заказа не заменяет отклонённый заказ на согласовании: отправьте изменения без ссылки на него.');
  }
  const replay = await replayIfKnown(db, userId, hash, options);
  if (replay) return replay;
  const request = contextRequest(userId, payload);
  const context = await repo.orderContext(db, { ...request, key: null, offerGuids: [], lock: false });
  const accepted = acceptOrder(context, payload);
  const existing = await repo.findOrder(db, editId);
  if (!existing) throw notFound(`Заказ № ${editId} не найден.`);
  await requirePartnerAccess(db, userId, existing.order.partnerId, 'orders.place');
  if (existing.order.partnerId !== accepted.partnerId) {
    throw badRequest('Компанию заказа изменить нельзя: оформите новый заказ для другой компании.');
  }
  return inTransaction(db, userId, hash, options, async (tx) => {
    const previous = await editableVersion(tx, editId);
    // The key is claimed first, so a concurrent edit with the same key waits on it; a refusal below rolls it back.
    if (options.key) await repo.insertEdit(tx, { orderId: editId, userId, idempotencyKey: options.key, requestHash: hash });
    const held = heldStock(previous.lines);
    // Price and split against the stock read under lock, counting what this order's previous version gives back.
    const offers = await repo.lockOffers(tx, request.offerGuids, [...held.keys()]);
    const plan = planOrder({ payload, context, accepted, offers, held, previousChecks: previous.checks });
    await refuseEditOverLimit(tx, userId, accepted.partnerId, plan.priced);
    const answer = await persistEdit(tx, { orderId: editId, userId, key: options.key, held }, plan);
    const { totalKopecks, units } = plan.priced.totals;
    await recordAction(tx, {
      partnerId: accepted.partnerId,
      userId,
      action: 'order.edited',
      object: `Заказ № ${editId}`,
      changes: { total: fromKopecks(totalKopecks), units },
      ip: options.ip,
    });
    return answer;
  });
}

/** The order's current version, locked; 409 when a check's status no longer allows changing it. */
async function editableVersion(tx: DbOrTx, orderId: number) {
  const locked = await repo.findOrder(tx, orderId, true);
  if (!locked) throw notFound(`Заказ № ${orderId} не найден.`);
  const checks = await repo.checksOf(tx, [orderId]);
  const blocking = checks.find((check) => !canEditOrder([check]));
  if (blocking) {
    throw conflict(
      `Заказ № ${orderId} уже в статусе «${CHECK_STATUS_NAMES[blocking.status] ?? blocking.status}» — изменить его нельзя. Обратитесь к менеджеру.`,
    );
  }
  return { lines: await repo.orderLinesOf(tx, [orderId]), checks };
}

/** Runs the order's transaction, again after a deadlock or a stock race; a key taken concurrently answers its answer. */
async function inTransaction(
  db: Db,
  userId: number,
  hash: string,
  options: SubmitOptions,
  work: (tx: DbOrTx) => Promise<TOrderSubmitResult>,
): Promise<TOrderSubmitResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (isKeyTaken(error)) {
        // A concurrent request with the same key won: answer what it answered (or 409 for another body).
        const again = await replayIfKnown(db, userId, hash, options);
        if (again) return again;
      }
      if ((error instanceof StockRaceError || isSerializationFailure(error)) && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof StockRaceError) {
        throw conflict('Остатки менялись слишком часто, заказ не записан. Повторите отправку.');
      }
      throw error;
    }
  }
}
