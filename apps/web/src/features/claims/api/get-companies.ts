/** GET /api/partners (spec §7): the user's companies, to choose which one files the claim. Shares the ['partners'] cache. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => api<TCompany[]>('/partners', { signal }), staleTime: 60_000 });

export const useCompanies = () => useQuery(companiesQueryOptions());
