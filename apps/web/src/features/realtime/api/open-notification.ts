import type { TNotificationsUnread } from '@portal/contracts';
import { api } from '../../../shared/api/client';

/** Marks a message read because the user opened it; answers the unread count left. */
export const openNotification = (id: string) =>
  api<TNotificationsUnread>(`/notifications/${encodeURIComponent(id)}/open`, { method: 'POST' });
