/** GET /api/order/{id}/documents: the document statuses of the order's checks. */
import type { TDocStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getOrderDocuments = (n: number, signal?: AbortSignal) => api<TDocStatus[]>(`/order/${n}/documents`, { signal });

export const orderDocumentsQueryOptions = (n: number) =>
  queryOptions({ queryKey: ['orders', n, 'documents'], queryFn: ({ signal }) => getOrderDocuments(n, signal), retry: false });

export const useOrderDocuments = (n: number, enabled: boolean) => useQuery({ ...orderDocumentsQueryOptions(n), enabled });
