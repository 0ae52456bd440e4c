/** Order drafts (spec §4 «Drafts»): the list lives in localStorage under `orders_drafts`, written after every change. */
import type { WorkingOrder } from '@portal/contracts';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../../shared/storage-keys';

export type Draft = WorkingOrder & { storage?: string };

function read(): Draft[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.drafts) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed.filter((item) => item && typeof item === 'object' && 'id' in item) as Draft[]) : [];
  } catch {
    return [];
  }
}

interface DraftsState {
  drafts: Draft[];
  /** Saves a copy of the order as a draft with a name; its id is the save time (shown as the draft's date). */
  save(order: WorkingOrder & { storage?: string }, name: string, now?: number): Draft;
  rename(id: number, name: string): void;
  remove(id: number): void;
  clear(): void;
}

export const useDraftsStore = create<DraftsState>((set, get) => {
  const commit = (drafts: Draft[]) => {
    localStorage.setItem(STORAGE_KEYS.drafts, JSON.stringify(drafts));
    set({ drafts });
  };
  return {
    drafts: read(),
    save: (order, name, now = Date.now()) => {
      // Two saves in one millisecond still get distinct ids.
      const taken = new Set(get().drafts.map((draft) => draft.id));
      let id = now;
      while (taken.has(id)) id += 1;
      const draft: Draft = { ...structuredClone(order), id, date: id, edit: false, number: undefined, name: name.trim() || defaultDraftName(id) };
      commit([draft, ...get().drafts]);
      return draft;
    },
    rename: (id, name) => commit(get().drafts.map((draft) => (draft.id === id ? { ...draft, name: name.trim() || draft.name } : draft))),
    remove: (id) => commit(get().drafts.filter((draft) => draft.id !== id)),
    clear: () => commit([]),
  };
});

export function defaultDraftName(id: number): string {
  const date = new Date(id);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Черновик от ${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.drafts) useDraftsStore.setState({ drafts: read() });
  });
}
