/** GET /api/product/prices?IDS=&PARTNER=: the company in use's prices of the products on a catalogue page (ours). */
import type { TProductPrices } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getCompanyPrices = (ids: readonly number[], partner: string, signal?: AbortSignal) =>
  api<TProductPrices>('/product/prices', { query: { IDS: ids.join(','), PARTNER: partner }, signal });

export const companyPricesQueryOptions = (ids: readonly number[], partner: string) =>
  queryOptions({
    queryKey: ['catalog', 'prices', partner, ids.join(',')],
    queryFn: ({ signal }) => getCompanyPrices(ids, partner, signal),
    staleTime: 60_000,
  });

/** The prices of `ids` for the company `partner`; idle without a company or products. */
export const useCompanyPrices = (ids: readonly number[], partner: string | undefined) =>
  useQuery({
    ...companyPricesQueryOptions(ids, partner ?? ''),
    enabled: Boolean(partner) && ids.length > 0,
    placeholderData: keepPreviousData,
  });
