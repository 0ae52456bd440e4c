/**
 * Order drafts (spec §4 «Drafts»). The server keeps them per user (drafts-sync.ts sends and fetches); this store is
 * what the screens show, written to localStorage under `orders_drafts` after every change as the offline copy. A change
 * made here shows at once and is marked until the server has it: a draft without a revision is not stored there yet, a
 * `renamed` one has a new name to send, and deleted ids wait in `removed` (`orders_drafts_removed`).
 */
import type { TDraft, WorkingOrder } from '@portal/contracts';
import type { PricingContracts } from './working-order';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../../shared/storage-keys';

export type Draft = WorkingOrder & {
  storage?: string;
  contracts?: PricingContracts;
  /** The server's revision; absent while the draft is only in this browser. */
  revision?: number;
  /** Renamed here; the server does not have the name yet. */
  renamed?: boolean;
};

function readList<T>(key: string, keep: (item: unknown) => boolean): T[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed.filter(keep) as T[]) : [];
  } catch {
    return [];
  }
}

const readDrafts = () => readList<Draft>(STORAGE_KEYS.drafts, (item) => Boolean(item) && typeof item === 'object' && 'id' in (item as object));
const readRemoved = () => readList<number>(STORAGE_KEYS.draftsRemoved, (item) => typeof item === 'number');

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the list still holds for this page view, and the server keeps it.
  }
}

const newestFirst = (drafts: Draft[]) => [...drafts].sort((a, b) => b.id - a.id);

interface DraftsState {
  drafts: Draft[];
  /** Drafts deleted here, until the server confirms. */
  removed: number[];
  /** Saves a copy of the order as a draft with a name; its id is the save time (shown as the draft's date). */
  save(order: WorkingOrder & { storage?: string }, name: string, now?: number): Draft;
  rename(id: number, name: string): void;
  remove(id: number): void;
  /** Deletes the drafts listed here; one saved meanwhile on another device is kept. */
  clear(): void;
  /** The server's list: it replaces what the server has; drafts and changes not sent yet stay. */
  applyServerList(list: TDraft[]): void;
  /** A draft the server stored (here or on another device). */
  applySaved(draft: TDraft): void;
  /** Drafts the server deleted (here or on another device). */
  applyRemoved(ids: number[]): void;
  /** The server confirmed these deletions. */
  confirmRemoved(ids: number[]): void;
  /** Signed out: the list leaves memory (the storage keys are cleared by the sign-out). */
  forget(): void;
}

export const useDraftsStore = create<DraftsState>((set, get) => {
  const commit = (changes: Partial<Pick<DraftsState, 'drafts' | 'removed'>>) => {
    if (changes.drafts) write(STORAGE_KEYS.drafts, changes.drafts);
    if (changes.removed) write(STORAGE_KEYS.draftsRemoved, changes.removed);
    set(changes);
  };
  const without = (ids: readonly number[]) => get().drafts.filter((draft) => !ids.includes(draft.id));
  return {
    drafts: readDrafts(),
    removed: readRemoved(),
    save: (order, name, now = Date.now()) => {
      // Two saves in one millisecond still get distinct ids.
      const taken = new Set(get().drafts.map((draft) => draft.id));
      let id = now;
      while (taken.has(id)) id += 1;
      const { revision: _revision, renamed: _renamed, ...copy } = structuredClone(order) as Draft;
      const draft: Draft = { ...copy, id, date: id, edit: false, number: undefined, name: name.trim() || defaultDraftName(id) };
      commit({ drafts: [draft, ...get().drafts] });
      return draft;
    },
    rename: (id, name) =>
      commit({
        drafts: get().drafts.map((draft) => (draft.id === id && name.trim() ? { ...draft, name: name.trim(), renamed: draft.revision !== undefined } : draft)),
      }),
    remove: (id) => commit({ drafts: without([id]), removed: [...new Set([...get().removed, id])] }),
    clear: () => commit({ drafts: [], removed: [...new Set([...get().removed, ...get().drafts.map((draft) => draft.id)])] }),
    applyServerList: (list) => {
      const { removed, drafts } = get();
      const local = new Map(drafts.map((draft) => [draft.id, draft]));
      const fromServer: Draft[] = list
        .filter((draft) => !removed.includes(draft.id))
        .map((draft) => {
          const mine = local.get(draft.id);
          // A rename not sent yet, made on the revision the server still has, keeps its name.
          return mine?.renamed && mine.revision === draft.revision ? { ...draft, name: mine.name, renamed: true } : draft;
        });
      const onServer = new Set(list.map((draft) => draft.id));
      const notSent = drafts.filter((draft) => draft.revision === undefined && !onServer.has(draft.id));
      commit({ drafts: newestFirst([...fromServer, ...notSent]) });
    },
    applySaved: (draft) => {
      if (get().removed.includes(draft.id)) return;
      commit({ drafts: newestFirst([...without([draft.id]), draft]) });
    },
    applyRemoved: (ids) => commit({ drafts: without(ids) }),
    confirmRemoved: (ids) => commit({ removed: get().removed.filter((id) => !ids.includes(id)) }),
    forget: () => set({ drafts: [], removed: [] }),
  };
});

export function defaultDraftName(id: number): string {
  const date = new Date(id);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Черновик от ${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// Another tab changed the list: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.drafts || event.key === STORAGE_KEYS.draftsRemoved) useDraftsStore.setState({ drafts: readDrafts(), removed: readRemoved() });
  });
}
