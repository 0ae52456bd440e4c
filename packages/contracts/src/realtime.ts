/**
 * Realtime notifications (spec §3 "Realtime message", "Realtime socket messages"; §4 "Realtime connection"):
 * the messages kept per user on the server, and the JSON frames of the socket at /ws.
 */
import { z } from 'zod';
import type { TDraftsFrame } from './drafts';

/** What happened: decides the wording and which screens refresh. */
export const REALTIME_EVENTS = [
  'check_status',
  'bill_ready',
  'documents_ready',
  'shipment_status',
  'claim_status',
  'manager_message',
  'order_created',
  'order_changed',
  /** Ours: an order waits for an administrator's approval, or was rejected (issue #39). */
  'approval_requested',
  'approval_rejected',
] as const;
export const ZRealtimeEventSchema = z.enum(REALTIME_EVENTS);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEventSchema>;

/**
 * Spec §3 "Realtime message". A popup shows once and closes by itself (then readPopup is true); a notification goes
 * to the notifications bar. `time` is unix milliseconds. `event` and `link` are ours: what happened and where to look.
 */
export const ZRealtimeMessageSchema = z.object({
  id: z.number().int(),
  time: z.number(),
  message: z.string(),
  readPopup: z.boolean(),
  type: z.enum(['popup', 'notification']),
  event: ZRealtimeEventSchema.nullable(),
  /** A route of the portal that shows the object (an order: /orders/10001), or null (a manager's message). */
  link: z.string().nullable(),
  /** When the user opened it (unix milliseconds), or null while unread: the bell counts the unread ones. */
  readAt: z.number().nullable(),
});
export type TRealtimeMessage = z.infer<typeof ZRealtimeMessageSchema>;

/** How many of the user's messages are unread: the bell's count, the same on every device. */
export const ZNotificationsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type TNotificationsUnread = z.infer<typeof ZNotificationsUnreadSchema>;

/**
 * The route of the portal that shows what a message is about. Orders have a page of their own; shipments and claims
 * are shown in their lists (there is no page of one shipment or claim).
 */
export const NOTIFICATION_ROUTES = {
  order: (orderNumber: number) => `/orders/${orderNumber}`,
  shipments: '/shipments',
  claims: '/claims',
} as const;

export const ZNotificationIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Укажите номер уведомления числом.' }).int().positive('Укажите номер уведомления.'),
});

// SOCKET_CLOSE, the socket's close codes, is in socket-close.ts: the browser's socket needs them and no schema.
/** Any frame, as routed by the client. */
export const ZSocketFrameSchema = z
  .object({
    namespace: z.string().optional(),
    mutation: z.string().optional(),
    action: z.string().optional(),
    payload: z.unknown().optional(),
  })
  .refine((frame) => !(frame.mutation && frame.action), 'A frame carries a mutation or an action, not both.');
export type TSocketFrame = z.infer<typeof ZSocketFrameSchema>;

/** Client → server: `{token}` (spec §7 "after opening it sends the token as an object"). */
export const ZSocketAuthSchema = z.object({ token: z.string().min(1) });

/** Frames the server sends. */
export type TServerFrame =
  | { action: 'pong'; payload?: undefined }
  | { namespace: 'session'; action: 'ready'; payload: { login: string } }
  | { namespace: 'notifications'; mutation: 'add'; payload: TRealtimeMessage }
  | { namespace: 'notifications'; mutation: 'markRead'; payload: { id: number } }
  /** These messages were opened (on any device of the user); `ids` null means all of them. */
  | { namespace: 'notifications'; mutation: 'read'; payload: { ids: number[] | null; readAt: number } }
  /** The bell's count after any change of the user's messages (a new one, read, removed, cleared). */
  | { namespace: 'notifications'; mutation: 'unread'; payload: TNotificationsUnread }
  | { namespace: 'notifications'; mutation: 'remove'; payload: { id: number } }
  | { namespace: 'notifications'; mutation: 'clear'; payload: Record<string, never> }
  /** Lists (and details) to reload: the order numbers, or the shipments' and claims' ids, that changed. */
  | { namespace: TRefreshNamespace; action: 'refresh'; payload: { ids: number[] } }
  /** The user's working order and drafts, changed on one of their devices. */
  | TDraftsFrame;

/** Lists a frame asks the web to read again; `team`: a company's people, roles or approval setting changed. */
export const REFRESH_NAMESPACES = ['orders', 'shipments', 'claims', 'team'] as const;
export type TRefreshNamespace = (typeof REFRESH_NAMESPACES)[number];
