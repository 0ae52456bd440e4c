/** GET /api/partners: the companies an order can be for, with their contracts (shares the ['partners'] cache). */
import type { TCompany } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getOrderPartners = (signal?: AbortSignal) => api<TCompany[]>('/partners', { signal });

export const orderPartnersQueryOptions = () =>
  queryOptions({ queryKey: ['partners'], queryFn: ({ signal }) => getOrderPartners(signal), staleTime: 60_000 });

export const useOrderPartners = () => useQuery(orderPartnersQueryOptions());
