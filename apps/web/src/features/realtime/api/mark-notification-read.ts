import { api } from '../../../shared/api/client';

/** Marks a message read as popup: it will not pop up again, here or on another device. */
export const markNotificationRead = (id: string) => api<{ id: number }>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
