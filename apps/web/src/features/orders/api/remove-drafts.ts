/** POST /api/user/drafts/remove: deletes the listed drafts (never one saved meanwhile on another device). */
import { api } from '../../../shared/api/client';

export const removeDrafts = (ids: number[]) => api<{ ids: number[] }>('/user/drafts/remove', { method: 'POST', body: { ids } });
