/**
 * GET /api/partners (spec §7): the signed-in user's companies with their contracts (storages) and documents.
 * The one fetcher for that list: the menu, the main page, the company page, orders, claims and proposals all read
 * it, and features may not import each other, so it lives in shared/ and every reader shares the ['partners'] cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from './client';

export const getPartners = (signal?: AbortSignal, editing?: number) =>
  api<TCompany[]>('/partners', { signal, ...(editing ? { query: { editing } } : {}) });

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getPartners(signal), staleTime: 60_000 });

/**
 * The list as the page editing order `editing` needs it: that order's own checks left out of the contracts' `pending`,
 * since the edit replaces them. Under the ['partners'] key, so whatever refreshes the list refreshes this one too.
 */
const partnersWhileEditingQueryOptions = (editing: number) =>
  queryOptions({ queryKey: ['partners', `editing ${editing}`], queryFn: ({ signal }) => getPartners(signal, editing), staleTime: 60_000 });

export const usePartners = (editing?: number) => useQuery(editing ? partnersWhileEditingQueryOptions(editing) : partnersQueryOptions());
