/** What a proposal document shows, priced and resolved, independent of the output format (PDF or Word). */
import type { TLogoAlign } from '@portal/contracts';
import type { ProposalMarkup, ProposalTotals } from '@portal/domain';
import type { ImageAsset } from './proposal-images';

export interface ProposalDocumentLine {
  guid: string;
  characteristic: string;
  quantity: number;
  fullPrice: number;
  price: number;
  fullSum: number;
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
  customer: { name: string; inn: string };
  positions: ProposalDocumentPosition[];
  totals: ProposalTotals & { positions: number };
  conditions: Array<{ label: string; text: string }>;
  comment: string;
}

export const documentTitle = (document: ProposalDocument) =>
  `Коммерческое предложение${document.number ? ` № ${document.number}` : ''} от ${document.date}`;

/** Whether any line is sold below the portal's price: only then the document shows the old price and the discount. */
export const hasDiscount = (document: ProposalDocument) => document.totals.discount > 0;
