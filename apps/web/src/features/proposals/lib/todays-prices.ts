/**
 * The proposal's lines at today's prices: a line's dealer price and recommended retail price as the catalogue gives
 * them now (the same search the first step uses). A proposal made from a draft is priced so before the wizard, the
 * preview and the document show it, and says which lines changed since the draft was saved.
 */
import { isPlaceholderOffer, offersOrPlaceholder, type TProductSearchResult } from '@portal/contracts';
import { lineLabel, offerRetailPrice, savedLineChanges, toKopecks } from '@portal/domain';
import type { ProposalItem, ProposalLine } from '../proposal-store';

/** The lines a search result offers, each with today's dealer price and retail price. */
export function linesOf(result: TProductSearchResult): Array<Omit<ProposalLine, 'quantity'>> {
  const product = result.PRODUCT;
  return offersOrPlaceholder(result.OFFERS, product).map((offer) => ({
    guid: offer.GUID,
    characteristic: offer.CHARACTERISTIC,
    fullprice: offer.PRICE,
    retailprice: offerRetailPrice(product.PRICE, product.PRICE_OPT, offer.PRICE),
    residue: isPlaceholderOffer(offer, product.UID) ? 0 : offer.RESIDUE,
  }));
}

/** Items re-priced from today's search results (by article); lines no longer sold leave; the changes, in Russian. */
export function atTodaysPrices(items: readonly ProposalItem[], results: ReadonlyMap<string, TProductSearchResult | null>): { items: ProposalItem[]; changes: string[] } {
  const saved = items.flatMap((item) =>
    item.lines.map((line) => ({ offerGuid: line.guid, label: lineLabel(item.article, line.characteristic), priceKopecks: toKopecks(line.savedprice ?? line.fullprice) })),
  );
  const today = new Map<string, Omit<ProposalLine, 'quantity'>>();
  for (const result of results.values()) if (result) for (const line of linesOf(result)) today.set(line.guid, line);
  const priced = items
    .map((item) => ({
      ...item,
      lines: item.lines.flatMap((line) => {
        const now = today.get(line.guid);
        return now ? [{ ...line, ...now, savedprice: undefined }] : [];
      }),
    }))
    .filter((item) => item.lines.length > 0);
  const changes = savedLineChanges(saved, new Map([...today].map(([guid, line]) => [guid, { priceKopecks: toKopecks(line.fullprice), stock: line.residue ?? 0 }])));
  return { items: priced, changes: changes.map((change) => change.message) };
}
