/** GET /api/orders: the order history. */
import type { TOrderListItem } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getOrders = (signal?: AbortSignal) => api<TOrderListItem[]>('/orders', { signal });

export const ordersQueryOptions = () => queryOptions({ queryKey: ['orders', 'list'], queryFn: ({ signal }) => getOrders(signal) });

export const useOrders = () => useQuery(ordersQueryOptions());
