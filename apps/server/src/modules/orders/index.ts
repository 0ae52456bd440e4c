/**
 * The orders module's public face: its routes; an order as its page shows it (mail describes orders with it); the
 * stored order in the domain's words (the 1C exchange sends it); and for the demo seed, which places its orders as a
 * dealer would and then plays the back office's part, submitting and the order's records it writes.
 */
export { ordersRoutes, IDEMPOTENT_REPLAYED } from './orders.routes';
export { orderDetail, quoteOrder, submitOrder } from './orders.service';
export { storedLine, storedOrder } from './order-pricing';
export { checksOf, dateTimeline, findOrderByKey, orderLinesOf, returnStock, updateCheck, updateOrder } from './orders.repository';
export { ORDER_DOCUMENT_RENDERER } from './order-document-renderer';
