/** What a proposal document shows, priced and resolved, independent of the output format (PDF or Word). */
import type { TLogoAlign } from '@portal/contracts';
import { vatLabel, type ProposalMarkup, type ProposalTotals } from '@portal/domain';
import type { ImageAsset } from './proposal-images';

/** A line as the customer reads it: never the dealer's own price; the retail price crossed out where it is undercut. */
export interface ProposalDocumentLine {
  guid: string;
  characteristic: string;
  quantity: number;
  price: number;
  crossedRetailPrice: number | null;
  sum: number;
}

export interface ProposalDocumentPosition {
  guid: string;
  index: number;
  article: string;
  name: string;
  picture: ImageAsset | null;
  markup: ProposalMarkup;
  lines: ProposalDocumentLine[];
  quantity: number;
  sum: number;
}

export interface ProposalDocument {
  number: string;
  /** dd.mm.yyyy */
  date: string;
  portrait: boolean;
  header: { logo: ImageAsset | null; align: TLogoAlign; text: string } | null;
  banner: ImageAsset | null;
  executor: {
    name: string;
    inn: string;
    address: string;
    phone: string;
    email: string;
    bank: { account: string; bik: string; correspondent: string } | null;
  };
  customer: { name: string; inn: string; kpp: string; address: string };
  positions: ProposalDocumentPosition[];
  /** The dealer's own total is left out: the customer never sees it. */
  totals: Omit<ProposalTotals, 'fullTotal'> & { positions: number };
  conditions: Array<{ label: string; text: string }>;
  comment: string;
}

export const documentTitle = (document: ProposalDocument) =>
  `Коммерческое предложение${document.number ? ` № ${document.number}` : ''} от ${document.date}`;

/** Whether the dealer gave a discount: only then the document shows «Сумма без скидки» and «Скидка». */
export const hasDiscount = (document: ProposalDocument) => document.totals.discount > 0;

/** The customer block's lines under the name: INN, KPP and address, each when known. */
export const customerLines = (customer: ProposalDocument['customer']) =>
  [customer.inn ? `ИНН ${customer.inn}` : '', customer.kpp ? `КПП ${customer.kpp}` : '', customer.address].filter(Boolean);

/** The executor block's lines under the name: INN, address, phone and e-mail, the bank's details, each when known. */
export const executorLines = (executor: ProposalDocument['executor']) =>
  [
    executor.inn ? `ИНН ${executor.inn}` : '',
    executor.address,
    [executor.phone, executor.email].filter(Boolean).join(' · '),
    executor.bank ? `р/с ${executor.bank.account}, БИК ${executor.bank.bik}${executor.bank.correspondent ? `, к/с ${executor.bank.correspondent}` : ''}` : '',
  ].filter(Boolean);

/** The subtitle under the title: «№ КП-17 от 24.11.2026», or only the date. */
export const numberAndDate = (document: ProposalDocument) => `${document.number ? `№ ${document.number} ` : ''}от ${document.date}`;

/** The VAT row: the dealer's rate on the proposal's date with the amount, or «Без НДС» and a dash. */
export const vatRow = (totals: ProposalDocument['totals'], money: (amount: number) => string) => ({
  label: vatLabel(totals.vatPercent),
  amount: totals.vatPercent === null ? '—' : `${money(totals.vat)} ₽`,
});

/**
 * The closing note. Where a retail price is crossed out it says what that price is: the recommended retail price, not
 * the price before the dealer's discount («Скидка» in the totals is only the latter).
 */
export function closingNote(document: ProposalDocument): string {
  const crossed = document.positions.some((position) => position.lines.some((line) => line.crossedRetailPrice !== null));
  return (
    'Цены указаны в рублях.' +
    (crossed ? ' Зачёркнута рекомендованная розничная цена.' : '') +
    ' Предложение подготовлено на основании актуальных цен и может быть уточнено при оформлении заказа.'
  );
}
