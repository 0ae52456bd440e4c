/**
 * Confirmation dialogs («Удалить черновик?»). Mantine's ModalsProvider draws them; it keeps a Modal (with its scroll
 * lock and focus trap, some 10 KB of gzip) mounted, so the shell mounts it (modals-host.tsx) only once a screen that
 * asks for confirmations is shown (`usePrepareConfirmations`), not on the main page. A confirmation asked before it
 * is there opens as soon as it is.
 */
import { modals, type OpenConfirmModal } from '@mantine/modals';
import { useEffect } from 'react';
import { create } from 'zustand';
import { afterNextPaint } from '../lib/lazy-page';

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

/**
 * Called by a screen that may ask for a confirmation: the dialogs' code loads once the screen has painted (its first
 * paint does not share the connections with it), ready for the click.
 */
export function usePrepareConfirmations() {
  useEffect(
    () =>
      afterNextPaint(() => {
        if (!useModalsHost.getState().wanted) useModalsHost.setState({ wanted: true });
      }),
    [],
  );
}
