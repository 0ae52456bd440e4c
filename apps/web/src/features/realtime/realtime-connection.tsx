/**
 * Mounted once in the signed-in shell: opens the realtime socket, loads the notifications kept on the server into the
 * notifications store (at start and after every reconnect, so nothing missed while offline is lost), routes the
 * socket's frames, and sends what the user does in the bar (remove, clear, popup seen) to the server.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reportError } from '../../shared/errors';
import { emitRealtimeFrame } from '../../shared/realtime-bus';
import { STORAGE_KEYS } from '../../shared/storage-keys';
import { onNotificationsChange, useNotificationsStore, type NotificationsChange } from '../../shared/notifications-store';
import { clearNotifications } from './api/clear-notifications';
import { listNotifications } from './api/list-notifications';
import { markNotificationRead } from './api/mark-notification-read';
import { openNotification } from './api/open-notification';
import { readAllNotifications } from './api/read-all-notifications';
import { removeNotification } from './api/remove-notification';
import { unreadNotifications } from './api/unread-notifications';
import { createFrameRoutes, routeFrame, toPortalMessage } from './route-frame';
import { RealtimeSocket, realtimeUrl, type RealtimeSocketOptions } from './realtime-socket';
import { useRealtimeStore } from './realtime-store';

export interface RealtimeConnectionProps {
  /** Tests pass a fake socket class and short timings. */
  socketOptions?: Partial<RealtimeSocketOptions>;
}

/** Sends one change the user made here to the server; a failure shows in the snack bar. */
function persist(change: NotificationsChange) {
  const setUnread = ({ unread }: { unread: number }) => useNotificationsStore.getState().setUnread(unread);
  const call: Promise<unknown> =
    change.kind === 'removed'
      ? removeNotification(change.id)
      : change.kind === 'cleared'
        ? clearNotifications()
        : change.kind === 'opened'
          ? openNotification(change.id).then(setUnread)
          : change.kind === 'opened-all'
            ? readAllNotifications().then(setUnread)
            : markNotificationRead(change.id);
  call.catch((error: unknown) => {
    // Already gone on the server (removed on another device): nothing to tell the user.
    if ((error as { status?: number }).status === 404) return;
    const reading = change.kind === 'read-popup' || change.kind === 'opened' || change.kind === 'opened-all';
    reportError(reading ? 'READ_NOTIFICATION' : 'DELETE_NOTIFICATION', error);
  });
}

export function RealtimeConnection({ socketOptions }: RealtimeConnectionProps) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const notifications = useNotificationsStore.getState();
    const realtime = useRealtimeStore.getState();
    // Messages pushed while a load is in flight are kept even if the loaded list predates them.
    let pushedDuringLoad: string[] | null = null;
    let disposed = false;

    const load = async () => {
      pushedDuringLoad = [];
      try {
        const [list, { unread }] = await Promise.all([
          listNotifications().then((messages) => messages.map(toPortalMessage)),
          unreadNotifications(),
        ]);
        if (disposed) return;
        useNotificationsStore.getState().setUnread(unread);
        const loaded = new Set(list.map((message) => message.id));
        const current = useNotificationsStore.getState().messages;
        const pushed = current.filter((message) => pushedDuringLoad?.includes(message.id) && !loaded.has(message.id));
        useNotificationsStore.getState().replaceAll([...pushed, ...list]);
      } catch {
        // Offline or signed out: the api client handles a 401; the next reconnect loads again.
      } finally {
        pushedDuringLoad = null;
      }
    };

    const routes = createFrameRoutes({
      notifications: {
        ...notifications,
        add: (message, origin) => {
          pushedDuringLoad?.push(message.id);
          useNotificationsStore.getState().add(message, origin);
        },
      },
      queryClient,
      onReady: () => void load(),
    });

    const socket = new RealtimeSocket({
      url: realtimeUrl(),
      getToken: () => localStorage.getItem(STORAGE_KEYS.token) ?? '',
      onState: (state) => realtime.setState(state),
      onReconnectError: () => realtime.setReconnectError(true),
      onFrame: (frame) => {
        routeFrame(routes, frame);
        // Features that keep their own state in step with the server (the working order, drafts) take theirs.
        emitRealtimeFrame(frame);
      },
      // The token was refused: an API call answers 401 too, and the api client signs the user out.
      onUnauthorized: () => void load(),
      ...socketOptions,
    });

    const unsubscribe = onNotificationsChange(persist);
    void load();
    socket.connect();
    return () => {
      disposed = true;
      unsubscribe();
      socket.close();
    };
  }, [queryClient, socketOptions]);

  return null;
}
