import type { TNotificationsUnread } from '@portal/contracts';
import { api } from '../../../shared/api/client';

/** The bell's count: how many of the signed-in user's messages are unread. */
export const unreadNotifications = () => api<TNotificationsUnread>('/notifications/unread');
