/**
 * Today's full price and stock of the lines of a saved order (a draft, an order from the history): looked up in the
 * catalogue by article, so a line taken from it is priced exactly as a newly added line would be today.
 */
import { contractsOf, offerOf, type Position, type TCompany } from '@portal/contracts';
import { refreshLines, type FreshOffer } from './working-order';
import { SEARCH_OPTION } from '@portal/domain';
import { searchProduct } from '../../../shared/api/search-product';
import type { WebOrder } from './order-store';
import { offersOf } from './positions';

/**
 * By offer guid; a line whose product or size is no longer sold has no entry. Prices are the company's (`partner`: its
 * contract with each offer's organisation decides the price type). `held` adds units the order holds.
 */
export async function todaysOffers(positions: readonly Position[], partner: string | undefined, held: ReadonlyMap<string, number> = new Map()): Promise<Map<string, FreshOffer>> {
  const articles = [...new Set(positions.map((position) => position.article))];
  const results = await Promise.all(articles.map((article) => searchProduct({ query: article, option: SEARCH_OPTION.ARTICLE, partner })));
  const fresh = new Map<string, FreshOffer>();
  results.forEach((result, index) => {
    if (!result || result.PRODUCT.ARTICLE.toUpperCase() !== articles[index]!.toUpperCase()) return;
    for (const offer of offersOf(result)) {
      const today = offerOf(result.PRODUCT.UID, offer);
      fresh.set(today.guid, { fullPriceKopecks: today.fullPriceKopecks, stock: today.stock + (held.get(today.guid) ?? 0) });
    }
  });
  return fresh;
}

/** The order priced at today's prices and stock for its company's contracts; lines no longer sold leave it. */
export async function atTodaysPrices(order: WebOrder, company: TCompany | undefined, held?: ReadonlyMap<string, number>): Promise<WebOrder> {
  const storages = company?.storages ?? [];
  const contracts = contractsOf(storages);
  const fresh = await todaysOffers([...order.position, ...order.position_presail], company?.uid, held);
  return refreshLines({ ...order, contracts }, fresh, contracts);
}
