/** Between the working order and the server: the payload sent (spec §3) and an order detail turned back into a working order. */
import type { TOrderDetail, TOrderPayload } from '@portal/contracts';
import { blankOrder, percentToFraction, type Delivery, type Position } from '@portal/domain';
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

/**
 * An order from the history as a working order. «edit» keeps the number and date and sets the edit flag; the
 * stock the order holds counts as available to it. «copy» (create from) is a new order at full prices.
 */
export function fromDetail(detail: TOrderDetail, mode: 'edit' | 'copy', now = Date.now()): WebOrder {
  const convert = (positions: TOrderDetail['position']): Position[] =>
    positions.map((position) => ({
      ...position,
      characteristics: position.characteristics.map((line) => {
        const residue = mode === 'edit' ? line.RESIDUE + (line.RESERVED ?? 0) : line.RESIDUE;
        return mode === 'edit'
          ? { ...line, RESIDUE: residue }
          : { ...line, RESIDUE: residue, PRICE: line.fullprice, discount: 0, price_discount: 0 };
      }),
    }));
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
    position: [...convert(detail.position), ...convert(detail.position_presail)],
    position_presail: [],
  };
}
