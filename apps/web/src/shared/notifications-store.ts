/**
 * Realtime popup messages and notifications (spec §3 "Realtime", §4): one list in memory, newest first.
 *
 * This store knows nothing of the network. The realtime feature connects it to the server:
 * - load:    `useNotificationsStore.getState().replaceAll(messagesFromServer)` after signing in;
 * - socket:  `add(message, 'server')` for each message pushed over the socket;
 * - persist: `onNotificationsChange(listener)` tells it what the user did here (removed one, cleared all, a popup
 *            was seen) so it can tell the server. Changes made with origin 'server' are not reported back, so a
 *            change that came from the server is never echoed to it.
 *
 * The shell renders it: popups (type 'popup', not yet readPopup) show as toasts that close after 10 s and are then
 * marked readPopup; the notifications bar lists every message with a delete and a delete-all action, and opening a
 * message marks it read. The bell shows `unread`, which the server counts (the list holds only the newest messages):
 * a change made here moves it at once and the server's count, pushed after every change, settles it.
 */
import type { TRealtimeEvent } from '@portal/contracts';
import { create } from 'zustand';

export type PortalMessageType = 'popup' | 'notification';

export interface PortalMessage {
  /** Unique per message; the server's id once the realtime feature stores them. */
  id: string;
  /** When it was created: an ISO 8601 date-time (or anything dayjs parses). */
  time: string;
  /** The text; may hold simple HTML, which is sanitised before it is shown. */
  message: string;
  /** True once the popup of this message has been shown and closed. */
  readPopup: boolean;
  /** 'popup' also shows as a toast; 'notification' only goes to the notifications bar. */
  type: PortalMessageType;
  /** What happened (a status changed, documents are ready…): titles the popup; none for a message of unknown kind. */
  event?: TRealtimeEvent | null;
  /** The portal's route that shows what the message is about (an order's page), or none. */
  link?: string | null;
  /** When the user opened it (ISO 8601), or null/absent while unread. */
  readAt?: string | null;
}

/** Who made a change: the user here ('user', reported to listeners) or the server ('server', not echoed back). */
export type ChangeOrigin = 'user' | 'server';

export type NotificationsChange =
  | { kind: 'removed'; id: string }
  | { kind: 'cleared' }
  | { kind: 'read-popup'; id: string }
  | { kind: 'opened'; id: string }
  | { kind: 'opened-all' };

export type NotificationsListener = (change: NotificationsChange) => void;

/** Spec §9: popups auto-close after 10,000 ms. */
export const POPUP_AUTO_CLOSE_MS = 10_000;

export interface NotificationsState {
  messages: PortalMessage[];
  /** How many of the user's messages are unread, as the server counts them: the bell's number. */
  unread: number;
  /** Adds a message on top; a message with the same id replaces the old one (a resent message is not doubled). */
  add(message: Omit<PortalMessage, 'readPopup'> & { readPopup?: boolean }, origin?: ChangeOrigin): void;
  markReadPopup(id: string, origin?: ChangeOrigin): void;
  remove(id: string, origin?: ChangeOrigin): void;
  clear(origin?: ChangeOrigin): void;
  /** The user opened a message (or another device did: origin 'server'); it becomes read. */
  markOpened(id: string, origin?: ChangeOrigin, readAt?: string): void;
  /** «Отметить все прочитанными» here (or on another device: origin 'server'). */
  markAllOpened(origin?: ChangeOrigin, readAt?: string): void;
  /** The server's count of unread messages. */
  setUnread(unread: number): void;
  /** Replaces the whole list, e.g. with what the server holds after signing in. Never reported to listeners. */
  replaceAll(messages: PortalMessage[]): void;
}

const listeners = new Set<NotificationsListener>();

/** Subscribes to what the user changes here; answers the unsubscribe function. */
export function onNotificationsChange(listener: NotificationsListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function report(origin: ChangeOrigin, change: NotificationsChange) {
  if (origin !== 'user') return;
  for (const listener of listeners) listener(change);
}

const byNewest = (a: PortalMessage, b: PortalMessage) => Date.parse(b.time) - Date.parse(a.time) || 0;

export const isUnread = (message: PortalMessage) => !message.readAt;

export const useNotificationsStore = create<NotificationsState>((set, get) => ({
  messages: [],
  unread: 0,

  add(message) {
    const entry: PortalMessage = { ...message, readPopup: message.readPopup ?? false };
    set({ messages: [entry, ...get().messages.filter((existing) => existing.id !== entry.id)].sort(byNewest) });
  },

  markReadPopup(id, origin = 'user') {
    const target = get().messages.find((message) => message.id === id);
    if (!target || target.readPopup) return;
    set({ messages: get().messages.map((message) => (message.id === id ? { ...message, readPopup: true } : message)) });
    report(origin, { kind: 'read-popup', id });
  },

  remove(id, origin = 'user') {
    const target = get().messages.find((message) => message.id === id);
    if (!target) return;
    set({
      messages: get().messages.filter((message) => message.id !== id),
      unread: origin === 'user' && isUnread(target) ? Math.max(0, get().unread - 1) : get().unread,
    });
    report(origin, { kind: 'removed', id });
  },

  clear(origin = 'user') {
    if (get().messages.length === 0) return;
    set({ messages: [], unread: origin === 'user' ? 0 : get().unread });
    report(origin, { kind: 'cleared' });
  },

  markOpened(id, origin = 'user', readAt = new Date().toISOString()) {
    const target = get().messages.find((message) => message.id === id);
    if (!target || !isUnread(target)) return;
    set({
      messages: get().messages.map((message) => (message.id === id ? { ...message, readAt } : message)),
      unread: origin === 'user' ? Math.max(0, get().unread - 1) : get().unread,
    });
    report(origin, { kind: 'opened', id });
  },

  markAllOpened(origin = 'user', readAt = new Date().toISOString()) {
    set({
      messages: get().messages.map((message) => (isUnread(message) ? { ...message, readAt } : message)),
      unread: origin === 'user' ? 0 : get().unread,
    });
    report(origin, { kind: 'opened-all' });
  },

  setUnread(unread) {
    set({ unread });
  },

  replaceAll(messages) {
    set({ messages: [...messages].sort(byNewest) });
  },
}));

export const selectMessageCount = (state: NotificationsState) => state.messages.length;
export const selectUnreadCount = (state: NotificationsState) => state.unread;
export const selectPendingPopups = (state: NotificationsState) =>
  state.messages.filter((message) => message.type === 'popup' && !message.readPopup);
