/**
 * A rejected order «На согласовании» back as the working order, for its purchaser to change and send again instead
 * of it (`replaces_approval`): the request the server priced (`approval.order`, product guids and units per offer) with each product looked up in the
 * catalogue and priced for the company's contracts today, as a line newly added would be.
 */
import { blankOrder, contractsOf, type TCompany, type TOrderPayload } from '@portal/contracts';
import { SEARCH_OPTION } from '@portal/domain';
import { searchProduct } from '../../../shared/api/search-product';
import type { WebOrder } from './order-store';
import { positionFor } from './positions';
import { recalculate } from './working-order';

export async function fromApproval(approval: { id: number; order: TOrderPayload }, company: TCompany | undefined, now = Date.now()): Promise<WebOrder> {
  const request = approval.order;
  const storages = company?.storages ?? [];
  const contracts = contractsOf(storages);
  // Units per offer, by product: stock and pre-order lines of one product are one position of the working order.
  const units = new Map<string, Map<string, number>>();
  for (const position of [...(request.position ?? []), ...(request.position_presail ?? [])]) {
    const counts = units.get(position.guid) ?? new Map<string, number>();
    for (const line of position.characteristics) counts.set(line.guid, (counts.get(line.guid) ?? 0) + line.quantity);
    units.set(position.guid, counts);
  }
  const products = [...units.keys()];
  const found = await Promise.all(products.map((guid) => searchProduct({ query: guid, option: SEARCH_OPTION.ID, partner: request.partner_id })));
  // A product no longer sold leaves the order, as it does when an order from the history is loaded.
  const positions = found.flatMap((result, index) => {
    const position = result && result.PRODUCT.UID === products[index] ? positionFor(result, units.get(products[index]!)!, storages) : null;
    return position ? [position] : [];
  });
  return recalculate(
    {
      ...blankOrder(),
      id: now,
      date: now,
      partner_id: request.partner_id,
      storage: request.storage ?? storages[0]?.guid,
      contracts,
      comment: request.comment ?? '',
      // The date is chosen again, as for «Создать на основе»: the one refused may have passed.
      delivery: { address: '', case: 'pickup', cost: 0, bill_to: '', ...request.delivery, date: '' },
      bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0, ...request.bags },
      request_certificate: request.request_certificate ?? false,
      position: positions,
      position_presail: [],
      // Sent with the order, so that exactly this rejected order leaves the lists (and survives a reload: it is synced).
      replaces_approval: approval.id,
    },
    contracts,
  );
}
