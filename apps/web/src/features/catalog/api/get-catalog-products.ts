/** GET /api/content/catalog/products?group=&page=: 25 products of a group (content service, no token). */
import type { TCatalogPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getCatalogProducts = (group: string | undefined, page: number, signal?: AbortSignal) =>
  api<TCatalogPage>('/content/catalog/products', { query: { group, page }, auth: false, signal });

export const catalogProductsQueryOptions = (group: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'products', group ?? '', page],
    queryFn: ({ signal }) => getCatalogProducts(group, page, signal),
    retry: false,
  });

export const useCatalogProducts = (group: string | undefined, page: number) =>
  useQuery({ ...catalogProductsQueryOptions(group, page), placeholderData: keepPreviousData });
