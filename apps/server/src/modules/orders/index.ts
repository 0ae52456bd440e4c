/**
 * The orders module's public face: its routes; an order as its page shows it (mail describes orders with it); the
 * stored order in the domain's words (the 1C exchange sends it); and for the demo seed, which places its orders as a
 * dealer would and then plays the back office's part, submitting and the order's records it writes (check statuses
 * and dates in the past, which no service writes without mailing and notifying the dealer: docs/architecture.md).
 */
export { ordersRoutes, IDEMPOTENT_REPLAYED } from './orders.routes';
export { orderDetail, quoteOrder, submitOrder } from './orders.service';
export { orderCatalogue, storedLine, storedOrder } from './order-pricing';
export {
  checksOf,
  dateTimeline,
  findOrder,
  findOrderByKey,
  orderContext,
  orderLinesOf,
  returnStock,
  updateCheck,
  updateOrder,
} from './orders.repository';
// Lines a back office changes (1C's order documents) are split and written by the same steps as a dealer's edit.
export { persistBackOfficeChange } from './submit/persist-order';
export { heldStock, orderRows } from './submit/split-order';
export { ORDER_DOCUMENT_RENDERER } from './order-document-renderer';
