/**
 * The orders area's services: submitting and editing an order (submit/, as its steps) and the order history
 * (order-history.service.ts: the list, one order, documents, bills, the invoice's data).
 */
export { quoteOrder, submitOrder, type SubmitOptions } from './submit/submit-order';
export { isReplayedAnswer } from './submit/idempotency';
export * from './order-history.service';
export { approveOrder, listOrderApprovals, rejectOrder } from './order-approvals.service';
