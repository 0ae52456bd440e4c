import {
  ZApprovalIdParamsSchema,
  ZApproveOrderSchema,
  ZBillRequestSchema,
  ZOrderApprovalSchema,
  ZRejectOrderSchema,
  ZDocStatusSchema,
  ZIdempotencyHeadersSchema,
  ZOrderCheckSchema,
  ZOrderConflictEnvelopeSchema,
  ZOrderDetailSchema,
  ZOrderDocumentParamsSchema,
  ZOrderHistoryPageSchema,
  ZOrderHistoryQuerySchema,
  ZOrderIdParamsSchema,
  ZOrderPageSchema,
  ZOrderListItemSchema,
  ZOrderPayloadSchema,
  ZOrderPrintQuerySchema,
  ZOrderSubmitResultSchema,
  errorResponses,
  fileAnswer,
  okEnvelope,
  type TOrderSubmitResult,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admission } from '../../lib/admission';
import { currentUser } from '../../lib/current-user';
import { attachmentHeader } from '../../lib/file-type';
import { renderDocument } from '../documents';
import { vatPercentsOn } from '../vat';
import { INVOICE_RENDERER, invoiceDay, invoiceFileName } from './invoice-renderer';
import {
  invoiceData,
  isReplayedAnswer,
  listOrders,
  orderDetail,
  orderDocumentFile,
  orderDocuments,
  orderHistory,
  orderPage,
  approveOrder,
  listOrderApprovals,
  rejectOrder,
  requestBill,
  submitOrder,
} from './orders.service';

/** The Idempotency-Key header, checked by the route's `headers` schema (ZIdempotencyHeadersSchema); an empty one is none. */
const idempotencyKey = (headers: { 'idempotency-key'?: string }): string | undefined => headers['idempotency-key'] || undefined;

/** The answer header of a retry answered from the stored first answer. */
export const IDEMPOTENT_REPLAYED = 'idempotent-replayed';

/**
 * A retry answered from the stored first answer says so (`Idempotent-Replayed: true`), so a client, a proxy's log or
 * the metrics can tell it from an order placed by this request.
 */
function replayHeader(reply: FastifyReply, answer: TOrderSubmitResult) {
  if (isReplayedAnswer(answer)) reply.header(IDEMPOTENT_REPLAYED, 'true');
}

