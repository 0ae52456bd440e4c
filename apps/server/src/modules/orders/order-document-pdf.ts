/**
 * A sample document file of an order (счёт, счёт-фактура, УПД, УПК) for the demo: the real ones come from the back
 * office through the integration API. Drawn on the document thread (modules/documents), pdfmake with Roboto.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

const require = createRequire(import.meta.url);
const robotoFonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));

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
      {
        text: 'Демонстрационный документ портала дилеров: выдан для примера и юридической силы не имеет.',
        fontSize: 9,
        color: '#666666',
        margin: [0, 32, 0, 0],
      },
    ],
    defaultStyle: { font: 'Roboto' },
  };
  // pdfmake is shared: fonts and policies are set right before the (synchronous) createPdf, as invoice.ts does.
  pdfmake.setFonts(robotoFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}
