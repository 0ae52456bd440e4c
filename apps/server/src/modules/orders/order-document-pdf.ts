/**
 * A sample document file of an order (счёт, счёт-фактура, УПД, УПК) for the demo: the real ones come from the back
 * office through the integration API. Drawn on the document thread (modules/documents), pdfmake with Roboto.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { DEMO_DOCUMENT_NOTE, renderPdf } from '../documents';

export interface SampleOrderDocument {
  /** «УПД», «Счёт-фактура», … */
  title: string;
  number: string;
  issuedOn: string;
  order: number;
  seller: string;
  buyer: string;
  /** The check's amount as the document shows it, already formatted. */
  amount: string;
}

export async function renderSampleOrderDocument(input: SampleOrderDocument): Promise<Buffer> {
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    info: { title: `${input.title} № ${input.number}` },
    content: [
      { text: `${input.title} № ${input.number} от ${input.issuedOn}`, fontSize: 16, bold: true, margin: [0, 0, 0, 16] },
      {
        table: {
          widths: [140, '*'],
          body: [
            ['Продавец', input.seller],
            ['Покупатель', input.buyer],
            ['Основание', `Заказ № ${input.order}`],
            ['Сумма', input.amount],
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 11,
      },
      DEMO_DOCUMENT_NOTE,
    ],
  };
  return renderPdf(doc);
}
