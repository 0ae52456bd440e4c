// Counts shown on the shell's sidebar badges: positions of the working order and saved drafts.
import { useDraftsStore } from './model/drafts-store';
import { useOrderStore } from './model/order-store';

export function useOrderPositionCount(): number {
  return useOrderStore((state) => state.order.count);
}

export function useDraftCount(): number {
  return useDraftsStore((state) => state.drafts.length);
}
