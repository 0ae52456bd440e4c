/** Renders a proposal document as Word (.docx) with the `docx` package: the same blocks as the PDF. */
import { UNITS, amountInWords, formatDocumentAmount, pluralRu } from '@portal/domain';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
  type IBorderOptions,
  type ParagraphChild,
} from 'docx';
import { WORD_COLOURS } from '../documents';
import { closingNote, customerLines, documentTitle, executorLines, hasDiscount, numberAndDate, vatRow, type ProposalDocument } from './proposal-document';
import { fitInto, type ImageAsset } from './proposal-images';

const { accent: ACCENT, ink: INK, muted: MUTED, line: LINE, zebra: ZEBRA } = WORD_COLOURS;
const FONT = 'Arial';

const money = formatDocumentAmount;
const none: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: WORD_COLOURS.onAccent };
const noBorders = { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none };

/** Pixels at 96 dpi from points. */
const px = (points: number) => Math.round((points * 96) / 72);

function image(asset: ImageAsset, maxWidthPt: number, maxHeightPt: number) {
  const box = fitInto(asset, px(maxWidthPt), px(maxHeightPt));
  return new ImageRun({ type: asset.mime === 'image/png' ? 'png' : 'jpg', data: asset.bytes, transformation: box });
}

const run = (text: string, options: { bold?: boolean; size?: number; color?: string; italics?: boolean; strike?: boolean } = {}) =>
  new TextRun({ text, font: FONT, bold: options.bold, italics: options.italics, strike: options.strike, size: (options.size ?? 9) * 2, color: options.color ?? INK });

const paragraph = (
  children: ParagraphChild[],
  options: { align?: (typeof AlignmentType)[keyof typeof AlignmentType]; before?: number; after?: number; keepNext?: boolean } = {},
) => new Paragraph({ children, alignment: options.align, keepNext: options.keepNext, keepLines: options.keepNext, spacing: { before: options.before ?? 0, after: options.after ?? 0 } });

