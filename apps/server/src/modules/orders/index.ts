/**
 * The orders module's public face: its routes; an order as its page shows it (mail describes orders with it); the
 * stored order in the domain's words (the 1C exchange sends it); and placing an order and reading a user's orders as
 * a dealer does, which the demo seed uses to place its history (as of past days: SubmitOptions.placedAt).
 */
export { ordersRoutes, IDEMPOTENT_REPLAYED } from './orders.routes';
export { listOrders, orderDetail, quoteOrder, submitOrder } from './orders.service';
export { orderCatalogue, storedLine, storedOrder } from './order-pricing';
// What the 1C exchange reads of an order when its back office changes the lines or asks for the checks' states.
export { checksOf, findOrder, orderContext, orderLinesOf } from './orders.repository';
// Lines a back office changes (1C's order documents) are split and written by the same steps as a dealer's edit.
export { persistBackOfficeChange } from './submit/persist-order';
export { heldStock, orderRows } from './submit/split-order';
export { ORDER_DOCUMENT_RENDERER } from './order-document-renderer';
