/** POST /api/user/password: a new password with the current one; the other sessions end. */
import type { TChangePasswordBody } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const changePassword = (body: TChangePasswordBody) => api<{ message: string }>('/user/password', { method: 'POST', body });
