/** GET /api/partners (spec §7): the user's companies with their contracts (storages) and documents. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompany } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getPartners = (signal?: AbortSignal) => api<TCompany[]>('/partners', { signal });

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getPartners(signal), staleTime: 60_000 });

export const usePartners = () => useQuery(partnersQueryOptions());
