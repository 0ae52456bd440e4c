/** GET /api/product/suggestions: articles and names for the search widget (spec §5), at least 2 characters. */
import type { TSuggestion } from '@portal/contracts';
import { SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export function getSuggestions(query: string, signal?: AbortSignal) {
  return api<TSuggestion[]>('/product/suggestions', { query: { QUERY: query }, auth: false, signal });
}

export function suggestionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['products', 'suggestions', query],
    queryFn: ({ signal }) => getSuggestions(query, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useSuggestions(query: string) {
  return useQuery({
    ...suggestionsQueryOptions(query),
    enabled: query.trim().length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
