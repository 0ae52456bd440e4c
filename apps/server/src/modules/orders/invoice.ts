/**
 * The invoice PDF (счёт на оплату) of an order in the usual Russian form: one page group per check (selling
 * organisation) with the bank block, seller and buyer, the basis (the contract), the lines with their unit, totals
 * with VAT, the amount in words, the payment deadline from the contract's deferment and the seller's signatories.
 * Every figure comes from the domain's priced check (order-pricing.ts), so the invoices add up to the order's total.
 * pdfmake with Roboto, which has Cyrillic.
 */
import {
  ORGANISATION,
  amountInWords,
  billedCheck,
  formatDocumentAmount,
  formatUnixDate,
  fromKopecks,
  includedVatKopecks,
  lineAmountKopecks,
  organisationName,
  paymentDeadline,
  russianDay,
  shortenCompanyName,
  vatLabel,
  unbilledNotice,
} from '@portal/domain';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { DOCUMENT_COLOURS, renderPdf } from '../documents';
import type { InvoiceData } from './orders.service';

/** The selling organisations' requisites (the real ones were not given: fixed demo values, docs/decisions.md). */
export interface Seller {
  name: string;
  inn: string;
  kpp: string;
  address: string;
  bank: string;
  bik: string;
  account: string;
  correspondent: string;
  /** Who signs its invoices. */
  director: string;
  accountant: string;
}

export const SELLERS: Record<string, Seller> = {
  [ORGANISATION.FRO]: {
    name: organisationName(ORGANISATION.FRO),
    inn: '7701234567',
    kpp: '770101001',
    address: '109029, г. Москва, ул. Нижегородская, д. 32, стр. 15',
    bank: 'ПАО «Сбербанк России», г. Москва',
    bik: '044525225',
    account: '40702810400000123456',
    correspondent: '30101810400000000225',
    director: 'Соколов А. В.',
    accountant: 'Морозова Е. Н.',
  },
  [ORGANISATION.ES]: {
    name: organisationName(ORGANISATION.ES),
    inn: '7709876543',
    kpp: '770901001',
    address: '111024, г. Москва, ш. Энтузиастов, д. 14',
    bank: 'АО «Альфа-Банк», г. Москва',
    bik: '044525593',
    account: '40702810701300054321',
    correspondent: '30101810200000000593',
    director: 'Лебедев И. С.',
    accountant: 'Егорова О. П.',
  },
};

const money = (kopecks: number) => formatDocumentAmount(fromKopecks(kopecks));
const dateRu = (date: Date) => formatUnixDate(Math.floor(date.getTime() / 1000));

/**
 * What the invoice is drawn from: the order's data, and each selling organisation's VAT rate on the invoice's day
 * (guid → percent, null: «Без НДС»; the VAT table, modules/vat).
 */
export interface InvoiceInput extends InvoiceData {
  vatPercents: Record<string, number | null>;
}

