/** GET /api/orders/history: the order history a page at a time, searched and filtered; «Показать ещё» asks for the next. */
import type { TOrderHistoryPage } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** The history's search and filters as the page holds them ('' = not set). */
export interface OrderHistoryFilters {
  q: string;
  status: string;
  company: string;
  /** 'YYYY-MM' or ''. */
  month: string;
}

export const NO_FILTERS: OrderHistoryFilters = { q: '', status: '', company: '', month: '' };

export const getOrderHistory = (filters: OrderHistoryFilters, before: number | undefined, signal?: AbortSignal) =>
  api<TOrderHistoryPage>('/orders/history', {
    signal,
    query: { ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')), ...(before ? { before } : {}) },
  });

export const orderHistoryQueryOptions = (filters: OrderHistoryFilters) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'history', filters],
    queryFn: ({ signal, pageParam }) => getOrderHistory(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useOrderHistory = (filters: OrderHistoryFilters) => useInfiniteQuery(orderHistoryQueryOptions(filters));
