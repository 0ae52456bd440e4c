/** GET /api/user/drafts: the signed-in user's drafts as the server keeps them, newest first. */
import type { TDraft } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const listDrafts = () => api<TDraft[]>('/user/drafts');