export async function renderInvoice({ order, buyer, contracts, checks, priced, vatPercents }: InvoiceInput): Promise<Buffer> {
  const content: Content[] = [];
  // Each check bills what is reserved now; its pre-order units are billed after they arrive (reservation.ts).
  const printed = checks.flatMap((stored) => {
    const whole = priced.checks.find((candidate) => candidate.organisation === stored.orgGuid);
    const check = whole && billedCheck(whole, stored.status);
    return whole && check ? [{ stored, check, unbilled: unbilledNotice(whole, check) }] : [];
  });
  printed.forEach(({ stored, check, unbilled }, index) => {
    const seller = SELLERS[check.organisation] ?? { ...SELLERS[ORGANISATION.FRO]!, name: organisationName(check.organisation) };
    const contract = contracts.find((candidate) => candidate.guid === check.organisation);
    const vatPercent = vatPercents[check.organisation];
    if (vatPercent === undefined) throw new Error(`No VAT rate was given for the seller ${check.organisation}`);
    const vat = includedVatKopecks(check.totalKopecks, vatPercent);
    const cell = (text: string, extra: Record<string, unknown> = {}) => ({ text, fontSize: 8, ...extra });
    const rows = [
      ...check.lines.map((line) => ({
        name: `${line.product.name}, арт. ${line.product.article}${line.offer.characteristic ? `, ${line.offer.characteristic}` : ''}`,
        quantity: String(line.quantity),
        unit: 'шт.',
        price: money(line.priceKopecks),
        sum: money(lineAmountKopecks(line)),
      })),
      ...(check.deliveryKopecks > 0
        ? [{ name: 'Доставка транспортной компанией', quantity: '1', unit: 'усл.', price: money(check.deliveryKopecks), sum: money(check.deliveryKopecks) }]
        : []),
    ];
    const basis = contract?.contract ? `договор № ${contract.contract}` : `заказ № ${order.id}`;
    content.push(
      {
        table: {
          widths: ['*', 60, '*'],
          body: [
            [cell(seller.bank), cell('БИК'), cell(seller.bik)],
            [cell('Банк получателя', { color: DOCUMENT_COLOURS.muted }), cell('Сч. №'), cell(seller.correspondent)],
            [cell(`ИНН ${seller.inn}   КПП ${seller.kpp}`), cell('Сч. №', { rowSpan: 2 }), cell(seller.account, { rowSpan: 2 })],
            [cell(`${seller.name}\nПолучатель`), '', ''],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
        ...(index > 0 ? { pageBreak: 'before' as const } : {}),
      },
      { text: `Счёт на оплату № ${order.id}-${stored.id} от ${dateRu(order.createdAt)}`, style: 'title' },
      { text: `к заказу № ${order.id}`, color: DOCUMENT_COLOURS.muted, margin: [0, 0, 0, 10] },
      {
        table: {
          widths: [90, '*'],
          body: [
            [{ text: 'Поставщик:', bold: true }, `${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}, ${seller.address}`],
            [
              { text: 'Покупатель:', bold: true },
              `${shortenCompanyName(buyer.name)}, ИНН ${buyer.inn}, ${buyer.address}` + (buyer.payment ? `, р/с ${buyer.payment}, БИК ${buyer.bik}` : ''),
            ],
            [{ text: 'Основание:', bold: true }, basis],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [16, '*', 40, 28, 64, 70],
          body: [
            ['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена, ₽', 'Сумма, ₽'].map((text, column) => ({
              text,
              bold: true,
              fontSize: 8,
              fillColor: DOCUMENT_COLOURS.zebra,
              alignment: column >= 2 ? 'right' : 'left',
            })),
            ...rows.map((row, i) => [
              cell(String(i + 1)),
              cell(row.name),
              cell(row.quantity, { alignment: 'right' }),
              cell(row.unit, { alignment: 'right' }),
              cell(row.price, { alignment: 'right', noWrap: true }),
              cell(row.sum, { alignment: 'right', noWrap: true }),
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
            [{ text: 'Итого:', alignment: 'right', bold: true }, { text: money(check.totalKopecks), alignment: 'right', bold: true }],
            vatPercent === null
              ? [{ text: `${vatLabel(null)}.`, alignment: 'right' }, { text: '—', alignment: 'right' }]
              : [{ text: `${vatLabel(vatPercent)}:`, alignment: 'right' }, { text: money(vat), alignment: 'right' }],
            [{ text: 'Всего к оплате:', alignment: 'right', bold: true }, { text: money(check.totalKopecks), alignment: 'right', bold: true }],
          ],
        },
        layout: 'noBorders',
      },
      { text: `Всего наименований ${rows.length}, на сумму ${money(check.totalKopecks)} руб.`, margin: [0, 8, 0, 0] },
      { text: amountInWords(fromKopecks(check.totalKopecks)), bold: true, margin: [0, 2, 0, 0] },
      ...(check.discountKopecks > 0 ? [{ text: `Цены указаны с учётом скидки по договору: ${money(check.discountKopecks)} руб.`, fontSize: 8, margin: [0, 4, 0, 0] } as Content] : []),
      {
        text: `Оплатить не позднее ${russianDay(paymentDeadline(order.createdAt.getTime(), contract))}. Оплата счёта означает согласие с условиями поставки.` +
          (unbilled ? ` ${unbilled}` : ''),
        fontSize: 8,
        color: DOCUMENT_COLOURS.ink,
        margin: [0, 6, 0, 24],
      },
      {
        columns: [
          { text: `Руководитель ____________________ / ${seller.director} /` },
          { text: `Бухгалтер ____________________ / ${seller.accountant} /` },
        ],
      },
    );
  });

  const doc: TDocumentDefinitions = {
    info: { title: `Счёт к заказу ${order.id}`, author: 'Дилерский портал' },
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    defaultStyle: { fontSize: 9 },
    styles: { title: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] } },
    footer: (page, pages) => ({ text: `Стр. ${page} из ${pages}`, alignment: 'right', fontSize: 7, color: DOCUMENT_COLOURS.muted, margin: [0, 16, 36, 0] }),
    content,
  };
  return renderPdf(doc);
}
