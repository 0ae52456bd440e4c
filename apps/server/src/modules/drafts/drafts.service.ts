/**
 * The working order and drafts of the signed-in user, kept on the server and pushed to every open device of theirs.
 * Each call acts on the caller's own rows only; an order may name only a company the caller acts for. A draft's
 * content never changes after it is saved (a rename raises its revision); the working order is written against the
 * revision it was changed from, and a stale write is refused with 409 so the device merges (working-order-merge.ts).
 */
import {
  DRAFT_LIMITS,
  blankOrder,
  type TDraft,
  type TServerFrame,
  type TSyncedWorkingOrder,
  type TWorkingOrderWire,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { requireAnyCompanyAction, requireUserPartner } from '../../lib/partner-scope';
import * as repo from './drafts.repository';

type App = Pick<FastifyInstance, 'db' | 'realtime' | 'log'>;

function toDraft(row: repo.DraftRow): TDraft {
  return { ...(row.order as TWorkingOrderWire), id: row.id, name: row.name, revision: row.revision };
}

/** The order's size as stored; a bigger one is refused with what to do. */
function checkSize(order: TWorkingOrderWire, what: 'Черновик' | 'Заказ') {
  const bytes = Buffer.byteLength(JSON.stringify(order));
  if (bytes > DRAFT_LIMITS.bytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${what} слишком большой (${Math.ceil(bytes / 1024)} КБ, можно до ${DRAFT_LIMITS.bytes / 1024} КБ): разделите его на несколько черновиков.`,
    );
  }
}

/**
 * The company the order is for, which must be one where the user's role allows ordering; null while none is chosen
 * (then the role must allow ordering in one of the user's companies).
 */
async function companyOf(app: App, userId: number, order: TWorkingOrderWire): Promise<number | null> {
  if (order.partner_id) return (await requireUserPartner(app.db, userId, order.partner_id, 'orders.place')).id;
  await requireAnyCompanyAction(app.db, userId, 'orders.place');
  return null;
}

/**
 * Tells the user's open devices what changed (ids and revisions: they fetch the rest); the change is stored already,
 * so a failed push only delays them until they reconnect.
 */
async function push(app: App, userId: number, frame: TServerFrame) {
  try {
    await app.realtime.publishToUser(userId, frame);
  } catch (error) {
    app.log.error({ err: error, userId }, 'realtime push of a draft change failed; the change is stored');
  }
}

export async function listDrafts(app: App, userId: number): Promise<TDraft[]> {
  return (await repo.listDrafts(app.db, userId)).map(toDraft);
}

/** Saves a draft; saving the same id again (a resend after a lost answer) answers the stored draft. */
export async function saveDraft(app: App, userId: number, order: TWorkingOrderWire): Promise<TDraft> {
  checkSize(order, 'Черновик');
  const partnerId = await companyOf(app, userId, order);
  const name = order.name.trim() || 'Черновик';
  const row = await repo.insertDraft(app.db, { userId, id: order.id, name, partnerId, order: { ...order, name } }, DRAFT_LIMITS.perUser);
  if (!row) {
    const existing = await repo.findDraft(app.db, userId, order.id);
    if (existing) return toDraft(existing);
    throw new AppError(
      'CONFLICT',
      `Черновиков уже ${await repo.countDrafts(app.db, userId)} — больше не сохранить (предел ${DRAFT_LIMITS.perUser}). Удалите ненужные черновики и сохраните снова.`,
    );
  }
  const draft = toDraft(row);
  await push(app, userId, { namespace: 'drafts', mutation: 'saved', payload: { id: draft.id, revision: draft.revision } });
  return draft;
}

const draftNotFound = () => new AppError('NOT_FOUND', 'Черновик не найден: возможно, его удалили на другом устройстве. Обновите список черновиков.');

export async function renameDraft(app: App, userId: number, id: number, change: { name: string; revision: number }): Promise<TDraft> {
  const row = await repo.renameDraft(app.db, userId, id, change.name, change.revision);
  if (!row) {
    if (!(await repo.findDraft(app.db, userId, id))) throw draftNotFound();
    throw new AppError('CONFLICT', 'Черновик изменили на другом устройстве: список обновлён, переименуйте его ещё раз, если нужно.');
  }
  const draft = toDraft(row);
  await push(app, userId, { namespace: 'drafts', mutation: 'saved', payload: { id: draft.id, revision: draft.revision } });
  return draft;
}

export async function removeDraft(app: App, userId: number, id: number): Promise<{ ids: number[] }> {
  const ids = await repo.removeDrafts(app.db, userId, [id]);
  if (ids.length === 0) throw draftNotFound();
  await push(app, userId, { namespace: 'drafts', mutation: 'removed', payload: { ids } });
  return { ids };
}

/** Removes the drafts the dealer saw (never one saved meanwhile elsewhere); answers those that were there. */
export async function removeDrafts(app: App, userId: number, ids: number[]): Promise<{ ids: number[] }> {
  const removed = await repo.removeDrafts(app.db, userId, [...new Set(ids)]);
  if (removed.length > 0) await push(app, userId, { namespace: 'drafts', mutation: 'removed', payload: { ids: removed } });
  return { ids: removed };
}

export async function getWorkingOrder(app: App, userId: number): Promise<TSyncedWorkingOrder> {
  const row = await repo.findWorkingOrder(app.db, userId);
  if (!row) return { revision: 0, order: blankOrder() };
  // The company is no longer the user's: its order is not shown (the next write replaces it).
  return { revision: row.revision, order: row.visible ? (row.order as TWorkingOrderWire) : blankOrder() };
}

/** Writes the working order made from `revision`; 409 when another device wrote first (the device merges and resends). */
export async function putWorkingOrder(app: App, userId: number, change: { revision: number; order: TWorkingOrderWire }): Promise<TSyncedWorkingOrder> {
  checkSize(change.order, 'Заказ');
  const partnerId = await companyOf(app, userId, change.order);
  const revision = await repo.writeWorkingOrder(app.db, userId, partnerId, change.order, change.revision);
  if (revision === null) {
    throw new AppError('CONFLICT', 'Заказ изменили на другом устройстве: загрузите его и объедините строки, затем сохраните снова.');
  }
  const synced = { revision, order: change.order };
  await push(app, userId, { namespace: 'workingOrder', mutation: 'changed', payload: { revision } });
  return synced;
}
