/**
 * Check-authentication at start (spec §4): GET /api/auth/me with the stored token. A 401 signs the user out — the
 * api client does that for any 401 — so an expired session never leaves a half-working shell on screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '@portal/contracts';
import { ApiError, api } from '../../../shared/api/client';

export const getCurrentUser = (signal?: AbortSignal) => api<TCurrentUser>('/auth/me', { signal });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
    // An expired session is final; only a network hiccup is worth one more try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 401),
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
