/**
 * The working order at other full prices: the chosen company's (a company switched on /order: its prices by its
 * contracts, from the catalogue's search) or the server's (the prices of an order it refused as changed). Each line
 * found gets its new full price (and stock, when known) and the order is priced again by the domain's rule for the
 * company's contracts; a line not found keeps its own, for the server to price (it then answers PRICES_CHANGED).
 */
import { contractsOf, type Position, type TCompany, type TOrderPayload } from '@portal/contracts';
import { recalculate, type FreshOffer } from './working-order';
import { fromKopecks, toKopecks } from '@portal/domain';
import type { WebOrder } from './order-store';
import { todaysOffers } from './todays-offers';

type NewFullPrice = Pick<FreshOffer, 'fullPriceKopecks'> & Partial<Pick<FreshOffer, 'stock'>>;

export function withFullPrices(order: WebOrder, fresh: ReadonlyMap<string, NewFullPrice>): WebOrder {
  const update = (positions: Position[]) =>
    positions.map((position) => ({
      ...position,
      characteristics: position.characteristics.map((line) => {
        const now = fresh.get(line.GUID);
        return now ? { ...line, fullprice: fromKopecks(now.fullPriceKopecks), RESIDUE: now.stock ?? line.RESIDUE } : line;
      }),
    }));
  return recalculate({ ...order, position: update(order.position), position_presail: update(order.position_presail) }, order.contracts ?? []);
}

/** Today's full prices and stock of the order's lines for `company` (its contracts decide each offer's price type). */
export function companyPrices(order: WebOrder, company: TCompany): Promise<Map<string, FreshOffer>> {
  return todaysOffers([...order.position, ...order.position_presail], company.uid);
}

/** The order for `company`: its uid, first contract and contracts' discounts; prices follow via `withFullPrices`. */
export function forCompany(order: WebOrder, company: TCompany): WebOrder {
  return { ...order, partner_id: company.uid, storage: company.storages[0]?.guid, contracts: contractsOf(company.storages) };
}

/** The full prices of the server's priced order, by offer guid. */
export function serverFullPrices(confirmed: TOrderPayload): Map<string, NewFullPrice> {
  const lines = [...(confirmed.position ?? []), ...(confirmed.position_presail ?? [])].flatMap((position) => position.characteristics);
  return new Map(lines.map((line) => [line.guid, { fullPriceKopecks: toKopecks(line.fullprice ?? 0) }]));
}
