/**
 * Orders: submitting and editing (repriced from the database, split against current stock, stock taken with
 * conditional updates, all in one transaction, idempotent by key), the history, one order, documents, bills.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  CHECK_STATUS,
  CHECK_STATUS_NAMES,
  askedLinesOf,
  deliveryOf,
  positionsOf,
  sentPricesOf,
  type Position,
  type TDocStatus,
  type TOrderCheck,
  type TOrderDetail,
  type TOrderListItem,
  type TOrderPayloadParsed,
  type TOrderPosition,
  type TOrderSubmitResult,
} from '@portal/contracts';
import {
  billRequestRefusal,
  canEditOrder,
  canPrintInvoice,
  canRequestBill,
  formatPrice,
  fromKopecks,
  isCheckInvoiced,
  isPlaceholderOffer,
  isReserved,
  lineLabel,
  moscowDate,
  orderProblems,
  priceOrder,
  shortenCompanyName,
  type OrderCatalogue,
  type OrderLine,
  type PricedOrder,
} from '@portal/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { ensureUserPartner, requirePartnerAccess, userPartnerIds } from '../../lib/partner-scope';
import { organisationName, orderCatalogue, storedOrder, type StoredOrder } from './order-pricing';
import { placeNewOrder } from './order-writer';
import * as repo from './orders.repository';
import { enqueueOrderMessages } from '../mail/mail.events';

const MAX_ATTEMPTS = 6;

export interface SubmitOptions {
  /** The Idempotency-Key header (the working order's id). */
  key?: string;
  /** Set for POST /order/{id}/edit. */
  editOrderId?: number;
}

/** Another order took the stock between our read and our update (PostgreSQL only): the transaction is retried. */
class StockRaceError extends Error {}

/** A concurrent request with the same Idempotency-Key stored its order first (nothing of this one was written). */
class KeyTakenError extends Error {}

export function requestHash(payload: unknown): string {
  return createHash('sha256').update(JSON.stringify(payload)).digest('hex');
}

function keyConflict(): AppError {
  return conflict(
    'Этот заказ уже был отправлен с другим содержимым. Обновите страницу: отправленный заказ есть в истории заказов, изменить его можно кнопкой «Редактировать».',
  );
}

/** Answers that repeat a stored one (a retry with the same Idempotency-Key): nothing was placed by that request. */
const replayedAnswers = new WeakSet<TOrderSubmitResult>();

/** Whether `answer` repeats the first answer of an order placed earlier under the same key. */
export function isReplayedAnswer(answer: TOrderSubmitResult): boolean {
  return replayedAnswers.has(answer);
}

/** The stored answer keeps what follows the number (known only after the insert), so one write stores it. */
function storedAnswer(orderId: number, firstAnswer: unknown): TOrderSubmitResult {
  const stored = (firstAnswer ?? {}) as { notes?: string; edited?: boolean };
  return { id: orderId, message: headline(orderId, stored.edited === true) + (stored.notes ? ` ${stored.notes}` : '') };
}

/** The stored answer read back for a retry, marked as a replay. */
function replayedAnswer(orderId: number, firstAnswer: unknown): TOrderSubmitResult {
  const answer = storedAnswer(orderId, firstAnswer);
  replayedAnswers.add(answer);
  return answer;
}

const headline = (id: number, edited: boolean) => (edited ? `Заказ № ${id} изменён.` : `Заказ № ${id} принят.`);

/** The stored order under this key answers a retry; the same key with another body is a conflict. */
function replayOf(known: repo.OrderContext['known'], hash: string): TOrderSubmitResult | undefined {
  if (!known) return undefined;
  if (known.requestHash !== hash) throw keyConflict();
  return replayedAnswer(known.id, known.firstAnswer);
}

/** A retry with the same key answers the first answer; the same key with another body is a conflict. */
async function replayIfKnown(db: DbOrTx, userId: number, hash: string, options: SubmitOptions): Promise<TOrderSubmitResult | undefined> {
  if (!options.key) return undefined;
  if (options.editOrderId === undefined) {
    return replayOf((await repo.findOrderByKey(db, userId, options.key)) ?? null, hash);
  }
  const known = await repo.findEditByKey(db, userId, options.key);
  if (!known) return undefined;
  if (known.requestHash !== hash || known.orderId !== options.editOrderId) throw keyConflict();
  return replayedAnswer(known.orderId, known.firstAnswer);
}