export async function renderProposalDocx(document: ProposalDocument): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [];
  // Twips of the writable width (A4 minus 1.27 cm margins).
  const margin = 720;
  const pageWidthTwips = document.portrait ? 11906 : 16838;
  const contentTwips = pageWidthTwips - 2 * margin;
  const contentPt = contentTwips / 20;

  if (document.header && (document.header.logo || document.header.text)) {
    const { logo, align, text } = document.header;
    const textRuns = text.split('\n').flatMap((line, index) => [
      ...(index > 0 ? [new TextRun({ break: 1 })] : []),
      run(line, { size: 8.5, color: MUTED }),
    ]);
    if (align === 'center') {
      if (logo) children.push(paragraph([image(logo, 170, 64)], { align: AlignmentType.CENTER, after: 80 }));
      if (text) children.push(paragraph(textRuns, { align: AlignmentType.CENTER }));
    } else {
      const logoCell = new TableCell({
        width: { size: 3600, type: WidthType.DXA },
        verticalAlign: VerticalAlign.CENTER,
        children: [paragraph(logo ? [image(logo, 170, 64)] : [], { align: align === 'left' ? AlignmentType.LEFT : AlignmentType.RIGHT })],
      });
      const textCell = new TableCell({
        width: { size: contentTwips - 3600, type: WidthType.DXA },
        verticalAlign: VerticalAlign.CENTER,
        children: [paragraph(textRuns, { align: align === 'left' ? AlignmentType.RIGHT : AlignmentType.LEFT })],
      });
      children.push(
        new Table({
          width: { size: contentTwips, type: WidthType.DXA },
          columnWidths: align === 'left' ? [3600, contentTwips - 3600] : [contentTwips - 3600, 3600],
          borders: noBorders,
          rows: [new TableRow({ children: align === 'left' ? [logoCell, textCell] : [textCell, logoCell] })],
        }),
      );
    }
    children.push(new Paragraph({ children: [], border: { bottom: { style: BorderStyle.SINGLE, size: 12, color: ACCENT, space: 1 } }, spacing: { after: 160 } }));
  }

  if (document.banner) {
    children.push(paragraph([image(document.banner, contentPt, document.portrait ? 170 : 150)], { align: AlignmentType.CENTER, after: 200 }));
  }

  children.push(paragraph([run('КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ', { bold: true, size: 17, color: ACCENT })], { before: 120 }));
  children.push(paragraph([run(numberAndDate(document), { size: 10, color: MUTED })], { after: 240 }));

  const executor = document.executor;
  const partyCell = (label: string, name: string, lines: string[]) =>
    new TableCell({
      width: { size: Math.floor(contentTwips / 2), type: WidthType.DXA },
      margins: { right: 200 },
      children: [
        paragraph([run(label.toUpperCase(), { bold: true, size: 7.5, color: MUTED })]),
        paragraph([run(name, { bold: true, size: 10.5 })], { before: 40, after: 40 }),
        ...lines.map((line) => paragraph([run(line, { size: 8.5, color: MUTED })])),
      ],
    });
  children.push(
    new Table({
      width: { size: contentTwips, type: WidthType.DXA },
      columnWidths: [Math.floor(contentTwips / 2), Math.ceil(contentTwips / 2)],
      borders: noBorders,
      rows: [
        new TableRow({
          children: [
            partyCell('Исполнитель', executor.name, executorLines(executor)),
            partyCell('Заказчик', document.customer.name, customerLines(document.customer)),
          ],
        }),
      ],
    }),
  );
  children.push(paragraph([], { after: 200 }));

  // Positions
  const discount = hasDiscount(document);
  const thumbPt = document.portrait ? 46 : 54;
  const fixed = document.portrait ? [400, 1050, 0, 1500, 800, 1250, 1350] : [400, 1200, 0, 2500, 1000, 1600, 1800];
  fixed[2] = contentTwips - fixed.reduce((acc, width) => acc + width, 0);
  const cellBorders = { top: none, left: none, right: none, bottom: { style: BorderStyle.SINGLE, size: 4, color: LINE } };
  const cell = (content: Paragraph[], options: { width: number; fill?: string; rowSpan?: number; header?: boolean }) =>
    new TableCell({
      children: content,
      width: { size: options.width, type: WidthType.DXA },
      rowSpan: options.rowSpan,
      verticalAlign: VerticalAlign.CENTER,
      borders: options.header ? { top: none, left: none, right: none, bottom: none } : cellBorders,
      margins: { top: 70, bottom: 70, left: 70, right: 70 },
      shading: options.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: options.fill } : undefined,
    });
  const headerCell = (text: string, index: number, align: (typeof AlignmentType)[keyof typeof AlignmentType] = AlignmentType.LEFT) =>
    cell([paragraph([run(text, { bold: true, size: 8, color: WORD_COLOURS.onAccent })], { align })], { width: fixed[index]!, fill: ACCENT, header: true });
  const rows: TableRow[] = [
    new TableRow({
      tableHeader: true,
      children: [
        headerCell('№', 0, AlignmentType.CENTER),
        headerCell('Фото', 1, AlignmentType.CENTER),
        headerCell('Наименование', 2),
        headerCell('Характеристика', 3),
        headerCell('Кол-во', 4, AlignmentType.RIGHT),
        headerCell('Цена, ₽', 5, AlignmentType.RIGHT),
        headerCell('Сумма, ₽', 6, AlignmentType.RIGHT),
      ],
    }),
  ];
  for (const position of document.positions) {
    const fill = position.index % 2 === 0 ? ZEBRA : undefined;
    const span = position.lines.length;
    position.lines.forEach((line, lineIndex) => {
      const cells: TableCell[] = [];
      if (lineIndex === 0) {
        cells.push(cell([paragraph([run(String(position.index), { color: MUTED, size: 8.5 })], { align: AlignmentType.CENTER })], { width: fixed[0]!, fill, rowSpan: span }));
        cells.push(
          cell(
            [paragraph(position.picture ? [image(position.picture, thumbPt, thumbPt)] : [run('нет фото', { size: 7, color: WORD_COLOURS.placeholder })], { align: AlignmentType.CENTER })],
            { width: fixed[1]!, fill, rowSpan: span },
          ),
        );
        cells.push(
          cell(
            [
              paragraph([run(position.name, { bold: true, size: 8.5 })]),
              paragraph([run(`Артикул ${position.article}`, { size: 7.5, color: MUTED })], { before: 30 }),
            ],
            { width: fixed[2]!, fill, rowSpan: span },
          ),
        );
      }
      const price =
        line.crossedRetailPrice !== null
          ? [
              paragraph([run(money(line.crossedRetailPrice), { size: 7.5, color: MUTED, strike: true })], { align: AlignmentType.RIGHT }),
              paragraph([run(money(line.price), { bold: true, size: 8.5 })], { align: AlignmentType.RIGHT }),
            ]
          : [paragraph([run(money(line.price), { size: 8.5 })], { align: AlignmentType.RIGHT })];
      cells.push(cell([paragraph([run(line.characteristic || '—', { size: 8.5 })])], { width: fixed[3]!, fill }));
      cells.push(cell([paragraph([run(`${line.quantity} шт.`, { size: 8.5 })], { align: AlignmentType.RIGHT })], { width: fixed[4]!, fill }));
      cells.push(cell(price, { width: fixed[5]!, fill }));
      cells.push(cell([paragraph([run(money(line.sum), { bold: true, size: 8.5 })], { align: AlignmentType.RIGHT })], { width: fixed[6]!, fill }));
      rows.push(new TableRow({ children: cells, cantSplit: true }));
    });
  }
  children.push(
    new Table({ width: { size: contentTwips, type: WidthType.DXA }, columnWidths: fixed, layout: TableLayoutType.FIXED, borders: noBorders, rows }),
  );

  // Totals
  const totals = document.totals;
  const totalRow = (label: string, value: string, options: { strong?: boolean; color?: string } = {}) =>
    new TableRow({
      children: [
        new TableCell({
          width: { size: 2600, type: WidthType.DXA },
          borders: options.strong ? { top: { style: BorderStyle.SINGLE, size: 8, color: ACCENT }, bottom: none, left: none, right: none } : undefined,
          children: [paragraph([run(label, { bold: options.strong, size: options.strong ? 11 : 9, color: options.strong ? ACCENT : MUTED })], { before: options.strong ? 60 : 0 })],
        }),
        new TableCell({
          width: { size: 2200, type: WidthType.DXA },
          borders: options.strong ? { top: { style: BorderStyle.SINGLE, size: 8, color: ACCENT }, bottom: none, left: none, right: none } : undefined,
          children: [
            paragraph([run(value, { bold: options.strong, size: options.strong ? 11 : 9, color: options.color ?? (options.strong ? ACCENT : INK) })], {
              align: AlignmentType.RIGHT,
              before: options.strong ? 60 : 0,
            }),
          ],
        }),
      ],
    });
  const totalRows = [totalRow('Позиций / единиц', `${totals.positions} / ${totals.count} шт.`)];
  if (discount) {
    totalRows.push(totalRow('Сумма без скидки', `${money(totals.total + totals.discount)} ₽`));
    totalRows.push(totalRow('Скидка', `−${money(totals.discount)} ₽`, { color: WORD_COLOURS.saving }));
  }
  totalRows.push(totalRow('Итого к оплате', `${money(totals.total)} ₽`, { strong: true }));
  const vat = vatRow(totals, money);
  totalRows.push(totalRow(vat.label, vat.amount));
  children.push(paragraph([], { after: 160 }));
  children.push(
    new Table({
      width: { size: 4800, type: WidthType.DXA },
      columnWidths: [2600, 2200],
      alignment: AlignmentType.RIGHT,
      borders: noBorders,
      rows: totalRows,
    }),
  );
  children.push(
    paragraph(
      [run(`Всего ${totals.count} ${pluralRu(totals.count, UNITS)} на сумму: `, { size: 8.5, color: MUTED }), run(amountInWords(totals.total), { size: 8.5, italics: true })],
      { align: AlignmentType.RIGHT, before: 80, after: 280 },
    ),
  );

  if (document.conditions.length > 0) {
    // The conditions stay together on one page: each paragraph keeps with the next.
    children.push(paragraph([run('Условия', { bold: true, size: 10.5, color: ACCENT })], { after: 80, keepNext: true }));
    document.conditions.forEach((condition, index) => {
      const last = index === document.conditions.length - 1;
      children.push(paragraph([run(`${condition.label}: `, { color: MUTED }), run(condition.text)], { after: 40, keepNext: !last }));
    });
    children.push(paragraph([], { after: 200 }));
  }
  if (document.comment) {
    children.push(paragraph([run('Комментарий', { bold: true, size: 10.5, color: ACCENT })], { after: 80 }));
    for (const line of document.comment.split('\n')) children.push(paragraph([run(line)], { after: 40 }));
    children.push(paragraph([], { after: 200 }));
  }
  children.push(
    paragraph([
      run(closingNote(document), {
        size: 7.5,
        color: MUTED,
      }),
    ]),
  );

  const doc = new Document({
    creator: executor.name,
    title: documentTitle(document),
    subject: 'Коммерческое предложение',
    styles: { default: { document: { run: { font: FONT, size: 18, color: INK } } } },
    sections: [
      {
        properties: {
          page: {
            size: document.portrait
              ? { width: 11906, height: 16838, orientation: PageOrientation.PORTRAIT }
              : { width: 11906, height: 16838, orientation: PageOrientation.LANDSCAPE },
            margin: { top: margin, bottom: margin, left: margin, right: margin },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  run(`${executor.name} · ${documentTitle(document)} · Стр. `, { size: 7, color: MUTED }),
                  new TextRun({ children: [PageNumber.CURRENT], font: FONT, size: 14, color: MUTED }),
                  run(' из ', { size: 7, color: MUTED }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], font: FONT, size: 14, color: MUTED }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
