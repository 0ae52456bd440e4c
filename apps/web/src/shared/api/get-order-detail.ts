/**
 * GET /api/user/order/{id} (spec §7): one order with its positions — the source of «create from» and «edit» in the
 * order history, and of a claim started from an order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@portal/contracts';
import { api } from './client';

export const getOrderDetail = (n: number, signal?: AbortSignal) => api<TOrderDetail>(`/user/order/${n}`, { signal });

export const orderDetailQueryOptions = (n: number) =>
  queryOptions({ queryKey: ['orders', n, 'detail'], queryFn: ({ signal }) => getOrderDetail(n, signal), retry: false });

export const useOrderDetail = (n: number | undefined) => useQuery({ ...orderDetailQueryOptions(n ?? 0), enabled: n !== undefined && n > 0 });
