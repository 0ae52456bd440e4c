/** The order's files: the invoice PDF (GET /api/order/print) and the certificates zip (GET /api/order/{n}/certificates). */
import { apiFile, saveFile } from '../../../shared/api/client';

export async function downloadInvoice(n: number): Promise<void> {
  const { blob, fileName } = await apiFile('/order/print', { query: { id: n, name: 'invoice' } });
  saveFile(blob, fileName ?? `invoice-${n}.pdf`);
}

export async function downloadCertificates(n: number): Promise<void> {
  const { blob, fileName } = await apiFile(`/order/${n}/certificates`);
  saveFile(blob, fileName ?? `certificates-${n}.zip`);
}

/** A document file the back office sent (счёт, счёт-фактура, УПД, УПК): GET /api/orders/{n}/documents/{id}. */
export async function downloadOrderDocument(document: { url: string; file_name: string }): Promise<void> {
  const { blob, fileName } = await apiFile(document.url.replace(/^\/api/, ''));
  saveFile(blob, fileName ?? document.file_name);
}
