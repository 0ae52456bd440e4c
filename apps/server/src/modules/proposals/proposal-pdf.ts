/** Renders a proposal document as PDF with pdfmake (Roboto carries Cyrillic). */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UNITS, amountInWords, formatDocumentAmount, pluralRu } from '@portal/domain';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { DOCUMENT_COLOURS } from '../documents';
import { closingNote, customerLines, documentTitle, executorLines, hasDiscount, numberAndDate, vatRow, type ProposalDocument } from './proposal-document';
import { fitInto, type ImageAsset } from './proposal-images';

const require = createRequire(import.meta.url);
const FONT_FAMILY = 'ProposalRoboto';

let fontsLoaded = false;
/**
 * pdfmake is one shared instance: our font family lives in its virtual file system under our own name, so no other
 * document's setFonts or access policy can take it away, and nothing is read from disk while rendering.
 */
function prepareFonts() {
  const robotoDir = require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf').replace(/Roboto-Regular\.ttf$/, '');
  const files = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf', italics: 'Roboto-Italic.ttf', bolditalics: 'Roboto-MediumItalic.ttf' };
  const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;
  if (!fontsLoaded) {
    for (const file of Object.values(files)) vfs.writeFileSync(`proposal-${file}`, readFileSync(robotoDir + file));
    fontsLoaded = true;
  }
  pdfmake.addFonts({
    [FONT_FAMILY]: {
      normal: `proposal-${files.normal}`,
      bold: `proposal-${files.bold}`,
      italics: `proposal-${files.italics}`,
      bolditalics: `proposal-${files.bolditalics}`,
    },
  });
  // Documents are built from our data only: no address is ever fetched and no local file but the fonts is read.
  // The instance is shared, so a policy another document already set is left as it is.
  const policies = pdfmake as unknown as { urlAccessPolicy?: unknown; localAccessPolicy?: unknown };
  if (policies.urlAccessPolicy === undefined) pdfmake.setUrlAccessPolicy(() => false);
  if (policies.localAccessPolicy === undefined) {
    const fontsDir = path.dirname(require.resolve('pdfmake/fonts/Roboto.js'));
    pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir + path.sep));
  }
}

const { accent: ACCENT, ink: INK, muted: MUTED, line: LINE, zebra: ZEBRA } = DOCUMENT_COLOURS;

const money = formatDocumentAmount;
const dataUrl = (image: ImageAsset) => `data:${image.mime};base64,${image.bytes.toString('base64')}`;