/** An order took (or gave back) stock and adds to popularity: the catalogue's index catches up now. */
function noteCatalogChanges(app: FastifyInstance): void {
  app.catalogIndex.noteWrite('flips');
  app.catalogIndex.noteWrite('orders');
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Orders that arrive together are written a few at a time, so that a burst of them cannot fill the database's queue
  // ahead of the browsing requests (ORDERS_AT_ONCE, lib/admission.ts).
  const writes = admission(app.config.ORDERS_AT_ONCE);

  app.post(
    '/order/add',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Submit an order (split against stock on the server; Idempotency-Key makes retries safe). A sent price other than the server’s: 409 PRICES_CHANGED with the priced order to confirm, nothing stored',
        headers: ZIdempotencyHeadersSchema,
        body: ZOrderPayloadSchema,
        response: { 200: okEnvelope(ZOrderSubmitResultSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507), 409: ZOrderConflictEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const options = { key: idempotencyKey(request.headers), ip: request.ip };
      const answer = await writes.run(() => submitOrder(app.db, currentUser(request).id, request.body, options));
      noteCatalogChanges(app);
      replayHeader(reply, answer);
      return { error: null, response: answer };
    },
  );

  app.post(
    '/order/:id/edit',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Submit a new version of an order: keeps its number and date, gives back the old stock, takes the new. A sent price other than the server’s: 409 PRICES_CHANGED, nothing changed',
        params: ZOrderIdParamsSchema,
        headers: ZIdempotencyHeadersSchema,
        body: ZOrderPayloadSchema,
        response: { 200: okEnvelope(ZOrderSubmitResultSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507), 409: ZOrderConflictEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const options = { key: idempotencyKey(request.headers), editOrderId: request.params.id, ip: request.ip };
      const answer = await writes.run(() => submitOrder(app.db, currentUser(request).id, request.body, options));
      noteCatalogChanges(app);
      replayHeader(reply, answer);
      return { error: null, response: answer };
    },
  );

  app.get(
    '/orders',
    { schema: { tags: ['orders'], summary: "The order history of the user's companies", response: { 200: okEnvelope(z.array(ZOrderListItemSchema)), ...errorResponses(400, 401) } } },
    async (request) => ({ error: null, response: await listOrders(app.db, currentUser(request).id) }),
  );

  app.get(
    '/orders/history',
    {
      schema: {
        tags: ['orders'],
        summary:
          "A page of the order history of the user's companies: search (number, article, name, comment), filters (check status, company, calendar month), newest first; `next` is the `before` of the following page",
        querystring: ZOrderHistoryQuerySchema,
        response: { 200: okEnvelope(ZOrderHistoryPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await orderHistory(app.db, currentUser(request), request.query) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order detail page: lines with the split, delivery, checks, document files and the status timeline',
        params: ZOrderIdParamsSchema,
        response: { 200: okEnvelope(ZOrderPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await orderPage(app.db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/orders/:id/documents/:documentId',
    {
      schema: {
        tags: ['orders'],
        summary: 'Download a document file of the order (счёт, счёт-фактура, УПД, УПК), PDF',
        params: ZOrderDocumentParamsSchema,
        response: { 200: fileAnswer('The document as the ERP sent it', 'application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const file = await orderDocumentFile(app.db, app.storage, currentUser(request).id, id, documentId);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/order-approvals',
    {
      schema: {
        tags: ['orders'],
        summary: 'Orders kept «На согласовании» or rejected: the user’s own, and all of the companies where the user approves',
        response: { 200: okEnvelope(z.array(ZOrderApprovalSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ error: null, response: await listOrderApprovals(app.db, currentUser(request).id) }),
  );

  app.post(
    '/order-approvals/:id/approve',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Approve an order kept «На согласовании» (orders.approve): places it as it was priced; prices moved → 409 PRICES_CHANGED, send back its order to confirm',
        params: ZApprovalIdParamsSchema,
        body: ZApproveOrderSchema,
        response: { 200: okEnvelope(ZOrderSubmitResultSchema), ...errorResponses(400, 401, 403, 404, 413, 415, 503, 507), 409: ZOrderConflictEnvelopeSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const answer = await writes.run(() => approveOrder(app.db, currentUser(request).id, id, request.body.order, request.ip));
      noteCatalogChanges(app);
      return { error: null, response: answer };
    },
  );

  app.post(
    '/order-approvals/:id/reject',
    {
      schema: {
        tags: ['orders'],
        summary: 'Reject an order kept «На согласовании» with a reason (orders.approve); the purchaser is notified',
        params: ZApprovalIdParamsSchema,
        body: ZRejectOrderSchema,
        response: { 200: okEnvelope(z.object({ id: z.number(), state: z.literal('rejected') })), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) },
      },
    },
    async (request) => {
      await rejectOrder(app.db, currentUser(request).id, request.params.id, request.body.reason, request.ip);
      return { error: null, response: { id: request.params.id, state: 'rejected' as const } };
    },
  );

  app.get(
    '/user/order/:id',
    {
      schema: { tags: ['orders'], summary: 'One order with its positions', params: ZOrderIdParamsSchema, response: { 200: okEnvelope(ZOrderDetailSchema), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ error: null, response: await orderDetail(app.db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/order/:id/documents',
    {
      schema: {
        tags: ['orders'],
        summary: 'Document statuses of the order checks (bill, invoice, УПД, УПК)',
        params: ZOrderIdParamsSchema,
        response: { 200: okEnvelope(z.array(ZDocStatusSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ error: null, response: await orderDocuments(app.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/user/request/check/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'Request a bill for a check «В резерве» of the order ({id} is the order number); 409 with the reason for any other status',
        params: ZOrderIdParamsSchema,
        body: ZBillRequestSchema,
        response: { 200: okEnvelope(z.array(ZOrderCheckSchema)), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503, 507) },
      },
    },
    async (request) => ({
      error: null,
      response: await requestBill(app.db, currentUser(request).id, request.params.id, request.body.guid, request.ip),
    }),
  );

  app.get(
    '/order/print',
    {
      schema: {
        tags: ['orders'],
        summary: 'The invoice PDF of an order (name=invoice)',
        querystring: ZOrderPrintQuerySchema,
        // 409: the seller's VAT table does not cover the invoice's day.
        response: { 200: fileAnswer('The invoice', 'application/pdf'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await invoiceData(app.db, currentUser(request).id, request.query.id, request.query.name);
      // Each seller's VAT on the invoice's day; 409 when the VAT table does not cover it.
      const vatPercents = await vatPercentsOn(app.db, [...new Set(data.checks.map((check) => check.orgGuid))], invoiceDay(data));
      const pdf = await renderDocument(INVOICE_RENDERER, { ...data, vatPercents });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(invoiceFileName(data.order.id)))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
