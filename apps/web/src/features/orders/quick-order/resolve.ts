/**
 * Quick order: each parsed line is looked up by article in the catalogue; a line becomes a position when the product
 * and its size are found, otherwise it is reported with the reason so the dealer can correct it and retry.
 */
import type { Position, TProductSearchResult, TStorage } from '@portal/contracts';
import { ORDER_LINE_QUANTITY_MAX, SEARCH_OPTION, articleKey, quantityTooLargeText, type QuickOrderLine, type QuickOrderProblem } from '@portal/domain';
import { offersOf, positionFor } from '../model/positions';
import type { ProductSearchInput } from '../../../shared/api/search-product';

export type Lookup = (article: string) => Promise<TProductSearchResult | null>;
/** Units of one size (a product's guid, an offer's GUID) already in the order. */
export type UnitsInOrder = (productGuid: string, offerGuid: string) => number;

export interface QuickOrderResolution {
  positions: Position[];
  problems: QuickOrderProblem[];
}

export async function resolveQuickOrder(
  lines: readonly QuickOrderLine[],
  lookup: Lookup,
  contracts: readonly TStorage[],
  unitsInOrder: UnitsInOrder = () => 0,
): Promise<QuickOrderResolution> {
  const positions: Position[] = [];
  const problems: QuickOrderProblem[] = [];
  const cache = new Map<string, Promise<TProductSearchResult | null>>();
  const find = (article: string) => {
    const key = articleKey(article);
    if (!cache.has(key)) cache.set(key, lookup(article));
    return cache.get(key)!;
  };
  // Four lookups at a time: quick for a long list, gentle on the server.
  const queue = [...lines];
  const worker = async () => {
    for (let line = queue.shift(); line; line = queue.shift()) {
      const problem = (reason: string) => problems.push({ lineNo: line!.lineNo, raw: line!.raw, reason });
      let result: TProductSearchResult | null;
      try {
        result = await find(line.article);
      } catch (error) {
        problem(`Не удалось найти товар: ${(error as Error).message}`);
        continue;
      }
      if (!result || articleKey(result.PRODUCT.ARTICLE) !== articleKey(line.article)) {
        problem(`Артикул «${line.article}» не найден в каталоге: проверьте написание.`);
        continue;
      }
      const offers = offersOf(result);
      const wanted = line.characteristic.toLowerCase();
      const offer = wanted ? offers.find((candidate) => candidate.CHARACTERISTIC.toLowerCase() === wanted) : offers.length === 1 ? offers[0] : undefined;
      if (!offer) {
        const sizes = offers.map((candidate) => candidate.CHARACTERISTIC).join(', ');
        problem(
          wanted
            ? `У ${result.PRODUCT.ARTICLE} нет размера «${line.characteristic}»: есть ${sizes}.`
            : `У ${result.PRODUCT.ARTICLE} несколько размеров (${sizes}): укажите размер между артикулом и количеством.`,
        );
        continue;
      }
      // The order's limit holds for the size's whole quantity: what is there already and what this line adds.
      const already = unitsInOrder(result.PRODUCT.UID, offer.GUID);
      if (already + line.quantity > ORDER_LINE_QUANTITY_MAX) {
        problem(`В заказе уже ${already} шт. ${result.PRODUCT.ARTICLE} ${offer.CHARACTERISTIC}, вместе ${quantityTooLargeText(already + line.quantity)}`);
        continue;
      }
      const position = positionFor(result, new Map([[offer.GUID, line.quantity]]), contracts);
      if (position) positions.push(position);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, lines.length) }, worker));
  problems.sort((a, b) => a.lineNo - b.lineNo);
  return { positions, problems };
}

export const articleLookup = (search: (input: ProductSearchInput) => Promise<TProductSearchResult | null>, priceUid?: string): Lookup =>
  (article) => search({ query: article.toUpperCase(), option: SEARCH_OPTION.ARTICLE, priceUid });
