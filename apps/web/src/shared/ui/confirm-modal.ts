/**
 * Confirmation dialogs («Удалить черновик?»). Mantine's ModalsProvider draws them; it keeps a Modal (with its scroll
 * lock and focus trap, some 10 KB of gzip) mounted, so the shell mounts it only when a screen first asks for a
 * confirmation (modals-host.tsx) and the dialog opens as soon as it is there.
 */
import { modals, type OpenConfirmModal } from '@mantine/modals';
import { create } from 'zustand';

export const useModalsHost = create<{ wanted: boolean; ready: boolean }>(() => ({ wanted: false, ready: false }));

export function openConfirmModal(props: OpenConfirmModal) {
  if (useModalsHost.getState().ready) {
    modals.openConfirmModal(props);
    return;
  }
  const unsubscribe = useModalsHost.subscribe((state) => {
    if (!state.ready) return;
    unsubscribe();
    modals.openConfirmModal(props);
  });
  useModalsHost.setState({ wanted: true });
}
