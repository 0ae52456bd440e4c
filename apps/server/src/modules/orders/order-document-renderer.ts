/**
 * The demo's sample ERP document (invoice, счёт-фактура, УПД, УПК) as the seed knows it: its renderer's name. The
 * drawing itself (order-document-pdf.ts, pdfmake) loads on the document thread only.
 */
import { documentRenderer } from '../documents';
import type * as orderDocument from './order-document-pdf';

export const ORDER_DOCUMENT_RENDERER = documentRenderer<typeof orderDocument, 'renderSampleOrderDocument'>(
  import.meta.url,
  'order-document-pdf',
  'renderSampleOrderDocument',
);
