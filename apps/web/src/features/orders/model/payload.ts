/** An order detail from the server turned back into a working order (the payload sent is the contracts' payloadOf). */
import { blankOrder, type Delivery, type TOrderDetail } from '@portal/contracts';
import type { WebOrder } from './order-store';

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
