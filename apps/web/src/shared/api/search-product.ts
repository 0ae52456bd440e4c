/**
 * GET /api/product/search (spec §7): one product with its offers, images and the list of matches — the one query
 * setup of that call, used by the product page, the orders area (add-position modal, quick order, drafts) and the
 * proposal wizard. «Nothing found» (404) is an answer, not a failure: the query's data is null then. The token goes
 * along when there is one, so a signed-in user sees the prices of their own price type (docs/decisions.md).
 */
import type { TProductSearchResult } from '@portal/contracts';
import { SEARCH_OPTION, type SearchOption } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from './client';

export interface ProductSearchInput {
  query: string;
  /** 0 article, 2 name words or free text, 9 id (default: article). */
  option?: SearchOption;
  /** One of the user's own price types; empty = the first of them. */
  priceUid?: string;
  /** The company in use: prices by its contracts (takes the place of priceUid). */
  partner?: string;
}

/** The product found, or null when nothing matches. */
export async function searchProduct({ query, option = SEARCH_OPTION.ARTICLE, priceUid, partner }: ProductSearchInput, signal?: AbortSignal): Promise<TProductSearchResult | null> {
  try {
    return await api<TProductSearchResult>('/product/search', {
      query: { QUERY: query, OPTION: option, PRICEUID: partner ? undefined : priceUid || undefined, PARTNER: partner || undefined },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function productSearchQueryOptions(input: ProductSearchInput) {
  return queryOptions({
    queryKey: ['products', 'search', input.query, input.option ?? SEARCH_OPTION.ARTICLE, input.priceUid ?? '', input.partner ?? ''],
    queryFn: ({ signal }) => searchProduct(input, signal),
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * The search for `input` (none while it is null or blank). `keepPrevious` shows the last answer while the next one
 * loads, for search-as-you-type lists.
 */
export function useProductSearch(input: ProductSearchInput | null, { keepPrevious = false } = {}) {
  return useQuery({
    ...productSearchQueryOptions(input ?? { query: '' }),
    enabled: input !== null && input.query.trim() !== '',
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
