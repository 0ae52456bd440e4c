/**
 * GET /api/product/search (spec §7): one product with its offers, images and the list of matches. Used by the product
 * page, the search widget's full search and the orders area's add-position modal. The token goes along when there is
 * one, so a signed-in user sees the prices of their own price type (docs/decisions.md).
 */
import type { TProductSearchResult } from '@portal/contracts';
import { SEARCH_OPTION, type SearchOption } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ProductSearchInput {
  query: string;
  /** 0 article, 2 name words or free text, 9 id (default: article). */
  option?: SearchOption;
  /** One of the user's own price types; empty = the first of them. */
  priceUid?: string;
  /** The company in use: prices by its contracts (takes the place of priceUid). */
  partner?: string;
}

export function searchProduct({ query, option = SEARCH_OPTION.ARTICLE, priceUid, partner }: ProductSearchInput, signal?: AbortSignal) {
  return api<TProductSearchResult>('/product/search', {
    query: { QUERY: query, OPTION: option, PRICEUID: priceUid || undefined, PARTNER: partner || undefined },
    signal,
  });
}

export function searchProductQueryOptions(input: ProductSearchInput) {
  return queryOptions({
    queryKey: ['products', 'search', input.query, input.option ?? SEARCH_OPTION.ARTICLE, input.priceUid ?? '', input.partner ?? ''],
    queryFn: ({ signal }) => searchProduct(input, signal),
    // «Товар не найден» is an answer, not a failure to retry.
    retry: false,
    staleTime: 60_000,
  });
}

export function useSearchProduct(input: ProductSearchInput | null) {
  return useQuery({
    ...searchProductQueryOptions(input ?? { query: '' }),
    enabled: input !== null && input.query.trim() !== '',
  });
}
