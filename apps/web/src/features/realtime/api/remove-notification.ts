import { api } from '../../../shared/api/client';

export const removeNotification = (id: string) => api<{ id: number }>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
