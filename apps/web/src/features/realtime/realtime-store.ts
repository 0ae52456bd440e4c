/** The realtime connection's state (spec §4): connected or closed, and the reconnect-error flag. */
import { create } from 'zustand';
import type { RealtimeState } from './realtime-socket';

export interface RealtimeStore {
  state: RealtimeState;
  /** Set when the reconnect attempts ran out; cleared on the next open. */
  reconnectError: boolean;
  setState(state: RealtimeState): void;
  setReconnectError(value: boolean): void;
}

export const useRealtimeStore = create<RealtimeStore>((set) => ({
  state: 'closed',
  reconnectError: false,
  setState: (state) => set(state === 'connected' ? { state, reconnectError: false } : { state }),
  setReconnectError: (reconnectError) => set({ reconnectError }),
}));
