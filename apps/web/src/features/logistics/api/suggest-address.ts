/**
 * POST /suggestions/api/4_1/rs/suggest/address (spec §7): the address-suggestion service, served by our server at the
 * public service's path (outside /api), with the session token.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAddressSuggestResponse, TAddressSuggestion } from '@portal/contracts';
import { ApiError } from '../../../shared/api/client';
import { STORAGE_KEYS } from '../../../shared/storage-keys';

export const SUGGEST_ADDRESS_URL = '/suggestions/api/4_1/rs/suggest/address';
/** Fewer letters than this say too little about an address. */
export const MIN_SUGGEST_QUERY = 3;

export async function suggestAddress(query: string, count = 10, signal?: AbortSignal): Promise<TAddressSuggestion[]> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(SUGGEST_ADDRESS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, count }),
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Нет связи с сервером подсказок. Введите адрес вручную.', 0, 'NETWORK');
  }
  const body = (await response.json().catch(() => null)) as (TAddressSuggestResponse & { error?: { code: string; message: string } }) | null;
  if (!response.ok || !body || !Array.isArray(body.suggestions)) {
    throw new ApiError(body?.error?.message ?? `Подсказки адресов не загрузились (${response.status}).`, response.status, body?.error?.code ?? 'HTTP');
  }
  return body.suggestions;
}

export const addressSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['address-suggestions', query],
    queryFn: ({ signal }) => suggestAddress(query, 10, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useAddressSuggestions = (query: string) =>
  useQuery({ ...addressSuggestionsQueryOptions(query), enabled: query.trim().length >= MIN_SUGGEST_QUERY });
