/**
 * GET /api/product/search (spec §7) for the wizard's first step, through the catalogue's fetcher (the integration
 * point): the list of matches (FOUND) and the best match with its offers. Sent with the token so the prices are the
 * dealer's own (PRICEUID picks the executor's price type).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_OPTION, searchRequestFor, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import type { TProductSearchResult } from '@portal/contracts';
import { ApiError } from '../../../shared/api/client';
import { searchProduct } from '../../products/api/search-product';

export async function searchProducts(text: string, priceUid: string | undefined, signal?: AbortSignal): Promise<TProductSearchResult | null> {
  const request = searchRequestFor(text);
  try {
    return await searchProduct({ query: request.query, option: request.option, priceUid }, signal);
  } catch (error) {
    // Spec §8: a search 404 means «nothing found», not a failure.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One product with its offers today, by its UID (option 9 takes a UID too); null when it is no longer sold. */
export async function getProductByUid(uid: string, priceUid: string | undefined): Promise<TProductSearchResult | null> {
  try {
    return await searchProduct({ query: uid, option: SEARCH_OPTION.ID, priceUid });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One product with its offers, by id (option 9). */
export function getProductById(id: number, priceUid: string | undefined, signal?: AbortSignal) {
  return searchProduct({ query: String(id), option: SEARCH_OPTION.ID, priceUid }, signal);
}

export const productSearchQueryOptions = (text: string, priceUid: string | undefined) =>
  queryOptions({
    queryKey: ['proposal', 'product-search', text, priceUid ?? ''],
    queryFn: ({ signal }) => searchProducts(text, priceUid, signal),
    enabled: text.trim().length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useProductSearch = (text: string, priceUid: string | undefined) => useQuery(productSearchQueryOptions(text, priceUid));

export const productQueryOptions = (id: number | null, priceUid: string | undefined) =>
  queryOptions({
    queryKey: ['proposal', 'product', id, priceUid ?? ''],
    queryFn: ({ signal }) => getProductById(id!, priceUid, signal),
    enabled: id !== null,
    staleTime: 60_000,
  });

export const useProductById = (id: number | null, priceUid: string | undefined) => useQuery(productQueryOptions(id, priceUid));
