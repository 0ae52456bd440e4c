import type { TNotificationsUnread } from '@portal/contracts';
import { api } from '../../../shared/api/client';

/** «Отметить все прочитанными»: every message of the signed-in user becomes read. */
export const readAllNotifications = () => api<TNotificationsUnread>('/notifications/read-all', { method: 'POST' });
