/** GET /api/content/season-sale?page=&…filters&sort=: 25 products of the season sale with the filters' counts. */
import type { TCatalogPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { catalogRequestQuery, countsParam, pageWithSelectionCounts, type CatalogRequest } from './get-catalog-products';

export const getSeasonSale = (request: CatalogRequest, withCounts: boolean, signal?: AbortSignal) =>
  api<TCatalogPage>('/content/season-sale', {
    query: { ...catalogRequestQuery(request), ...countsParam(withCounts) },
    auth: Boolean(request.partner),
    signal,
  });

export const seasonSaleQueryOptions = (request: CatalogRequest) =>
  queryOptions({
    queryKey: ['catalog', 'season-sale', catalogRequestQuery(request)],
    queryFn: ({ signal, client }) => pageWithSelectionCounts(client, ['season-sale'], request, (withCounts) => getSeasonSale(request, withCounts, signal)),
    retry: false,
  });

/** `enabled: false` while the company in use is still loading: its prices are asked for once, not after a first page without them. */
export const useSeasonSale = (request: CatalogRequest, { enabled = true } = {}) =>
  useQuery({ ...seasonSaleQueryOptions(request), placeholderData: keepPreviousData, enabled });
