/** GET /api/product/search (the catalogue's search): the add-position modal and the quick order look products up with it. */
import type { TProductSearchResult } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client';

export interface ProductSearchParams {
  query: string;
  option: number;
  priceType?: string;
  /** The order's company: prices by its contracts (takes the place of priceType). */
  partner?: string;
}

/** Answers null when nothing is found (the search answers 404 then). */
export async function searchProducts({ query, option, priceType, partner }: ProductSearchParams, signal?: AbortSignal): Promise<TProductSearchResult | null> {
  try {
    return await api<TProductSearchResult>('/product/search', {
      query: { QUERY: query, OPTION: option, PRICEUID: partner ? undefined : priceType || undefined, PARTNER: partner || undefined },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const productSearchQueryOptions = (params: ProductSearchParams) =>
  queryOptions({
    queryKey: ['orders', 'product-search', params.query, params.option, params.priceType ?? '', params.partner ?? ''],
    queryFn: ({ signal }) => searchProducts(params, signal),
    staleTime: 30_000,
  });

export const useProductSearch = (params: ProductSearchParams | null) =>
  useQuery({ ...productSearchQueryOptions(params ?? { query: '', option: 2 }), enabled: Boolean(params && params.query.length >= 2) });
