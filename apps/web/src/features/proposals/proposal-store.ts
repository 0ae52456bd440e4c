/**
 * The proposal wizard (spec §3 «Commercial proposal», §4 «Proposal wizard»): the picked positions with their own
 * discount or markup, the customer, the conditions, the header, logo and banner, the output format and the step.
 * Kept in localStorage so a reload does not lose the work. Integration point: startProposalFromPositions (drafts).
 */
import { NO_MARKUP, type ProposalMarkup } from '@portal/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { NO_PROPOSAL_CONDITIONS, productImagePath, type TLogoAlign, type TProposalConditions, type TProposalFormat } from '@portal/contracts';
import type { IncomingPosition } from '../../shared/proposal-handoff';

/** One characteristic line (size, height) of a picked product: `guid` is the offer's guid. */
export interface ProposalLine {
  guid: string;
  characteristic: string;
  quantity: number;
  /** The dealer's price of one unit today, for showing the resulting price at once; the server prices again. */
  fullprice: number;
  /** The recommended retail price of one unit: the only price the document may cross out. */
  retailprice?: number;
  /** The dealer's price when the line was saved in a draft (a proposal made from a draft says what changed). */
  savedprice?: number;
  residue?: number;
}

/** A picked product with its lines and its own markup. `guid` is the product's UID. */
export interface ProposalItem {
  guid: string;
  article: string;
  name: string;
  image: string | null;
  lines: ProposalLine[];
  markup: ProposalMarkup;
}

export interface ProposalOfferDraft {
  executorUID: string;
  customer: string;
  customerInn: string;
  /** Found by INN (or typed): printed in the customer block when known. */
  customerKpp: string;
  customerAddress: string;
  n: string;
  /** YYYY-MM-DD */
  date: string;
  comment: string;
}

export interface ProposalDesign {
  header: boolean;
  headerLogo: number | null;
  headerLogoAlign: TLogoAlign;
  headerText: string;
  banner: boolean;
  bannerId: number | null;
}

export const PROPOSAL_STEPS = 4;

export interface ProposalState {
  /** 1 products · 2 prices · 3 customer and conditions · 4 design and download. */
  step: number;
  items: ProposalItem[];
  offer: ProposalOfferDraft;
  additionally: TProposalConditions;
  design: ProposalDesign;
  format: TProposalFormat;
  portrait: boolean;
  /** The organisation name found by INN (spec §3 org_name). */
  orgName: string;
  /** True while lines taken from a draft still carry the draft's prices (todays-prices.ts replaces them). */
  needsTodaysPrices: boolean;
  /** What changed since the draft was saved, said on every step. */
  priceChanges: string[];