export async function renderProposalPdf(document: ProposalDocument): Promise<Buffer> {
  prepareFonts();
  const pageWidth = document.portrait ? 595.28 : 841.89;
  const margins = { left: 36, right: 36 };
  const contentWidth = pageWidth - margins.left - margins.right;
  const images: Record<string, string> = {};
  const imageName = (key: string, image: ImageAsset) => {
    images[key] = dataUrl(image);
    return key;
  };

  const content: Content[] = [];

  // Header: the dealer's logo on the chosen side, the header text beside it (or under it when centred).
  if (document.header && (document.header.logo || document.header.text)) {
    const { logo, align, text } = document.header;
    const logoBox = logo ? fitInto(logo, 170, 64) : null;
    const logoContent: Content | null = logo && logoBox ? { image: imageName('logo', logo), ...logoBox } : null;
    const textContent: Content = { text, fontSize: 8.5, color: MUTED, lineHeight: 1.25 };
    if (align === 'center') {
      const stack: Content[] = [];
      if (logoContent) stack.push({ ...logoContent, alignment: 'center' } as Content);
      if (text) stack.push({ ...textContent, alignment: 'center', margin: [0, logoContent ? 6 : 0, 0, 0] } as Content);
      content.push({ stack });
    } else {
      const textColumn: Content = { ...textContent, width: '*', alignment: align === 'left' ? 'right' : 'left' } as Content;
      const logoColumn: Content | null = logoContent ? { ...logoContent, width: logoBox!.width } as Content : null;
      const columns = align === 'left' ? [logoColumn, textColumn] : [textColumn, logoColumn];
      content.push({ columns: columns.filter((column): column is Content => column !== null), columnGap: 16 } as Content);
    }
    content.push({
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: contentWidth, y2: 0, lineWidth: 1.5, lineColor: ACCENT }],
      margin: [0, 10, 0, 0],
    });
  }

  if (document.banner) {
    const box = fitInto(document.banner, contentWidth, document.portrait ? 170 : 150);
    content.push({ image: imageName('banner', document.banner), ...box, alignment: 'center', margin: [0, 12, 0, 0] } as Content);
  }

  // Title
  content.push({
    margin: [0, 16, 0, 12],
    stack: [
      { text: 'КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ', fontSize: 17, bold: true, color: ACCENT, characterSpacing: 0.6 },
      { text: numberAndDate(document), fontSize: 10, color: MUTED, margin: [0, 3, 0, 0] },
    ],
  });

  // Parties
  const executor = document.executor;
  const party = (label: string, name: string, lines: string[]): Content => ({
    stack: [
      { text: label.toUpperCase(), fontSize: 7.5, color: MUTED, bold: true, characterSpacing: 0.5 },
      { text: name, bold: true, fontSize: 10.5, margin: [0, 3, 0, 2] },
      ...lines.map((line) => ({ text: line, fontSize: 8.5, color: MUTED, lineHeight: 1.2 })),
    ],
  });
  content.push({
    table: {
      widths: ['*', '*'],
      body: [
        [
          party('Исполнитель', executor.name, executorLines(executor)),
          party('Заказчик', document.customer.name, customerLines(document.customer)),
        ],
      ],
    },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (i: number) => (i === 1 ? 0.75 : 0),
      vLineColor: () => LINE,
      paddingLeft: (i: number) => (i === 0 ? 0 : 14),
      paddingRight: () => 10,
      paddingTop: () => 0,
      paddingBottom: () => 0,
    },
    margin: [0, 0, 0, 16],
  });

  // Positions
  const discount = hasDiscount(document);
  const thumb = document.portrait ? 46 : 54;
  const header = (text: string, alignment: 'left' | 'right' | 'center' = 'left'): TableCell => ({
    text,
    bold: true,
    color: DOCUMENT_COLOURS.onAccent,
    fillColor: ACCENT,
    fontSize: 8,
    alignment,
    margin: [0, 2, 0, 2],
  });
  const body: TableCell[][] = [
    [header('№', 'center'), header('Фото', 'center'), header('Наименование'), header('Характеристика'), header('Кол-во', 'right'), header('Цена, ₽', 'right'), header('Сумма, ₽', 'right')],
  ];
  for (const position of document.positions) {
    const fill = position.index % 2 === 0 ? ZEBRA : undefined;
    const span = position.lines.length;
    position.lines.forEach((line, lineIndex) => {
      const priceCell: TableCell =
        line.crossedRetailPrice !== null
          ? { stack: [{ text: money(line.crossedRetailPrice), decoration: 'lineThrough', color: MUTED, fontSize: 7.5 }, { text: money(line.price), bold: true }], alignment: 'right' }
          : { text: money(line.price), alignment: 'right' };
      const row: TableCell[] = [
        lineIndex === 0 ? { text: String(position.index), rowSpan: span, alignment: 'center', color: MUTED } : {},
        lineIndex === 0
          ? position.picture
            ? { image: imageName(`p${position.index}`, position.picture), ...fitInto(position.picture, thumb, thumb), rowSpan: span, alignment: 'center' }
            : { text: 'нет фото', rowSpan: span, alignment: 'center', color: DOCUMENT_COLOURS.placeholder, fontSize: 7, margin: [0, 12, 0, 0] }
          : {},
        lineIndex === 0
          ? {
              rowSpan: span,
              stack: [
                { text: position.name, bold: true },
                { text: `Артикул ${position.article}`, fontSize: 7.5, color: MUTED, margin: [0, 2, 0, 0] },
              ],
            }
          : {},
        { text: line.characteristic || '—' },
        { text: `${line.quantity} шт.`, alignment: 'right', noWrap: true },
        priceCell,
        { text: money(line.sum), alignment: 'right', bold: true, noWrap: true },
      ];
      // Cells covered by a row span stay empty objects: pdfmake refuses any property on them.
      const filled = (cell: TableCell) => (Object.keys(cell as object).length === 0 ? cell : ({ ...(cell as object), fillColor: fill } as TableCell));
      body.push(fill ? row.map(filled) : row);
    });
  }
  const portraitWidths = [16, thumb + 6, '*', 78, 40, 62, 66];
  const landscapeWidths = [18, thumb + 8, '*', 130, 50, 80, 90];
  content.push({
    table: { headerRows: 1, dontBreakRows: true, widths: document.portrait ? portraitWidths : landscapeWidths, body },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === 1 || i === node.table.body.length ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => LINE,
      paddingTop: () => 5,
      paddingBottom: () => 5,
      paddingLeft: () => 4,
      paddingRight: () => 4,
    },
    fontSize: 8.5,
  } as Content);

  // Totals
  const totals = document.totals;
  const totalRows: TableCell[][] = [
    [{ text: 'Позиций / единиц', color: MUTED }, { text: `${totals.positions} / ${totals.count} шт.`, alignment: 'right' }],
  ];
  if (discount) {
    totalRows.push([{ text: 'Сумма без скидки', color: MUTED }, { text: `${money(totals.total + totals.discount)} ₽`, alignment: 'right' }]);
    totalRows.push([{ text: 'Скидка', color: MUTED }, { text: `−${money(totals.discount)} ₽`, alignment: 'right', color: DOCUMENT_COLOURS.saving }]);
  }
  totalRows.push([
    { text: 'Итого к оплате', bold: true, fontSize: 11, color: ACCENT, margin: [0, 3, 0, 0] },
    { text: `${money(totals.total)} ₽`, bold: true, fontSize: 11, color: ACCENT, alignment: 'right', margin: [0, 3, 0, 0] },
  ]);
  const vat = vatRow(totals, money);
  totalRows.push([{ text: vat.label, color: MUTED }, { text: vat.amount, alignment: 'right' }]);
  content.push({
    columns: [
      { width: '*', text: '' },
      {
        width: 230,
        table: { widths: ['*', 'auto'], body: totalRows },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === node.table.body.length - 2 ? 1 : 0),
          vLineWidth: () => 0,
          hLineColor: () => ACCENT,
          paddingTop: () => 2,
          paddingBottom: () => 2,
          paddingLeft: () => 0,
          paddingRight: () => 0,
        },
      },
    ],
    margin: [0, 10, 0, 4],
  } as Content);
  content.push({
    text: [
      { text: `Всего ${totals.count} ${pluralRu(totals.count, UNITS)} на сумму: `, color: MUTED },
      { text: amountInWords(totals.total), italics: true },
    ],
    fontSize: 8.5,
    alignment: 'right',
    margin: [0, 2, 0, 14],
  });

  // Conditions and comment
  if (document.conditions.length > 0) {
    // The conditions stay together on one page.
    content.push({
      unbreakable: true,
      stack: [
        { text: 'Условия', bold: true, fontSize: 10.5, color: ACCENT, margin: [0, 0, 0, 4] },
        {
          table: {
            widths: [120, '*'],
            body: document.conditions.map((condition) => [
              { text: condition.label, color: MUTED },
              { text: condition.text },
            ]),
          },
          layout: 'noBorders',
          fontSize: 9,
          margin: [0, 0, 0, 12],
        },
      ],
    } as Content);
  }
  if (document.comment) {
    content.push({ text: 'Комментарий', bold: true, fontSize: 10.5, color: ACCENT, margin: [0, 0, 0, 4] });
    content.push({ text: document.comment, fontSize: 9, lineHeight: 1.25, margin: [0, 0, 0, 12] });
  }
  content.push({
    text: closingNote(document),
    fontSize: 7.5,
    color: MUTED,
    margin: [0, 6, 0, 0],
  });

  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: document.portrait ? 'portrait' : 'landscape',
    pageMargins: [margins.left, 36, margins.right, 46],
    info: { title: documentTitle(document), author: executor.name, subject: 'Коммерческое предложение', creator: 'Дилерский портал' },
    defaultStyle: { font: FONT_FAMILY, fontSize: 9, color: INK, lineHeight: 1.15 },
    images,
    content,
    footer: (currentPage: number, pageCount: number) => ({
      margin: [margins.left, 14, margins.right, 0],
      columns: [
        { text: `${executor.name} · ${documentTitle(document)}`, fontSize: 7, color: MUTED },
        { text: `Стр. ${currentPage} из ${pageCount}`, fontSize: 7, color: MUTED, alignment: 'right', width: 70 },
      ],
    }),
  };
  return pdfmake.createPdf(definition).getBuffer();
}
