/**
 * Drawing a PDF with pdfmake in Roboto (which has Cyrillic): the one place that sets pdfmake's fonts and what it may
 * read. The invoice, an order's sample documents and the catalogue's certificates are drawn here.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

const require = createRequire(import.meta.url);

/**
 * pdfmake is one shared instance whose fonts and policies other documents set too (the proposal adds a family of its
 * own); createPdf reads them synchronously, so setting ours right before each call is race-free. pdfmake is loaded by
 * the first document (~27 MB resident): a server that draws none — the main thread, whose documents are drawn on the
 * documents' thread — never holds it. Nothing remote, and no local file but the fonts, may be read.
 */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const { default: pdfmake } = await import('pdfmake');
  const fontsDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  pdfmake.setFonts(require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir + path.sep));
  return Buffer.from(await pdfmake.createPdf({ ...doc, defaultStyle: { font: 'Roboto', ...doc.defaultStyle } }).getBuffer());
}

/** The last line of a document the portal draws for its demo (a certificate, a sample invoice or УПД). */
export const DEMO_DOCUMENT_NOTE: Content = {
  text: 'Демонстрационный документ портала дилеров: выдан для примера и юридической силы не имеет.',
  fontSize: 9,
  color: '#666666',
  margin: [0, 32, 0, 0],
};
