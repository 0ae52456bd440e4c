/** Showcase cases of the main-page carousel, from the content service (without the auth header). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TShowcaseCase } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getCases = (signal?: AbortSignal) => api<TShowcaseCase[]>('/content/cases', { auth: false, signal });

export const casesQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'cases'], queryFn: ({ signal }) => getCases(signal), staleTime: 5 * 60_000 });

export const useCases = () => useQuery(casesQueryOptions());
