/** GET /api/partners for the menu's "My companies" group: the signed-in user's companies (spec §2, §3). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getMyCompanies = (signal?: AbortSignal) => api<TCompany[]>('/partners', { signal });

// The key is the plain list of the server's answer, so any feature that reads ['partners'] shares this cache.
export const myCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getMyCompanies(signal) });

export const useMyCompanies = () => useQuery(myCompaniesQueryOptions());
