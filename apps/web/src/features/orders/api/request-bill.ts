/** POST /api/user/request/check/{n}: requests the bill of one check; the history refreshes. */
import type { TOrderCheck } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const requestBill = ({ n, guid }: { n: number; guid: string }) =>
  api<TOrderCheck[]>(`/user/request/check/${n}`, { method: 'POST', body: { guid } });

export function useRequestBill() {
  const client = useQueryClient();
  return useMutation({ mutationFn: requestBill, onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }) });
}
