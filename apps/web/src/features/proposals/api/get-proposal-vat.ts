/**
 * GET /api/services/proposal/vat: the VAT the proposal states — the executor company's rate on the proposal's date
 * (null: «Без НДС»), from the same table the server prints the document with.
 */
import { useQuery } from '@tanstack/react-query';
import type { TProposalVat } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getProposalVat = (executorUID: string, date: string, signal?: AbortSignal) =>
  api<TProposalVat>(`/services/proposal/vat?${new URLSearchParams({ executorUID, date })}`, { signal });

export const useProposalVat = (executorUID: string, date: string) =>
  useQuery({
    queryKey: ['proposal', 'vat', executorUID, date],
    queryFn: ({ signal }) => getProposalVat(executorUID, date, signal),
    enabled: executorUID !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 10 * 60_000,
    retry: false,
  });
