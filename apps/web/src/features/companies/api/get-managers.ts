/** GET /api/managers?partnerId= (spec §7): the managers of one of the user's companies. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TManager } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getManagers = (partnerId: string, signal?: AbortSignal) => api<TManager[]>('/managers', { query: { partnerId }, signal });

export const managersQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: ['partners', partnerId, 'managers'],
    queryFn: ({ signal }) => getManagers(partnerId, signal),
    staleTime: 5 * 60_000,
  });

export const useManagers = (partnerId: string | undefined) =>
  useQuery({ ...managersQueryOptions(partnerId ?? ''), enabled: Boolean(partnerId) });
