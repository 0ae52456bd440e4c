/** GET /api/certificates?article=: the certificates of one article. */
import type { TCertificate } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export function getCertificates(article: string, signal?: AbortSignal) {
  return api<TCertificate[]>('/certificates', { query: { article }, signal });
}

export function certificatesQueryOptions(article: string) {
  return queryOptions({
    queryKey: ['products', 'certificates', article],
    queryFn: ({ signal }) => getCertificates(article, signal),
    retry: false,
  });
}

export function useCertificates(article: string | undefined) {
  return useQuery({ ...certificatesQueryOptions(article ?? ''), enabled: Boolean(article) });
}
