/**
 * The orders module's public face: its routes; an order as its page shows it (mail describes orders with it); the
 * stored order in the domain's words (the 1C exchange sends it); a back office's change of an order (1C's order
 * documents apply it); and placing an order and reading a user's orders as a dealer does, which the demo seed uses to
 * place its history (as of past days: SubmitOptions.placedAt).
 */
export { ordersRoutes, IDEMPOTENT_REPLAYED } from './orders.routes';
export { listOrders, orderDetail, quoteOrder, submitOrder } from './orders.service';
export { storedOrder } from './order-pricing';
// What the 1C exchange reads of an order when its back office asks for the checks' states.
export { checksOf, orderLinesOf } from './orders.repository';
// A back office's change of an order's lines and delivery (1C's order documents; the ERP's JSON API could send one).
export { applyBackOfficeChange, type BackOfficeChange, type BackOfficeChangeOutcome, type BackOfficeRefusal } from './back-office-change';
export { ORDER_DOCUMENT_RENDERER } from './order-document-renderer';
