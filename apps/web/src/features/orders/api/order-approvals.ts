/**
 * Orders kept «На согласовании»: GET /api/order-approvals (the purchaser's own and, for administrators, their
 * companies'), POST /api/order-approvals/{id}/approve (409 PRICES_CHANGED when prices moved: send back its order to
 * confirm) and /reject with a reason. Deciding refreshes the history, where an approved order now appears.
 */
import type { TOrderApproval, TOrderPayload, TOrderSubmitResult } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const orderApprovalsQueryOptions = () =>
  queryOptions({ queryKey: ['orders', 'approvals'], queryFn: ({ signal }) => api<TOrderApproval[]>('/order-approvals', { signal }) });

export const useOrderApprovals = () => useQuery(orderApprovalsQueryOptions());

export const approveOrder = ({ id, confirmed }: { id: number; confirmed?: TOrderPayload }) =>
  api<TOrderSubmitResult>(`/order-approvals/${id}/approve`, { method: 'POST', body: confirmed ? { order: confirmed } : {} });

export const rejectOrder = ({ id, reason }: { id: number; reason: string }) =>
  api<{ id: number; state: 'rejected' }>(`/order-approvals/${id}/reject`, { method: 'POST', body: { reason } });

function useDecision<T, R>(decide: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    // The order approved counts against its contracts' credit; rejected or approved, the lists change.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['orders'] }), client.invalidateQueries({ queryKey: ['partners'] })]),
  });
}

export const useApproveOrder = () => useDecision(approveOrder);
export const useRejectOrder = () => useDecision(rejectOrder);
