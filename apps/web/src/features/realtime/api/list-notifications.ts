import type { TRealtimeMessage } from '@portal/contracts';
import { api } from '../../../shared/api/client';

/** The signed-in user's messages kept on the server, newest first. */
export const listNotifications = () => api<TRealtimeMessage[]>('/notifications');
