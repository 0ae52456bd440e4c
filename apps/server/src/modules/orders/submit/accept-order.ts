/**
 * Check, before anything is priced: what a request is checked against (one read), and the rules every order passes —
 * not empty, a readable delivery date on a working day not in the past, a company of the user's, a contract of that company.
 */
import { deliveryDayProblem, moscowDate, readDayNotBeforeToday } from '@portal/domain';
import type { TOrderPayloadParsed } from '@portal/contracts';
import { AppError, badRequest } from '../../../lib/errors';
import { ensureUserPartner } from '../../../lib/partner-scope';
import type * as repo from '../orders.repository';

/** 'YYYY-MM-DD' or 'dd.mm.yyyy' → 'YYYY-MM-DD'; '' stays ''; anything else is a 400. */
export function normaliseDeliveryDate(text: string, now = Date.now()): string {
  if (text.trim() === '') return '';
  const today = moscowDate(now);
  const entry = readDayNotBeforeToday(text, today, 'Дата доставки');
  if ('problem' in entry) throw badRequest(entry.problem);
  // A working day of the production calendar: the rule the date picker offers by.
  const problem = deliveryDayProblem(entry.day, today);
  if (problem) throw badRequest(problem);
  return entry.day;
}

/** What a request is checked against: the company, its contracts, the products and offers it names. */
export function contextRequest(userId: number, payload: TOrderPayloadParsed) {
  const positions = [...payload.position, ...payload.position_presail];
  return {
    userId,
    partnerUid: payload.partner_id,
    productUids: [...new Set(positions.map((position) => position.guid))],
    offerGuids: [...new Set(positions.flatMap((position) => position.characteristics.map((line) => line.guid)))],
  };
}
export type ContextRequest = ReturnType<typeof contextRequest>;

export interface AcceptedOrder {
  partnerId: number;
  /** 'YYYY-MM-DD' or ''. */
  deliveryDate: string;
}

/** The checks every order passes before it is priced: not empty, a readable date, the user's company and contract. */
export function acceptOrder(context: repo.OrderContext, payload: TOrderPayloadParsed, now = Date.now()): AcceptedOrder {
  const positions = [...payload.position, ...payload.position_presail];
  if (positions.every((position) => position.characteristics.length === 0)) {
    throw badRequest('Заказ пуст: добавьте хотя бы одну позицию с количеством больше 0.');
  }
  const deliveryDate = normaliseDeliveryDate(payload.delivery.date, now);
  const partner = ensureUserPartner(context.partner, payload.partner_id, 'orders.place');
  if (payload.storage && !context.contracts.some((contract) => contract.guid === payload.storage)) {
    throw new AppError('FORBIDDEN', 'Выбранный договор не относится к этой компании: выберите договор компании заново.');
  }
  return { partnerId: partner.id, deliveryDate };
}
