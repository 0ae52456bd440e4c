/**
 * The working order (spec §3/§4): one zustand store written to localStorage (`working_order`) after every change,
 * so a reload keeps it. Every change goes through the domain rules (merge, stock split, totals).
 */
import {
  addPositions,
  blankOrder,
  recalculate,
  removePosition,
  setLineCount,
  type OrderList,
  type Position,
  type WorkingOrder,
} from '@portal/domain';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../../shared/storage-keys';

/** The working order with the contract the dealer chose (ours; sent as `storage`). */
export type WebOrder = WorkingOrder & { storage?: string };

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
  add(positions: readonly Position[]): void;
  setCount(list: OrderList, guid: string, lineGuid: string, count: number): void;
  remove(guid: string): void;
  /** Company, contract, delivery, comment, bags, certificates: kept even while the order is empty. */
  patch(changes: Partial<WebOrder>): void;
  /** Replaces the order (a draft used, an order copied or edited). */
  replace(order: WebOrder): void;
  reset(): void;
}

/** Keeps who and how across a reset-to-blank of the domain rule (only positions empty the order). */
const keepSettings = (before: WebOrder, after: WorkingOrder): WebOrder =>
  after.id === 0 && after.position.length === 0 && after.position_presail.length === 0
    ? { ...after, partner_id: before.partner_id, storage: before.storage, delivery: before.delivery }
    : after;

export const useOrderStore = create<OrderState>((set, get) => {
  const commit = (order: WebOrder) => {
    write(order);
    set({ order });
  };
  return {
    order: read(),
    add: (positions) => commit(addPositions(get().order, positions) as WebOrder),
    setCount: (list, guid, lineGuid, count) => {
      const before = get().order;
      commit(keepSettings(before, setLineCount(before, list, guid, lineGuid, count)));
    },
    remove: (guid) => {
      const before = get().order;
      commit(keepSettings(before, removePosition(before, guid)));
    },
    patch: (changes) => {
      const next = { ...get().order, ...changes };
      const hasLines = next.position.length > 0 || next.position_presail.length > 0;
      commit(hasLines ? (recalculate(next) as WebOrder) : next);
    },
    replace: (order) => commit(order.position.length + order.position_presail.length > 0 ? (recalculate(order) as WebOrder) : order),
    reset: () => {
      const before = get().order;
      commit({ ...blankOrder(), partner_id: before.partner_id, storage: before.storage });
    },
  };
});

// Another tab changed the order: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.workingOrder) useOrderStore.setState({ order: read() });
  });
}

export const selectPositionCount = (state: OrderState) => state.order.count;
