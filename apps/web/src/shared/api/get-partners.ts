/**
 * GET /api/partners (spec §7): the signed-in user's companies with their contracts (storages) and documents.
 * The one fetcher for that list: the menu, the main page, the company page, orders, claims and proposals all read
 * it, and features may not import each other, so it lives in shared/ and every reader shares the ['partners'] cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from './client';

export const getPartners = (signal?: AbortSignal) => api<TCompany[]>('/partners', { signal });

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getPartners(signal), staleTime: 60_000 });

export const usePartners = () => useQuery(partnersQueryOptions());
