/** Database rows (roubles, the spec's names) as the domain's pricing inputs (kopecks): the one mapping every area prices through. */
import { toKopecks, type PricingContract } from '@portal/domain';

/** A company's contracts (rows with the spec's names) as the domain's pricing contracts. */
export function pricingContractsOf(contracts: ReadonlyArray<{ guid: string; discount: number; pricetype: string }>): PricingContract[] {
  return contracts.map((contract) => ({ organisation: contract.guid, priceType: contract.pricetype, discountPercent: contract.discount }));
}

/** A product row's two prices in kopecks. */
export const productPriceListOf = (row: { price: number; priceOpt: number }) => ({ listKopecks: toKopecks(row.price), dealerKopecks: toKopecks(row.priceOpt) });

/** An offer row's organisation and dealer-level price in kopecks. */
export const offerPriceListOf = (row: { orgGuid: string; price: number }) => ({ organisation: row.orgGuid, dealerKopecks: toKopecks(row.price) });
