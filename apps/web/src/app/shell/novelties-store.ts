/** Which client version's novelties the user has read (localStorage `status`, spec §2); the header shows a dot until then. */
import { CLIENT_VERSION } from '@portal/domain';
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../shared/storage-keys';

const readStatus = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.infoModalStatus) ?? '';
  } catch {
    return '';
  }
};

interface NoveltiesState {
  readVersion: string;
  markRead(): void;
}

export const useNoveltiesStore = create<NoveltiesState>((set) => ({
  readVersion: readStatus(),
  markRead() {
    try {
      localStorage.setItem(STORAGE_KEYS.infoModalStatus, CLIENT_VERSION);
    } catch {
      // Storage disabled: the dot comes back next visit, nothing else is lost.
    }
    set({ readVersion: CLIENT_VERSION });
  },
}));

export const selectHasUnreadNovelties = (state: NoveltiesState) => state.readVersion !== CLIENT_VERSION;