  setStep(step: number): void;
  /** Sets a line's count, adding the product and the line when they are new; 0 unpicks the line. */
  setLineQuantity(item: Omit<ProposalItem, 'lines' | 'markup'>, line: Omit<ProposalLine, 'quantity'>, quantity: number): void;
  removeItem(guid: string): void;
  setMarkup(guid: string, markup: ProposalMarkup): void;
  setOffer(patch: Partial<ProposalOfferDraft>): void;
  setAdditionally(patch: Partial<TProposalConditions>): void;
  setDesign(patch: Partial<ProposalDesign>): void;
  setFormat(format: TProposalFormat): void;
  setPortrait(portrait: boolean): void;
  setOrgName(name: string): void;
  /** Replaces the positions with these (a draft's), keeping the rest, and opens step 2. */
  startFromPositions(positions: readonly IncomingPosition[]): void;
  /** Today's prices for the items (lines no longer sold are gone) and what changed since the draft. */
  setTodaysPrices(items: ProposalItem[], changes: string[]): void;
  reset(): void;
}

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** A suggested proposal number the dealer can change: date and time, unique enough for one dealer. */
const suggestedNumber = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}${pad(now.getMonth() + 1)}${String(now.getFullYear()).slice(2)}-${pad(now.getHours())}${pad(now.getMinutes())}`;
};

const blank = () => ({
  step: 1,
  items: [] as ProposalItem[],
  offer: { executorUID: '', customer: '', customerInn: '', customerKpp: '', customerAddress: '', n: suggestedNumber(), date: today(), comment: '' },
  additionally: { ...NO_PROPOSAL_CONDITIONS },
  design: { header: true, headerLogo: null, headerLogoAlign: 'left' as TLogoAlign, headerText: '', banner: false, bannerId: null },
  format: 'PDF' as TProposalFormat,
  portrait: true,
  orgName: '',
  needsTodaysPrices: false,
  priceChanges: [] as string[],
});

/** Positions of a draft or an order as proposal items: same products merged, counts of the same line added up. */
export function itemsFromPositions(positions: readonly IncomingPosition[]): ProposalItem[] {
  const items: ProposalItem[] = [];
  for (const position of positions) {
    const guid = position.product?.UID ?? position.guid;
    if (!guid) continue;
    let item = items.find((candidate) => candidate.guid === guid);
    if (!item) {
      item = {
        guid,
        article: position.article ?? position.product?.ARTICLE ?? '',
        name: position.name ?? position.product?.NAME ?? position.article ?? position.product?.ARTICLE ?? '',
        // Draft and order positions carry the product's id, not its picture: the main picture by id.
        image: position.image ?? (position.product?.ID ? productImagePath(position.product.ID) : null),
        lines: [],
        markup: { ...NO_MARKUP },
      };
      items.push(item);
    }
    for (const characteristic of position.characteristics ?? []) {
      const lineGuid = characteristic.guid ?? characteristic.GUID;
      const quantity = Math.max(0, Math.trunc(characteristic.quantity ?? characteristic.count ?? 0));
      if (!lineGuid || quantity <= 0) continue;
      const existing = item.lines.find((line) => line.guid === lineGuid);
      if (existing) existing.quantity += quantity;
      else
        item.lines.push({
          guid: lineGuid,
          characteristic: characteristic.CHARACTERISTIC ?? characteristic.characteristic ?? '',
          quantity,
          fullprice: characteristic.fullprice ?? characteristic.PRICE ?? 0,
          savedprice: characteristic.fullprice ?? characteristic.PRICE ?? 0,
          residue: characteristic.RESIDUE,
        });
    }
  }
  return items.filter((item) => item.lines.length > 0);
}

/** Spec §5: going on needs at least one line with a count above 0. */
export const hasPickedLine = (items: readonly ProposalItem[]) => items.some((item) => item.lines.some((line) => line.quantity > 0));

export const useProposalStore = create<ProposalState>()(
  persist(
    (set) => ({
      ...blank(),
      setStep: (step) => set({ step: Math.min(PROPOSAL_STEPS, Math.max(1, step)) }),
      setLineQuantity: (itemInfo, lineInfo, quantity) =>
        set((state) => {
          const count = Math.max(0, Math.trunc(Number.isFinite(quantity) ? quantity : 0));
          const items = state.items.map((item) => ({ ...item, lines: [...item.lines] }));
          let item = items.find((candidate) => candidate.guid === itemInfo.guid);
          if (!item) {
            if (count === 0) return state;
            item = { ...itemInfo, lines: [], markup: { ...NO_MARKUP } };
            items.push(item);
          }
          const index = item.lines.findIndex((line) => line.guid === lineInfo.guid);
          if (index >= 0) item.lines[index] = { ...item.lines[index]!, ...lineInfo, quantity: count };
          else if (count > 0) item.lines.push({ ...lineInfo, quantity: count });
          return { items };
        }),
      removeItem: (guid) => set((state) => ({ items: state.items.filter((item) => item.guid !== guid) })),
      setMarkup: (guid, markup) =>
        set((state) => ({ items: state.items.map((item) => (item.guid === guid ? { ...item, markup } : item)) })),
      setOffer: (patch) => set((state) => ({ offer: { ...state.offer, ...patch } })),
      setAdditionally: (patch) => set((state) => ({ additionally: { ...state.additionally, ...patch } })),
      setDesign: (patch) => set((state) => ({ design: { ...state.design, ...patch } })),
      setFormat: (format) => set({ format }),
      setPortrait: (portrait) => set({ portrait }),
      setOrgName: (orgName) => set({ orgName }),
      startFromPositions: (positions) => set({ items: itemsFromPositions(positions), step: 2, needsTodaysPrices: true, priceChanges: [] }),
      setTodaysPrices: (items, priceChanges) => set({ items, priceChanges, needsTodaysPrices: false }),
      reset: () => set(blank()),
    }),
    {
      name: 'kp_wizard',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ step, items, offer, additionally, design, format, portrait, orgName, needsTodaysPrices, priceChanges }) => ({
        step,
        items,
        offer,
        additionally,
        design,
        format,
        portrait,
        orgName,
        needsTodaysPrices,
        priceChanges,
      }),
    },
  ),
);

/**
 * Integration point for the drafts modal (spec §4 «Drafts»): copies a draft's positions into the proposal and sets
 * step 2. The caller then navigates to /kp.
 */
export function startProposalFromPositions(positions: readonly IncomingPosition[]): void {
  useProposalStore.getState().startFromPositions(positions);
}
