/**
 * Mounted once in the signed-in shell: keeps the working order and the drafts in step with the server and the user's
 * other devices — fetched at start, on every reconnect of the realtime socket and when the browser comes back online;
 * sent after every change made here; changed by the socket's frames. Signing out sends what is not yet on the server
 * and forgets it all (shared/sign-out.ts).
 */
import type { TSocketFrame } from '@portal/contracts';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { onRealtimeFrame } from '../../../shared/realtime-bus';
import { onSignOut } from '../../../shared/sign-out';
import { forgetRefusedDrafts, hasUnsentDrafts, pullDrafts, pushDrafts } from './drafts-sync';
import { useDraftsStore } from './drafts-store';
import { useOrderStore } from './order-store';
import { forgetSyncedWorkingOrder, onMergeConflicts, pullWorkingOrder, pushWorkingOrder, syncedRevision } from './working-order-sync';

/**
 * Routes the frames of the working order and the drafts (they carry revisions and ids; what changed is fetched);
 * answers whether the frame was one of them. A frame about this device's own write, already taken, fetches nothing.
 */
export function takeOrdersFrame(frame: TSocketFrame): boolean {
  const key = `${frame.namespace ?? ''}/${frame.mutation ?? frame.action ?? ''}`;
  switch (key) {
    case 'workingOrder/changed':
      if ((frame.payload as { revision: number }).revision > syncedRevision()) void pullWorkingOrder();
      return true;
    case 'drafts/saved': {
      const { id, revision } = frame.payload as { id: number; revision: number };
      const known = useDraftsStore.getState().drafts.find((draft) => draft.id === id);
      if (!known?.revision || known.revision < revision) void pullDrafts();
      return true;
    }
    case 'drafts/removed':
      useDraftsStore.getState().applyRemoved((frame.payload as { ids: number[] }).ids);
      return true;
    case 'session/ready':
      void pullWorkingOrder();
      void pullDrafts();
      return true;
    default:
      return false;
  }
}

onSignOut({
  flush: () => Promise.all([pushWorkingOrder(), pushDrafts()]),
  forget: () => {
    forgetSyncedWorkingOrder();
    forgetRefusedDrafts();
    useOrderStore.getState().forget();
    useDraftsStore.getState().forget();
  },
});

onMergeConflicts((conflicts) =>
  notifications.show({
    color: 'orange',
    title: 'Заказ изменили на другом устройстве',
    autoClose: 15_000,
    'data-testid': 'order-merge-conflicts',
    message: `Строки объединены. Изменены на обоих устройствах: ${conflicts
      .map((conflict) => `${conflict.label} — оставлено ${conflict.kept} шт. (там ${conflict.theirs}, здесь ${conflict.mine})`)
      .join('; ')}.`,
  }),
);

export function useOrdersSync() {
  useEffect(() => {
    const pullAll = () => {
      void pullWorkingOrder();
      void pullDrafts();
    };
    const stopFrames = onRealtimeFrame(takeOrdersFrame);
    const stopOrder = useOrderStore.subscribe((state, before) => {
      if (state.order !== before.order) void pushWorkingOrder();
    });
    const stopDrafts = useDraftsStore.subscribe((state) => {
      if (hasUnsentDrafts(state)) void pushDrafts();
    });
    window.addEventListener('online', pullAll);
    pullAll();
    return () => {
      stopFrames();
      stopOrder();
      stopDrafts();
      window.removeEventListener('online', pullAll);
    };
  }, []);
}
