/**
 * Price: the order as the server charges it — the lines asked, checked against the catalogue (the first problem is
 * the answer), priced by the domain's one rule from the company's contracts and split against the stock read.
 */
import { askedLinesOf, deliveryOf, type TOrderPayloadParsed } from '@portal/contracts';
import { orderProblems, organisationName, priceOrder, type PricedOrder } from '@portal/domain';
import { badRequest } from '../../../lib/errors';
import { orderCatalogue } from '../order-pricing';
import type * as repo from '../orders.repository';

/**
 * The priced order of `payload` from `offers` as read (their stock plus `held`, what the order's previous version
 * gives back on an edit).
 */
export function priceOrderRequest(
  payload: TOrderPayloadParsed,
  context: Pick<repo.OrderContext, 'contracts' | 'products'>,
  offers: readonly repo.OfferRow[],
  held: ReadonlyMap<number, number> = new Map(),
): PricedOrder {
  const catalogue = orderCatalogue(context.contracts, context.products, offers, held);
  const asked = askedLinesOf(payload);
  const [problem] = orderProblems(asked, catalogue, (guid) => organisationName(guid));
  if (problem) throw badRequest(problem);
  return priceOrder({ lines: asked, delivery: deliveryOf(payload.delivery) }, catalogue);
}
