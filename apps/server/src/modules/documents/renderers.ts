/**
 * The documents drawn on the document thread (document-thread.ts), by kind. Loaded only there: pdfmake and docx never
 * load on the main thread.
 */
import { renderInvoice } from '../orders/invoice';
import { renderSampleOrderDocument } from '../orders/order-document-pdf';
import { renderProposalDocx } from '../proposals/proposal-docx';
import { renderProposalPdf } from '../proposals/proposal-pdf';

export const RENDERERS = {
  invoice: renderInvoice,
  'order-document': renderSampleOrderDocument,
  'proposal-pdf': renderProposalPdf,
  'proposal-docx': renderProposalDocx,
};
