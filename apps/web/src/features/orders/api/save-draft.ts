/** POST /api/user/drafts: stores a draft saved here (resending the same id answers the stored draft). */
import type { TDraft, TWorkingOrderWire } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const saveDraft = (draft: TWorkingOrderWire) => api<TDraft>('/user/drafts', { method: 'POST', body: draft });
