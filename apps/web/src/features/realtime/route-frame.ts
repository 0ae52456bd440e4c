/**
 * Routes a socket frame `{namespace?, mutation? | action?, payload}` (spec §3) to a change of state, Vuex-style: a
 * mutation changes a store directly, an action does work (refetch a list). Handlers are keyed "namespace/name", or
 * just "name" without a namespace. An unknown frame is ignored, so a newer server never breaks an older client.
 */
import type { TRealtimeMessage, TSocketFrame } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationsState, PortalMessage } from '../../shared/notifications-store';

export type FrameHandler = (payload: unknown) => void;

export interface FrameRoutes {
  mutations: Record<string, FrameHandler>;
  actions: Record<string, FrameHandler>;
}

/** Answers whether a handler took the frame. */
export function routeFrame(routes: FrameRoutes, frame: TSocketFrame): boolean {
  const name = frame.mutation ?? frame.action;
  if (!name) return false;
  const key = frame.namespace ? `${frame.namespace}/${name}` : name;
  const handler = frame.mutation !== undefined ? routes.mutations[key] : routes.actions[key];
  if (!handler) return false;
  handler(frame.payload);
  return true;
}

/** A server message in the shape of the notifications store. */
export function toPortalMessage(message: TRealtimeMessage): PortalMessage {
  return {
    id: String(message.id),
    time: new Date(message.time).toISOString(),
    message: message.message,
    readPopup: message.readPopup,
    type: message.type,
    event: message.event,
    link: message.link,
    readAt: message.readAt === null ? null : new Date(message.readAt).toISOString(),
  };
}

/**
 * Query keys each list refresh invalidates (a prefix matches every query under it): ['orders'] holds the order
 * history and each order's detail and documents; then the shipments and claims lists.
 */
export const REFRESH_QUERY_KEYS: Record<string, ReadonlyArray<readonly string[]>> = {
  // A contract's credit counts the orders not yet invoiced: an order's change moves «Доступно по лимиту» too.
  orders: [['orders'], ['partners']],
  shipments: [['shipments']],
  claims: [['claims']],
  // A role, a limit or the approval setting changed: what the web shows each company's people follows.
  team: [['partners'], ['team']],
};

const idOf = (payload: unknown) => String((payload as { id: number | string }).id);

/** The portal's routes: the notifications list, list refreshes, and what the connection itself needs. */
export function createFrameRoutes(deps: {
  notifications: Pick<NotificationsState, 'add' | 'markReadPopup' | 'remove' | 'clear' | 'markOpened' | 'markAllOpened' | 'setUnread'>;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** The server accepted the token. */
  onReady?: () => void;
}): FrameRoutes {
  const refresh = (namespace: string) => () => {
    for (const queryKey of REFRESH_QUERY_KEYS[namespace] ?? []) void deps.queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
  return {
    mutations: {
      // Changes made on the server or on another device: applied here without being sent back ('server').
      'notifications/add': (payload) => deps.notifications.add(toPortalMessage(payload as TRealtimeMessage), 'server'),
      'notifications/markRead': (payload) => deps.notifications.markReadPopup(idOf(payload), 'server'),
      'notifications/remove': (payload) => deps.notifications.remove(idOf(payload), 'server'),
      'notifications/clear': () => deps.notifications.clear('server'),
      'notifications/read': (payload) => {
        const { ids, readAt } = payload as { ids: number[] | null; readAt: number };
        const at = new Date(readAt).toISOString();
        if (ids === null) deps.notifications.markAllOpened('server', at);
        else for (const id of ids) deps.notifications.markOpened(String(id), 'server', at);
      },
      'notifications/unread': (payload) => deps.notifications.setUnread((payload as { unread: number }).unread),
    },
    actions: {
      'orders/refresh': refresh('orders'),
      'shipments/refresh': refresh('shipments'),
      'claims/refresh': refresh('claims'),
      'team/refresh': refresh('team'),
      'session/ready': () => deps.onReady?.(),
      pong: () => {},
    },
  };
}
