/**
 * The invoice PDF (счёт на оплату) of an order: one page group per check (selling organisation) with the seller's and
 * the buyer's requisites, the lines, totals and VAT. pdfmake with Roboto, which has Cyrillic.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { CHECK_STATUS_NAMES } from '@portal/contracts';
import { ORGANISATION, formatAmount, shortenCompanyName } from '@portal/domain';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { InvoiceData } from './orders.service';

const require = createRequire(import.meta.url);
const robotoFonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));

/**
 * pdfmake is one shared instance whose fonts and policies other modules set too; createPdf reads them synchronously,
 * so setting ours right before each call is race-free. Nothing remote, and only the font files, may be read.
 */
function createPdf(doc: TDocumentDefinitions) {
  pdfmake.setFonts(robotoFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  return pdfmake.createPdf(doc);
}

/** The selling organisations' requisites (the real ones were not given: fixed demo values, docs/decisions.md). */
export const SELLERS: Record<string, { name: string; inn: string; kpp: string; address: string; bank: string; bik: string; account: string; correspondent: string }> = {
  [ORGANISATION.FRO]: {
    name: 'ООО «ФРО»',
    inn: '7701234567',
    kpp: '770101001',
    address: '109029, г. Москва, ул. Нижегородская, д. 32, стр. 15',
    bank: 'ПАО «Сбербанк России», г. Москва',
    bik: '044525225',
    account: '40702810400000123456',
    correspondent: '30101810400000000225',
  },
  [ORGANISATION.ES]: {
    name: 'ООО «ЭС»',
    inn: '7709876543',
    kpp: '770901001',
    address: '111024, г. Москва, ш. Энтузиастов, д. 14',
    bank: 'АО «Альфа-Банк», г. Москва',
    bik: '044525593',
    account: '40702810701300054321',
    correspondent: '30101810200000000593',
  },
};

const VAT_PERCENT = 20;
const money = (value: number) => formatAmount(value).replace(/\u202f/g, ' ');
const dateRu = (date: Date) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

export function invoiceFileName(orderId: number): string {
  return `Счёт к заказу ${orderId}.pdf`;
}

export async function renderInvoice({ order, buyer, lines, checks }: InvoiceData): Promise<Buffer> {
  const orgs = checks.length > 0 ? checks.map((check) => check.orgGuid) : [...new Set(lines.map(({ line }) => line.orgGuid))];
  const content: Content[] = [];
  orgs.forEach((org, index) => {
    const seller = SELLERS[org] ?? { ...SELLERS[ORGANISATION.FRO]!, name: org };
    const check = checks.find((candidate) => candidate.orgGuid === org);
    const own = lines.filter(({ line }) => line.orgGuid === org);
    const totalK = own.reduce((sum, { line }) => sum + Math.round(line.price * 100) * line.quantity, 0);
    const discountK = own.reduce((sum, { line }) => sum + Math.round((line.fullprice - line.price) * 100) * line.quantity, 0);
    const vatK = Math.round((totalK * VAT_PERCENT) / (100 + VAT_PERCENT));
    const number = check ? `${order.id}-${check.id}` : `${order.id}-${index + 1}`;
    const cell = (text: string, extra: Record<string, unknown> = {}) => ({ text, fontSize: 8, ...extra });
    content.push(
      {
        table: {
          widths: ['*', 60, '*'],
          body: [
            [cell(seller.bank, { colSpan: 1 }), cell('БИК'), cell(seller.bik)],
            [cell('Банк получателя', { color: '#666' }), cell('Сч. №'), cell(seller.correspondent)],
            [cell(`ИНН ${seller.inn}   КПП ${seller.kpp}`), cell('Сч. №', { rowSpan: 2 }), cell(seller.account, { rowSpan: 2 })],
            [cell(`${seller.name}\nПолучатель`), '', ''],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
        ...(index > 0 ? { pageBreak: 'before' as const } : {}),
      },
      { text: `Счёт на оплату № ${number} от ${dateRu(order.createdAt)}`, style: 'title' },
      {
        text: `к заказу № ${order.id}${order.edited ? ' (изменён)' : ''}${check ? ` · ${CHECK_STATUS_NAMES[check.status] ?? ''}` : ''}`,
        color: '#555',
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          widths: [90, '*'],
          body: [
            [{ text: 'Поставщик:', bold: true }, `${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}, ${seller.address}`],
            [
              { text: 'Покупатель:', bold: true },
              `${shortenCompanyName(buyer.name)}, ИНН ${buyer.inn}, ${buyer.address}` +
                (buyer.payment ? `, р/с ${buyer.payment}, БИК ${buyer.bik}` : ''),
            ],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          widths: [16, 84, '*', 46, 34, 56, 34, 62],
          body: [
            ['№', 'Артикул', 'Товар', 'Характ.', 'Кол-во', 'Цена, ₽', 'Скидка', 'Сумма, ₽'].map((text, column) => ({
              text,
              bold: true,
              fontSize: 8,
              fillColor: '#eef2f7',
              alignment: column >= 4 ? 'right' : 'left',
            })),
            ...own.map(({ line, product }, i) => [
              cell(String(i + 1)),
              cell(product.article, { noWrap: true }),
              cell(line.presale ? `${product.name} (предзаказ)` : product.name),
              cell(line.characteristic),
              cell(String(line.quantity), { alignment: 'right' }),
              cell(money(line.price), { alignment: 'right' }),
              cell(`${line.discount} %`, { alignment: 'right' }),
              cell(money((Math.round(line.price * 100) * line.quantity) / 100), { alignment: 'right' }),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 10, 0, 0],
        table: {
          widths: ['*', 110],
          body: [
            [{ text: 'Итого:', alignment: 'right', bold: true }, { text: money(totalK / 100), alignment: 'right', bold: true }],
            [{ text: 'Скидка по договору:', alignment: 'right' }, { text: money(discountK / 100), alignment: 'right' }],
            [{ text: `В том числе НДС (${VAT_PERCENT} %):`, alignment: 'right' }, { text: money(vatK / 100), alignment: 'right' }],
            [{ text: 'Всего к оплате:', alignment: 'right', bold: true }, { text: money(totalK / 100), alignment: 'right', bold: true }],
          ],
        },
        layout: 'noBorders',
      },
      {
        text: `Всего наименований ${own.length}, на сумму ${money(totalK / 100)} руб.`,
        margin: [0, 8, 0, 0],
      },
      {
        text: 'Оплата счёта означает согласие с условиями поставки. Товар в предзаказе резервируется после поступления на склад.',
        fontSize: 8,
        color: '#666',
        margin: [0, 6, 0, 24],
      },
      { columns: [{ text: 'Руководитель ____________________' }, { text: 'Бухгалтер ____________________' }] },
    );
  });

  const doc: TDocumentDefinitions = {
    info: { title: `Счёт к заказу ${order.id}`, author: 'Дилерский портал' },
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { title: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] } },
    footer: (page, pages) => ({ text: `Стр. ${page} из ${pages}`, alignment: 'right', fontSize: 7, color: '#888', margin: [0, 16, 36, 0] }),
    content,
  };
  return Buffer.from(await createPdf(doc).getBuffer());
}
