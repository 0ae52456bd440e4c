/** Certificate downloads: one PDF, or a zip of the certificates of some articles (POST /api/order/certificates). */
import type { TCertificate } from '@portal/contracts';
import { apiFile, saveFile } from '../../../shared/api/client';

export async function downloadCertificate(certificate: TCertificate) {
  const { blob, fileName } = await apiFile(certificate.url.replace(/^\/api/, ''));
  saveFile(blob, fileName ?? `${certificate.article} ${certificate.name}.pdf`);
}

export async function downloadCertificatesZip(articles: string[]) {
  const { blob, fileName } = await apiFile('/order/certificates', { method: 'POST', body: { articles } });
  saveFile(blob, fileName ?? 'Сертификаты.zip');
}
