/** The working order as the catalogue sees it (shared/working-order-port.ts), over the orders feature's store. */
import { contractsOf } from '@portal/contracts';
import { positionFor } from '../features/orders/model/positions';
import { useOrderStore } from '../features/orders/model/order-store';
import type { WorkingOrderPort } from '../shared/working-order-port';

export const workingOrderPort: WorkingOrderPort = {
  held() {
    const { order } = useOrderStore.getState();
    const held = new Map<string, number>();
    for (const position of [...order.position, ...order.position_presail]) {
      for (const line of position.characteristics) held.set(line.GUID, (held.get(line.GUID) ?? 0) + line.count);
    }
    return held;
  },
  add(result, counts, company) {
    const store = useOrderStore.getState();
    const position = positionFor(result, counts, company.storages);
    if (!position) return 0;
    // An empty order takes the company it is added for, as the order page does when a company is chosen.
    if (store.order.position.length === 0 && store.order.position_presail.length === 0 && store.order.partner_id !== company.uid) {
      store.patch({ partner_id: company.uid, storage: company.storages[0]?.guid, contracts: contractsOf(company.storages) });
    }
    // What the order really took, so «Добавлено в заказ» never claims more.
    return store.add([position]);
  },
};
