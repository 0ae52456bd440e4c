/**
 * GET /api/content/catalog/products?group=&page=&…filters&sort=: 25 products of a group with the filters' counts
 * (content service). With the company in use (PARTNER) the token goes along and the page comes in its prices, with
 * «bought before» marks; without one it is public, at list prices.
 */
import type { TCatalogPage } from '@portal/contracts';
import { catalogQueryParams, type CatalogFilters, type CatalogSort } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface CatalogRequest {
  filters: CatalogFilters;
  sort: CatalogSort;
  page: number;
  /** The company in use (its uid), when signed in. */
  partner?: string;
}

/** The query of a catalogue call: the selection in the URL's words, page always given. */
export const catalogRequestQuery = (request: CatalogRequest) => ({
  ...catalogQueryParams(request.filters, request.sort),
  page: request.page,
  PARTNER: request.partner || undefined,
});

export const getCatalogProducts = (group: string | undefined, request: CatalogRequest, signal?: AbortSignal) =>
  api<TCatalogPage>('/content/catalog/products', { query: { group, ...catalogRequestQuery(request) }, auth: Boolean(request.partner), signal });

export const catalogProductsQueryOptions = (group: string | undefined, request: CatalogRequest) =>
  queryOptions({
    queryKey: ['catalog', 'products', group ?? '', catalogRequestQuery(request)],
    queryFn: ({ signal }) => getCatalogProducts(group, request, signal),
    retry: false,
  });

/** `enabled: false` while the company in use is still loading: its prices are asked for once, not after a first page without them. */
export const useCatalogProducts = (group: string | undefined, request: CatalogRequest, { enabled = true } = {}) =>
  useQuery({ ...catalogProductsQueryOptions(group, request), placeholderData: keepPreviousData, enabled });
