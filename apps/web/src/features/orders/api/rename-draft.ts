/** PATCH /api/user/drafts/{id}: renames the draft at the revision seen here (409 when it changed elsewhere). */
import type { TDraft } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const renameDraft = (id: number, name: string, revision: number) =>
  api<TDraft>(`/user/drafts/${id}`, { method: 'PATCH', body: { name, revision } });
