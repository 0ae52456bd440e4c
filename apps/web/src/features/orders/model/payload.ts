/** Between the working order and the server: the payload sent (spec §3) and an order detail turned back into a working order. */
import { blankOrder, type Delivery, type Position, type TOrderDetail, type TOrderPayload } from '@portal/contracts';
import { percentToFraction } from '@portal/domain';
import type { WebOrder } from './order-store';

const linesOf = (positions: readonly Position[]) =>
  positions.map((position) => ({
    guid: position.guid,
    characteristics: position.characteristics.map((line) => ({
      guid: line.GUID,
      orgguid: line.ORGGUID,
      quantity: line.count,
      price: line.PRICE,
      fullprice: line.fullprice,
      discount: percentToFraction(line.discount),
    })),
  }));

export function toPayload(order: WebOrder): TOrderPayload {
  return {
    id: order.id,
    edit: order.edit,
    reserved: order.reserved,
    comment: order.comment,
    delivery: order.delivery,
    request_certificate: order.request_certificate,
    total: order.total,
    count: order.count,
    partner_id: order.partner_id,
    ...(order.storage ? { storage: order.storage } : {}),
    bags: order.bags,
    ...(order.name ? { name: order.name } : {}),
    position: linesOf(order.position),
    position_presail: linesOf(order.position_presail),
  };
}

/** Units of each offer the order holds in stock (an edit may take them again). */
export function heldByOrder(detail: TOrderDetail): Map<string, number> {
  const held = new Map<string, number>();
  for (const line of detail.position.flatMap((position) => position.characteristics)) held.set(line.GUID, (held.get(line.GUID) ?? 0) + line.count);
  return held;
}

/**
 * An order from the history as a working order, before it is priced at today's prices (todays-offers.ts). «edit»
 * keeps the number and date and sets the edit flag; «copy» (create from) is a new order without a delivery date.
 */
export function fromDetail(detail: TOrderDetail, mode: 'edit' | 'copy', now = Date.now()): WebOrder {
  const delivery: Delivery = { ...detail.delivery };
  if (mode === 'copy') delivery.date = '';
  return {
    ...blankOrder(),
    id: now,
    date: mode === 'edit' ? detail.date * 1000 : now,
    edit: mode === 'edit',
    number: mode === 'edit' ? detail.n : undefined,
    partner_id: detail.partner_id,
    comment: detail.comment,
    delivery,
    bags: detail.bags,
    request_certificate: detail.request_certificate,
    position: [...detail.position, ...detail.position_presail],
    position_presail: [],
  };
}
