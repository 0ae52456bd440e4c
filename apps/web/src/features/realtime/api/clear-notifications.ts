import { api } from '../../../shared/api/client';

/** Removes every message of the signed-in user. */
export const clearNotifications = () => api<{ removed: number }>('/notifications', { method: 'DELETE' });
