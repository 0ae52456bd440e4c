/**
 * Dark mode (spec §4): a boolean that starts from localStorage `dark-mode` (the string 'true' means on) and is
 * written back on every change. The page background follows it (spec §9), and so does Mantine's colour scheme.
 */
import { create } from 'zustand';
import { STORAGE_KEYS } from './storage-keys';

export const PAGE_BACKGROUND = { dark: '#15171C', light: '#E5E7EB' } as const;

function readSaved(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.darkMode) === 'true';
  } catch {
    return false;
  }
}

interface DarkModeState {
  dark: boolean;
  setDark(dark: boolean): void;
  toggle(): void;
}

export const useDarkModeStore = create<DarkModeState>((set, get) => ({
  dark: readSaved(),
  setDark(dark) {
    try {
      localStorage.setItem(STORAGE_KEYS.darkMode, String(dark));
    } catch {
      // Storage full or disabled: the mode still changes for this visit.
    }
    set({ dark });
  },
  toggle() {
    get().setDark(!get().dark);
  },
}));
