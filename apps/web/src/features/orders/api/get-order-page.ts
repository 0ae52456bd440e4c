/** GET /api/orders/{n}: the order detail page — lines and split, checks, document files, status timeline. */
import type { TOrderPage } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getOrderPage = (n: number, signal?: AbortSignal) => api<TOrderPage>(`/orders/${n}`, { signal });

export const orderPageQueryOptions = (n: number) =>
  queryOptions({ queryKey: ['orders', n, 'page'], queryFn: ({ signal }) => getOrderPage(n, signal), retry: false });

export const useOrderPage = (n: number) => useQuery({ ...orderPageQueryOptions(n), enabled: n > 0 });
