/** POST /api/user/claims/add (spec §7): multipart partner_guid, case, title, message, order, products (JSON), files → response.id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClaimProduct } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { claimsKey } from './get-claims';

export interface ClaimRequest {
  partnerGuid: string;
  case: number;
  title: string;
  message: string;
  order?: number;
  products: TClaimProduct[];
  files: File[];
}

export function fileClaim(request: ClaimRequest): Promise<{ id: number }> {
  const form = new FormData();
  form.append('partner_guid', request.partnerGuid);
  form.append('case', String(request.case));
  form.append('title', request.title);
  form.append('message', request.message);
  if (request.order !== undefined) form.append('order', String(request.order));
  form.append('products', JSON.stringify(request.products));
  for (const file of request.files) form.append('files', file, file.name);
  return api<{ id: number }>('/user/claims/add', { method: 'POST', body: form });
}

export function useFileClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fileClaim, onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey }) });
}
