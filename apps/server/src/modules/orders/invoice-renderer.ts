/**
 * The invoice as the routes know it: its file name, its day, and its renderer's name. The drawing itself (invoice.ts,
 * pdfmake) loads on the document thread only.
 */
import { moscowDate } from '@portal/domain';
import { documentRenderer } from '../documents';
import type * as invoice from './invoice';
import type { InvoiceData } from './orders.service';

export const INVOICE_RENDERER = documentRenderer<typeof invoice, 'renderInvoice'>(import.meta.url, 'invoice', 'renderInvoice');

export function invoiceFileName(orderId: number): string {
  return `Счёт к заказу ${orderId}.pdf`;
}

/** The invoice's day, 'YYYY-MM-DD' (Moscow calendar): the day its VAT rate is taken on. */
export const invoiceDay = (data: InvoiceData) => moscowDate(data.order.createdAt.getTime());
