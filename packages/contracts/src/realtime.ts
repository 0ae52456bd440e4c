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
  /** A route of the portal that shows the object (e.g. /orders), or null. */
  link: z.string().nullable(),
});
export type TRealtimeMessage = z.infer<typeof ZRealtimeMessageSchema>;

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
  | { namespace: 'notifications'; mutation: 'remove'; payload: { id: number } }
  | { namespace: 'notifications'; mutation: 'clear'; payload: Record<string, never> }
  /** Lists (and details) to reload: the order numbers, or the shipments' and claims' ids, that changed. */
  | { namespace: TRefreshNamespace; action: 'refresh'; payload: { ids: number[] } }
  /** The user's working order and drafts, changed on one of their devices. */
  | TDraftsFrame;

export const REFRESH_NAMESPACES = ['orders', 'shipments', 'claims'] as const;
export type TRefreshNamespace = (typeof REFRESH_NAMESPACES)[number];
