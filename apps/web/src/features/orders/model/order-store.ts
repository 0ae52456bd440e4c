/**
 * The working order (spec §3/§4): one zustand store written to localStorage (`working_order`) after every change,
 * so a reload keeps it; working-order-sync.ts keeps it in step with the server's copy and the user's other devices.
 * Every change goes through the domain's one pricing rule (working-order.ts maps the stored shape to it and back), with
 * the contracts of the chosen company.
 */
import { blankOrder, type Position, type WorkingOrder } from '@portal/contracts';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../../shared/storage-keys';
import { addPositions, orderUnits, recalculate, removePosition, setLineCount, type OrderList, type PricingContracts } from './working-order';

/**
 * The working order with the contract the dealer chose (ours; sent as `storage`) and the company's contracts it is
 * priced with (kept with the order, so a reload prices it the same before the companies load).
 */
export type WebOrder = WorkingOrder & { storage?: string; contracts?: PricingContracts };

function read(): WebOrder {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.workingOrder);
    if (!raw) return blankOrder();
    const parsed = JSON.parse(raw) as WebOrder;
    return Array.isArray(parsed.position) && Array.isArray(parsed.position_presail) ? { ...blankOrder(), ...parsed } : blankOrder();
  } catch {
    return blankOrder();
  }
}

function write(order: WebOrder) {
  try {
    localStorage.setItem(STORAGE_KEYS.workingOrder, JSON.stringify(order));
  } catch {
    // Storage full or disabled: the order still works for this page view.
  }
}

interface OrderState {
  order: WebOrder;
  /** Adds positions; answers how many units the order really took (a size past the line limit is not added). */
  add(positions: readonly Position[]): number;
  setCount(list: OrderList, guid: string, lineGuid: string, count: number): void;
  remove(guid: string): void;
  /** Company, contract, delivery, comment, bags, certificates, contracts: kept even while the order is empty. */
  patch(changes: Partial<WebOrder>): void;
  /** Replaces the order (a draft used, an order copied or edited). */
  replace(order: WebOrder): void;
  reset(): void;
  /** Signed out: the order leaves memory, nothing is written (the sign-out clears the storage key). */
  forget(): void;
}

const pricing = (order: WebOrder) => order.contracts ?? [];
const hasLines = (order: WorkingOrder) => order.position.length > 0 || order.position_presail.length > 0;

/** Keeps who and how across a reset-to-blank of the domain rule (only positions empty the order). */
const keepSettings = (before: WebOrder, after: WebOrder): WebOrder =>
  after.id === 0 && !hasLines(after)
    ? { ...after, partner_id: before.partner_id, storage: before.storage, delivery: before.delivery, contracts: before.contracts }
    : after;

export const useOrderStore = create<OrderState>((set, get) => {
  const commit = (order: WebOrder) => {
    write(order);
    set({ order });
  };
  const change = (next: (before: WebOrder) => WebOrder) => {
    const before = get().order;
    commit(keepSettings(before, next(before)));
  };
  return {
    order: read(),
    add: (positions) => {
      const before = orderUnits(get().order);
      change((order) => addPositions(order, positions, pricing(order)));
      return orderUnits(get().order) - before;
    },
    setCount: (list, guid, lineGuid, count) => change((before) => setLineCount(before, list, guid, lineGuid, count, pricing(before))),
    remove: (guid) => change((before) => removePosition(before, guid, pricing(before))),
    patch: (changes) => {
      const before = get().order;
      const next = { ...before, ...changes };
      // A rejected order is sent again to the company it was for: for another company this is a new order.
      if (changes.partner_id !== undefined && changes.partner_id !== before.partner_id) delete next.replaces_approval;
      commit(hasLines(next) ? recalculate(next, pricing(next)) : next);
    },
    replace: (order) => commit(hasLines(order) ? recalculate(order, pricing(order)) : order),
    reset: () => {
      const before = get().order;
      commit({ ...blankOrder(), partner_id: before.partner_id, storage: before.storage, contracts: before.contracts });
    },
    forget: () => set({ order: blankOrder() }),
  };
});

// Another tab changed the order: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.workingOrder) useOrderStore.setState({ order: read() });
  });
}

export const selectPositionCount = (state: OrderState) => state.order.count;