function errorCode(error: unknown): { code?: string; constraint?: string; message: string } {
  const e = error as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  return {
    code: e.cause?.code ?? e.code,
    constraint: e.cause?.constraint ?? e.constraint,
    message: `${e.message ?? ''} ${e.cause?.message ?? ''}`,
  };
}

function isKeyViolation(error: unknown): boolean {
  const { code, constraint, message } = errorCode(error);
  if (code !== '23505') return false;
  const names = ['orders_user_idempotency_uq', 'order_edits_user_idempotency_uq'];
  return names.includes(constraint ?? '') || names.some((name) => message.includes(name));
}

function isRetryable(error: unknown): boolean {
  if (error instanceof StockRaceError) return true;
  const { code } = errorCode(error);
  return code === '40001' || code === '40P01';
}

/** 'YYYY-MM-DD' or 'dd.mm.yyyy' → 'YYYY-MM-DD'; '' stays ''; anything else is a 400. */
export function normaliseDeliveryDate(text: string, now = Date.now()): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(trimmed);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : [];
  const date = year ? new Date(`${year}-${month}-${day}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) {
    throw badRequest(`Дата доставки «${trimmed}» не читается: выберите дату в календаре (день.месяц.год).`);
  }
  const value = `${year}-${month}-${day}`;
  if (value < moscowDate(now)) {
    throw badRequest(`Дата доставки ${day}.${month}.${year} уже прошла: выберите сегодняшнюю или более позднюю дату.`);
  }
  return value;
}

const orgName = organisationName;

/** What a request is checked against: the company, its contracts, the products and offers it names. */
function contextRequest(userId: number, payload: TOrderPayloadParsed) {
  const positions = [...payload.position, ...payload.position_presail];
  return {
    userId,
    partnerUid: payload.partner_id,
    productUids: [...new Set(positions.map((position) => position.guid))],
    offerGuids: [...new Set(positions.flatMap((position) => position.characteristics.map((line) => line.guid)))],
  };
}

/** The checks every order passes before it is priced: not empty, a readable date, the user's company and contract. */
function acceptOrder(context: repo.OrderContext, payload: TOrderPayloadParsed) {
  const positions = [...payload.position, ...payload.position_presail];
  if (positions.every((position) => position.characteristics.length === 0)) {
    throw badRequest('Заказ пуст: добавьте хотя бы одну позицию с количеством больше 0.');
  }
  const deliveryDate = normaliseDeliveryDate(payload.delivery.date);
  const partner = ensureUserPartner(context.partner, payload.partner_id);
  if (payload.storage && !context.contracts.some((contract) => contract.guid === payload.storage)) {
    throw new AppError('FORBIDDEN', 'Выбранный договор не относится к этой компании: выберите договор компании заново.');
  }
  return { partnerId: partner.id, deliveryDate };
}

/**
 * Requests of one user with one idempotency key and one body in flight at once in this process (a retry racing its
 * first attempt): the later ones wait for the first and answer its answer as a replay, instead of each reading and
 * writing only to be refused by the key's unique index. Should the first fail, each goes its own way, as it would
 * have anyway. Across processes the index decides, as before.
 */
const inFlight = new WeakMap<Db, Map<string, Promise<TOrderSubmitResult>>>();

/** Submits a new order, or a new version of an order (edit). */
export async function submitOrder(
  db: Db,
  userId: number,
  payload: TOrderPayloadParsed,
  options: SubmitOptions = {},
): Promise<TOrderSubmitResult> {
  const hash = requestHash(payload);
  if (!options.key) return submitOnce(db, userId, payload, options, hash);
  let flights = inFlight.get(db);
  if (!flights) inFlight.set(db, (flights = new Map()));
  const flight = JSON.stringify([userId, options.key, options.editOrderId ?? null, hash]);
  const first = flights.get(flight);
  if (first) {
    const answer = await first.catch(() => undefined);
    if (answer) {
      const replay = { ...answer };
      replayedAnswers.add(replay);
      return replay;
    }
  }
  const attempt = submitOnce(db, userId, payload, options, hash);
  flights.set(flight, attempt);
  try {
    return await attempt;
  } finally {
    if (flights.get(flight) === attempt) flights.delete(flight);
  }
}

async function submitOnce(
  db: Db,
  userId: number,
  payload: TOrderPayloadParsed,
  options: SubmitOptions,
  hash: string,
): Promise<TOrderSubmitResult> {
  const request = contextRequest(userId, payload);
  const editId = options.editOrderId;

  if (editId === undefined) {
    const written = await submitFromCommittedRead(db, { userId, payload, hash, options, request });
    if (written) return written;
    // Stock or a price changed between the read and the write: the order reads what it is checked against again,
    // and locks its offers, in one statement inside its transaction.
    return inTransaction(db, userId, hash, options, async (tx) => {
      const context = await repo.orderContext(tx, { ...request, key: options.key ?? null, lock: true });
      const replay = replayOf(context.known, hash);
      if (replay) return replay;
      return writeOrder(tx, { userId, payload, hash, options, context, ...acceptOrder(context, payload) });
    });
  }

  // An edit is checked against its order first; inside the transaction it locks the order and what it touches.
  const replay = await replayIfKnown(db, userId, hash, options);
  if (replay) return replay;
  const context = await repo.orderContext(db, { ...request, key: null, offerGuids: [], lock: false });
  const accepted = acceptOrder(context, payload);
  const existing = await repo.findOrder(db, editId);
  if (!existing) throw notFound(`Заказ № ${editId} не найден.`);
  await requirePartnerAccess(db, userId, existing.order.partnerId);
  if (existing.order.partnerId !== accepted.partnerId) {
    throw badRequest('Компанию заказа изменить нельзя: оформите новый заказ для другой компании.');
  }
  return inTransaction(db, userId, hash, options, (tx) => writeOrder(tx, { userId, payload, hash, options, context, ...accepted }));
}

/**
 * A new order without a lock held across round trips: what it is checked against is read as committed (one
 * statement, no transaction), then it is placed — stock taken and the order written while every offer is as the
 * order was split against — together with the other orders ready at the time (order-writer.ts: one statement and
 * one commit for all). Two round trips instead of the locked path's four. Each offer's row is locked only while that
 * statement runs, never across the round trips of a transaction.
 * Answers undefined when stock or a price changed in between (nothing was written): the caller then takes the locked
 * path, which splits against the stock it locks.
 */
async function submitFromCommittedRead(
  db: Db,
  input: { userId: number; payload: TOrderPayloadParsed; hash: string; options: SubmitOptions; request: ReturnType<typeof contextRequest> },
): Promise<TOrderSubmitResult | undefined> {
  const { userId, payload, hash, options } = input;
  const context = await repo.orderContext(db, { ...input.request, key: options.key ?? null, lock: false });
  const replay = replayOf(context.known, hash);
  if (replay) return replay;
  const accepted = acceptOrder(context, payload);
  const write = { userId, payload, hash, options, context, ...accepted };
  const plan = planOrder(write, context.offers, new Map());
  let placement: repo.Placement;
  try {
    placement = await placeNewOrder(db, newOrderOf(write, plan));
  } catch (error) {
    if (isRetryable(error)) return undefined;
    throw error;
  }
  if (typeof placement === 'number') return storedAnswer(placement, plan.stored);
  // The key was taken by a concurrent request: answer what it answered (or 409 for another body).
  if (placement === 'key') return replayIfKnown(db, userId, hash, options);
  return undefined;
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
      if (error instanceof KeyTakenError || isKeyViolation(error)) {
        // A concurrent request with the same key won: answer what it answered (or 409 for another body).
        const again = await replayIfKnown(db, userId, hash, options);
        if (again) return again;
      }
      if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof StockRaceError) {
        throw conflict('Остатки менялись слишком часто, заказ не записан. Повторите отправку.');
      }
      throw error;
    }
  }
}

interface WriteInput {
  userId: number;
  payload: TOrderPayloadParsed;
  hash: string;
  options: SubmitOptions;
  context: repo.OrderContext;
  partnerId: number;
  deliveryDate: string;
}

/** Units of each offer that the order's previous version holds (given back to its stock on an edit). */
function heldStock(lines: ReadonlyArray<{ line: { offerId: number | null; presale: boolean; quantity: number } }>): Map<number, number> {
  const held = new Map<number, number>();
  for (const { line } of lines) {
    if (line.offerId !== null && !line.presale) held.set(line.offerId, (held.get(line.offerId) ?? 0) + line.quantity);
  }
  return held;
}

/** Check: the asked lines can be ordered (the first problem is the answer). Price: the domain's one rule. */
export function priceSubmitted(payload: TOrderPayloadParsed, catalogue: OrderCatalogue): PricedOrder {
  const asked = askedLinesOf(payload);
  const [problem] = orderProblems(asked, catalogue, orgName);
  if (problem) throw badRequest(problem);
  return priceOrder({ lines: asked, delivery: deliveryOf(payload.delivery) }, catalogue);
}

/** What the server tells the dealer about the order: lines re-priced since the client showed them, units on pre-order. */
export function orderNotes(priced: PricedOrder, sentPrices: ReadonlyMap<string, number>): string {
  const label = (line: OrderLine) => lineLabel(line.product.article, line.offer.characteristic);
  const corrections = priced.lines
    .filter((line) => sentPrices.has(line.offer.guid) && sentPrices.get(line.offer.guid) !== line.priceKopecks)
    .map((line) => `${label(line)}: ${formatPrice(fromKopecks(sentPrices.get(line.offer.guid)!))} → ${formatPrice(fromKopecks(line.priceKopecks))}`);
  const parts: string[] = [];
  if (corrections.length > 0) {
    const shown = corrections.slice(0, 10).join('; ');
    const more = corrections.length > 10 ? ` и ещё ${corrections.length - 10}` : '';
    parts.push(`Цены пересчитаны по текущему прайсу: ${shown}${more}.`);
  }
  const short = priced.lines.filter((line) => line.preorder > 0).map((line) => `${label(line)} — ${line.preorder} шт.`);
  if (short.length > 0) {
    parts.push(`В предзаказ (без резерва): ${short.slice(0, 10).join(', ')}${short.length > 10 ? ' и другие.' : ''}`);
  }
  return parts.join(' ');
}

/** The rows a priced order is stored as: one line row per part (in stock, pre-order), one check per organisation. */
export function orderRows(priced: PricedOrder, previousChecks: readonly repo.CheckRow[] = []) {
  const lineRows = priced.lines.flatMap((line) => {
    const base = {
      productId: 0,
      offerGuid: isPlaceholderOffer(line.offer) ? null : line.offer.guid,
      orgGuid: line.offer.organisation,
      characteristic: line.offer.characteristic,
      fullprice: fromKopecks(line.fullPriceKopecks),
      price: fromKopecks(line.priceKopecks),
      discount: line.discountPercent,
    };
    return [
      ...(line.inStock > 0 ? [{ ...base, productUid: line.product.uid, quantity: line.inStock, presale: false }] : []),
      ...(line.preorder > 0 ? [{ ...base, productUid: line.product.uid, quantity: line.preorder, presale: true }] : []),
    ];
  });
  // An edit keeps the check guid of an organisation it already had.
  const checkRows = priced.checks.map((check) => {
    const guid = previousChecks.find((previous) => previous.orgGuid === check.organisation)?.guid ?? randomUUID();
    return {
      guid,
      orgGuid: check.organisation,
      status: check.reserved ? CHECK_STATUS.RESERVED : CHECK_STATUS.PREORDER,
      total: fromKopecks(check.totalKopecks),
      docStatus: blankDocStatus(guid),
    };
  });
  return { lineRows, checkRows };
}

/**
 * The order as it will be stored, priced and split against `offerRows` (their stock plus `held`, what the order's
 * previous version gives back): its values, lines and checks, the stock it takes and the answer it keeps.
 */
function planOrder(input: WriteInput, offerRows: readonly repo.OfferRow[], held: ReadonlyMap<number, number>, previousChecks?: repo.CheckRow[]) {
  const { payload, options } = input;
  const editId = options.editOrderId;
  const priced = priceSubmitted(payload, orderCatalogue(input.context.contracts, input.context.products, offerRows, held));
  const productIds = new Map(input.context.products.map((row) => [row.uid, row.id]));
  const offerIds = new Map(offerRows.map((row) => [row.guid, row.id]));
  const rows = orderRows(priced, previousChecks);
  const lineRows = rows.lineRows.map(({ productUid, offerGuid, ...row }) => ({
    ...row,
    productId: productIds.get(productUid)!,
    offerId: offerGuid === null ? null : offerIds.get(offerGuid)!,
  }));
  const take = priced.lines.filter((line) => line.inStock > 0 && !isPlaceholderOffer(line.offer)).map((line) => [offerIds.get(line.offer.guid)!, line.inStock] as const);

  const orderValues = {
    comment: payload.comment,
    delivery: { ...payload.delivery, date: input.deliveryDate },
    requestCertificate: payload.request_certificate,
    bags: payload.bags,
    total: fromKopecks(priced.totals.totalKopecks),
    totalDiscount: fromKopecks(priced.totals.discountKopecks),
    count: priced.totals.products,
    totalCount: priced.totals.units,
    storageGuid: payload.storage ?? '',
    name: payload.name ?? '',
  };
  // The offers as the order was split against them: what placing a new order checks they still are.
  const priceOf = new Map(offerRows.map((row) => [row.id, row.price]));
  const offersRead: repo.OfferAsRead[] = priced.lines
    .filter((line) => !isPlaceholderOffer(line.offer))
    .map((line) => {
      const offerId = offerIds.get(line.offer.guid)!;
      return { offerId, units: line.inStock, allOfIt: line.preorder > 0, price: priceOf.get(offerId)! };
    });
  const stored = { notes: orderNotes(priced, sentPricesOf(payload)), edited: editId !== undefined };
  return { lineRows, checkRows: rows.checkRows, take, offersRead, orderValues, stored };
}

/** A new order's rows and the offers it read, as placing it writes them. */
function newOrderOf(input: WriteInput, plan: ReturnType<typeof planOrder>): repo.NewOrderAsRead {
  const order = {
    ...plan.orderValues,
    userId: input.userId,
    partnerId: input.partnerId,
    idempotencyKey: input.options.key ?? null,
    requestHash: input.hash,
    firstAnswer: plan.stored,
  };
  return { order, lines: plan.lineRows, checks: plan.checkRows, offers: plan.offersRead };
}

async function writeOrder(tx: DbOrTx, input: WriteInput): Promise<TOrderSubmitResult> {
  const { payload, options } = input;
  const editId = options.editOrderId;

  // An edit first locks its order and learns what the previous version holds, to give it back.
  let previous: { lines: Awaited<ReturnType<typeof repo.orderLinesOf>>; checks: repo.CheckRow[] } | undefined;
  if (editId !== undefined) {
    const locked = await repo.findOrder(tx, editId, true);
    if (!locked) throw notFound(`Заказ № ${editId} не найден.`);
    const checks = await repo.checksOf(tx, [editId]);
    const blocking = checks.find((check) => !canEditOrder([check]));
    if (blocking) {
      throw conflict(
        `Заказ № ${editId} уже в статусе «${CHECK_STATUS_NAMES[blocking.status] ?? blocking.status}» — изменить его нельзя. Обратитесь к менеджеру.`,
      );
    }
    previous = { lines: await repo.orderLinesOf(tx, [editId]), checks };
    if (options.key) await repo.insertEdit(tx, { orderId: editId, userId: input.userId, idempotencyKey: options.key, requestHash: input.hash });
  }
  const held = heldStock(previous?.lines ?? []);

  // A new order's offers were locked with its context; an edit locks them with the ones its previous version holds.
  const offerRows =
    editId === undefined
      ? input.context.offers
      : await repo.lockOffers(tx, contextRequest(input.userId, payload).offerGuids, [...held.keys()]);

  // Price and split against the stock read under lock, counting what this order's previous version gives back.
  const plan = planOrder(input, offerRows, held, previous?.checks);
  const { lineRows, checkRows, take, orderValues, stored } = plan;

  if (editId === undefined) {
    // Placed as the first try places it; under these locks the offers are as read, so it never answers «changed».
    const [placement] = await repo.placeNewOrders(tx, [newOrderOf(input, plan)]);
    if (placement === 'key') throw new KeyTakenError();
    if (placement === 'changed') throw new StockRaceError();
    return storedAnswer(placement!, plan.stored);
  }

  const orderId = editId;
  if (held.size > 0) await repo.returnStock(tx, [...held.entries()]);
  const taken = await repo.takeStock(tx, take);
  if (taken.size !== take.length) throw new StockRaceError();
  await repo.updateOrder(tx, orderId, { ...orderValues, edited: true, updatedAt: new Date() });
  await enqueueOrderMessages(tx, orderId, 'changed');
  await repo.deleteLines(tx, orderId);
  await repo.insertLines(tx, lineRows.map((row) => ({ ...row, orderId })));
  await repo.replaceChecks(tx, orderId, checkRows.map((row) => ({ ...row, orderId })), true);
  if (options.key) {
    // The edit row was inserted first to claim the key; now it gets its answer.
    await repo.setEditAnswer(tx, input.userId, options.key, stored);
  }
  return storedAnswer(orderId, stored);
}

function blankDocStatus(guid: string): TDocStatus {
  return { id: guid, StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false };
}

function toDocStatus(check: repo.CheckRow): TDocStatus {
  const raw = (check.docStatus ?? {}) as Partial<TDocStatus>;
  return {
    id: raw.id ?? check.guid,
    StatusSchet: raw.StatusSchet === true,
    StatusSF: raw.StatusSF === true,
    StatusUPD: raw.StatusUPD === true,
    StatusUPK: raw.StatusUPK === true,
  };
}

function toCheck(check: repo.CheckRow): TOrderCheck {
  return {
    guid: check.guid,
    id: String(check.id),
    org: check.orgGuid,
    org_name: orgName(check.orgGuid),
    status: check.status,
    status_name: CHECK_STATUS_NAMES[check.status] ?? `Статус ${check.status}`,
    total: check.total,
    doc_status: toDocStatus(check),
  };
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function listOrders(db: Db, userId: number): Promise<TOrderListItem[]> {
  const partnerIds = await userPartnerIds(db, userId);
  const rows = await repo.listOrders(db, partnerIds);
  const checks = await repo.checksOf(db, rows.map((row) => row.order.id));
  return rows.map(({ order, partnerUid, partnerName }) => {
    const own = checks.filter((check) => check.orderId === order.id);
    return {
      n: order.id,
      name: order.name || `Заказ № ${order.id}`,
      date: unixSeconds(order.createdAt),
      partner_guid: partnerUid,
      partner_name: shortenCompanyName(partnerName),
      reserved: isReserved(own),
      checks: own.map(toCheck),
      upd: own.some((check) => toDocStatus(check).StatusUPD),
      edit: order.edited,
      total: order.total,
      count: order.count,
      total_count: order.totalCount,
    };
  });
}

/** The order, after proving it belongs to one of the user's companies (404 when missing, 403 when someone else's). */
async function requireOrder(db: DbOrTx, userId: number, orderId: number) {
  const row = await repo.findOrder(db, orderId);
  if (!row) throw notFound(`Заказ № ${orderId} не найден.`);
  await requirePartnerAccess(db, userId, row.order.partnerId);
  return row;
}

/** The delivery as stored (older rows may miss fields). */
export function deliveryOfStored(stored: unknown): TOrderDetail['delivery'] {
  const delivery = (stored ?? {}) as Partial<TOrderDetail['delivery']>;
  return {
    address: delivery.address ?? '',
    case: delivery.case ?? 'pickup',
    date: delivery.date ?? '',
    cost: delivery.cost ?? 0,
    bill_to: delivery.bill_to ?? '',
  };
}

/** The detail's positions always carry status, weight, volume and the pre-order flag. */
const detailPosition = (position: Position): TOrderPosition => ({
  ...position,
  status: position.status ?? '',
  weight: position.weight ?? 0,
  volume: position.volume ?? 0,
  preorder: position.preorder ?? false,
});

export async function orderDetail(db: Db, userId: number, orderId: number): Promise<TOrderDetail> {
  const { order, partnerUid, partnerName } = await requireOrder(db, userId, orderId);
  const rows = await repo.orderLinesOf(db, [orderId]);
  const checks = await repo.checksOf(db, [orderId]);
  const delivery = deliveryOfStored(order.delivery);
  const { lines } = storedOrder(rows, deliveryOf(delivery));
  const lists = positionsOf(lines, new Map(rows.map(({ product }) => [product.uid, String(product.id)])));
  return {
    n: order.id,
    name: order.name || `Заказ № ${order.id}`,
    date: unixSeconds(order.createdAt),
    edit: order.edited,
    partner_id: partnerUid,
    partner_name: shortenCompanyName(partnerName),
    position: lists.position.map(detailPosition),
    position_presail: lists.position_presail.map(detailPosition),
    comment: order.comment,
    delivery,
    bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0, ...(order.bags as object) },
    count: order.count,
    total_count: order.totalCount,
    total: order.total,
    total_discount: order.totalDiscount,
    request_certificate: order.requestCertificate,
    reserved: isReserved(checks),
    checks: checks.map(toCheck),
  };
}

export async function orderDocuments(db: Db, userId: number, orderId: number): Promise<TDocStatus[]> {
  await requireOrder(db, userId, orderId);
  const checks = await repo.checksOf(db, [orderId]);
  return checks.map(toDocStatus);
}

/**
 * A bill request for one check of the order: a check «В резерве» becomes «Счёт выставлен» and its bill can be printed.
 * Any other status is refused with the reason (domain `canRequestBill`); the update is conditional on the status read,
 * so two requests at once bill the check once and the other is told the bill is already issued.
 */
export async function requestBill(db: Db, userId: number, orderId: number, checkGuid: string): Promise<TOrderCheck[]> {
  await requireOrder(db, userId, orderId);
  const checks = await repo.checksOf(db, [orderId]);
  const check = checks.find((candidate) => candidate.guid === checkGuid);
  if (!check) throw notFound(`Счёт ${checkGuid} не найден в заказе № ${orderId}: обновите историю заказов.`);
  const refuse = (status: number) => conflict(`Заказ № ${orderId}, счёт ${orgName(check.orgGuid)}: ${billRequestRefusal(status)}`);
  if (!canRequestBill(check.status)) throw refuse(check.status);
  const updated = await repo.updateCheckInStatus(db, check.id, check.status, {
    status: CHECK_STATUS.BILLED,
    docStatus: { ...toDocStatus(check), StatusSchet: true },
    billRequestedAt: new Date(),
  });
  if (!updated) {
    const current = (await repo.checksOf(db, [orderId])).find((row) => row.id === check.id);
    throw refuse(current?.status ?? CHECK_STATUS.BILLED);
  }
  return [toCheck(updated)];
}

export interface InvoiceData {
  order: repo.OrderRow;
  buyer: Awaited<ReturnType<typeof repo.partnerRequisites>>;
  contracts: Awaited<ReturnType<typeof repo.partnerContracts>>;
  /** The checks to print (not cancelled), as stored. */
  checks: repo.CheckRow[];
  /** The order's lines and checks through the domain's rules. */
  priced: StoredOrder;
}

/** What the invoice PDF needs; 400 with the reason when the order cannot be billed. */
export async function invoiceData(db: Db, userId: number, orderId: number, name: string): Promise<InvoiceData> {
  if (name !== 'invoice') {
    throw badRequest(`Документ «${name}» не печатается: укажите name=invoice (счёт на оплату).`);
  }
  const { order } = await requireOrder(db, userId, orderId);
  const checks = await repo.checksOf(db, [orderId]);
  if (!canPrintInvoice(checks)) throw badRequest(`Заказ № ${orderId} отменён — счёт по нему не печатается.`);
  const lines = await repo.orderLinesOf(db, [orderId]);
  if (lines.length === 0) throw badRequest(`В заказе № ${orderId} нет строк — печатать нечего.`);
  const buyer = await repo.partnerRequisites(db, order.partnerId);
  const contracts = await repo.partnerContracts(db, order.partnerId);
  const priced = storedOrder(lines, deliveryOf(deliveryOfStored(order.delivery)));
  // A partly cancelled order is billed for what is left: the cancelled checks get no page.
  return { order, buyer, contracts, checks: checks.filter(isCheckInvoiced), priced };
}
