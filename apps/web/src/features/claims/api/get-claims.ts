/** GET /api/user/claims (spec §7): the claims of the user's companies; 404 is an empty list (spec §8). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClaim } from '@portal/contracts';
import { sortClaims } from '@portal/domain';
import { api } from '../../../shared/api/client';
import { emptyOn404 } from '../../../shared/api/empty-on-404';

export const claimsKey = ['claims'] as const;

/** Sorted here too (spec §4: bitrix_id descending, a missing one as 0), whatever order the server keeps. */
export const getClaims = async (signal?: AbortSignal) => sortClaims(await emptyOn404(api<TClaim[]>('/user/claims', { signal })));

export const claimsQueryOptions = () => queryOptions({ queryKey: claimsKey, queryFn: ({ signal }) => getClaims(signal) });

export const useClaims = () => useQuery(claimsQueryOptions());
