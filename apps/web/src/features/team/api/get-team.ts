/** GET /api/partners/{uid}/team: the company's colleagues (its administrators only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeam } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const teamQueryKey = (uid: string) => ['team', uid] as const;

export const getTeam = (uid: string, signal?: AbortSignal) => api<TTeam>(`/partners/${encodeURIComponent(uid)}/team`, { signal });

export const teamQueryOptions = (uid: string) => queryOptions({ queryKey: teamQueryKey(uid), queryFn: ({ signal }) => getTeam(uid, signal) });

export const useTeam = (uid: string) => useQuery(teamQueryOptions(uid));
