/** GET /api/content/catalog/menu: the group tree (content service, no token). */
import type { TCatalogGroup } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getCatalogMenu = (signal?: AbortSignal) => api<TCatalogGroup[]>('/content/catalog/menu', { auth: false, signal });

export const catalogMenuQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'menu'], queryFn: ({ signal }) => getCatalogMenu(signal), staleTime: 10 * 60_000 });

export const useCatalogMenu = () => useQuery(catalogMenuQueryOptions());
