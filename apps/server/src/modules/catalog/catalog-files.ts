/**
 * Pictures and certificate PDFs of the demo catalogue, drawn at seed time: a small PNG pictogram per product kind and
 * colour (encoded by sharp, off the main thread), and a one-page certificate of conformity per model line (the
 * documents module's PDF). sharp and pdfmake are loaded by the first seed that draws (~50 MB resident together): a
 * portal serving an existing database never holds them on its main thread.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { DEMO_DOCUMENT_NOTE, renderPdf } from '../documents';

export type Pictogram = 'wear' | 'vest' | 'shoes' | 'gloves' | 'helmet' | 'glasses' | 'mask';

type Rgb = [number, number, number];

/** Whether a point (unit square, y down) is inside the pictogram's shape. */
const SHAPES: Record<Pictogram, (x: number, y: number) => boolean> = {
  wear: (x, y) =>
    (x > 0.32 && x < 0.68 && y > 0.2 && y < 0.85) || // body
    (y > 0.2 && y < 0.32 && x > 0.14 && x < 0.86) || // shoulders
    (y >= 0.32 && y < 0.62 && ((x > 0.14 && x < 0.26) || (x > 0.74 && x < 0.86))), // sleeves
  vest: (x, y) => x > 0.3 && x < 0.7 && y > 0.2 && y < 0.85 && !(y < 0.4 && x > 0.44 && x < 0.56),
  shoes: (x, y) => (x > 0.3 && x < 0.52 && y > 0.2 && y < 0.78) || (x > 0.3 && x < 0.82 && y > 0.55 && y < 0.78),
  gloves: (x, y) =>
    (x > 0.32 && x < 0.68 && y > 0.42 && y < 0.85) ||
    [0.34, 0.43, 0.52, 0.61].some((left) => x > left && x < left + 0.07 && y > 0.18 && y <= 0.42) ||
    (x > 0.68 && x < 0.8 && y > 0.45 && y < 0.62),
  helmet: (x, y) => ((x - 0.5) ** 2 + (y - 0.62) ** 2 < 0.1 && y < 0.62) || (y >= 0.6 && y < 0.68 && x > 0.12 && x < 0.88),
  glasses: (x, y) =>
    (x - 0.32) ** 2 + (y - 0.5) ** 2 < 0.022 || (x - 0.68) ** 2 + (y - 0.5) ** 2 < 0.022 || (y > 0.47 && y < 0.52 && x > 0.4 && x < 0.6),
  mask: (x, y) => (x - 0.5) ** 2 / 0.1 + (y - 0.55) ** 2 / 0.05 < 1 || (y > 0.5 && y < 0.54 && (x < 0.2 || x > 0.8) && x > 0.08 && x < 0.92),
};

/** A 160×160 PNG: the kind's pictogram in its colour on a light background, a little supersampled at the edges. */
export async function drawProductPicture(pictogram: Pictogram, color: Rgb): Promise<Buffer> {
  const size = 160;
  const pixels = Buffer.alloc(size * size * 4); // RGBA
  const background: Rgb = [243, 245, 248];
  const shape = SHAPES[pictogram];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (const [dx, dy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
        if (shape((px + dx) / size, (py + dy) / size)) hits++;
      }
      const cover = hits / 4;
      const offset = (py * size + px) * 4;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(background[channel]! * (1 - cover) + color[channel]! * cover);
      }
      pixels[offset + 3] = 255;
    }
  }
  const { default: sharp } = await import('sharp');
  return sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}

export interface CertificateText {
  number: string;
  productLine: string;
  regulation: string;
  validFrom: string;
  validUntil: string;
  manufacturer: string;
}

/** A one-page certificate of conformity as a PDF. */
export async function renderCertificatePdf(text: CertificateText): Promise<Buffer> {
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    info: { title: `Сертификат соответствия ${text.number}`, author: text.manufacturer },
    content: [
      { text: 'ЕВРАЗИЙСКИЙ ЭКОНОМИЧЕСКИЙ СОЮЗ', alignment: 'center', fontSize: 11, color: '#1c3d7a', bold: true },
      { text: 'СЕРТИФИКАТ СООТВЕТСТВИЯ', alignment: 'center', fontSize: 20, bold: true, margin: [0, 12, 0, 4] },
      { text: `№ ${text.number}`, alignment: 'center', fontSize: 13, margin: [0, 0, 0, 24] },
      {
        table: {
          widths: [150, '*'],
          body: [
            ['Изготовитель', text.manufacturer],
            ['Продукция', text.productLine],
            ['Соответствует требованиям', text.regulation],
            ['Срок действия', `с ${text.validFrom} по ${text.validUntil} включительно`],
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
