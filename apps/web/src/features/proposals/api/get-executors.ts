/** GET /api/partners: the user's companies, one of which makes the proposal (shares the cache key of the companies feature). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getExecutors = (signal?: AbortSignal) => api<TCompany[]>('/partners', { signal });

export const executorsQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getExecutors(signal), staleTime: 60_000 });

export const useExecutors = () => useQuery(executorsQueryOptions());
