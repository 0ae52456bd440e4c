/**
 * The orders module's public face: its routes; an order as its page shows it (mail describes orders with it); the
 * stored order in the domain's words (the 1C exchange sends it); a back office's change of an order (1C's order
 * documents apply it); and for the demo seed, which places its orders as a dealer would and then plays the back
 * office's part, submitting and the order's records it writes (check statuses and dates in the past, which no service
 * writes without mailing and notifying the dealer: docs/architecture.md).
 */
export { ordersRoutes, IDEMPOTENT_REPLAYED } from './orders.routes';
export { orderDetail, quoteOrder, submitOrder } from './orders.service';
export { storedOrder } from './order-pricing';
export {
  checksOf,
  dateTimeline,
  findOrderByKey,
  orderLinesOf,
  returnStock,
  updateCheck,
  updateOrder,
} from './orders.repository';
// A back office's change of an order's lines and delivery (1C's order documents; the ERP's JSON API could send one).
export { applyBackOfficeChange, type BackOfficeChange, type BackOfficeChangeOutcome, type BackOfficeRefusal } from './back-office-change';
export { ORDER_DOCUMENT_RENDERER } from './order-document-renderer';
