/**
 * The company's current discount (spec §9): the discount of its contract with ES when that is above 0, otherwise the
 * discount of its first contract (storage); 0 for a company without contracts.
 */
import { ORGANISATION } from './constants';

export interface DiscountedContract {
  guid: string;
  discount: number;
}

export function currentDiscount(storages: readonly DiscountedContract[]): number {
  const es = storages.find((storage) => storage.guid === ORGANISATION.ES);
  if (es && es.discount > 0) return es.discount;
  return storages[0]?.discount ?? 0;
}
