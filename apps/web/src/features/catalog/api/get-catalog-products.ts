/**
 * GET /api/content/catalog/products?group=&page=&…filters&sort=: 25 products of a group with the filters' counts
 * (content service). With the company in use (PARTNER) the token goes along and the page comes in its prices, with
 * «bought before» marks; without one it is public, at list prices.
 */
import type { TCatalogPage, TCatalogPageWithCounts, TCatalogSelectionCounts } from '@portal/contracts';
import { catalogQueryParams, type CatalogFilters, type CatalogSort } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface CatalogRequest {
  filters: CatalogFilters;
  sort: CatalogSort;
  page: number;
  /** The company in use (its uid), when signed in. */
  partner?: string;
}

/** The call for a selection (filters, sort, page) priced for the company in use, if any. */
export const catalogRequestFor = (selection: Omit<CatalogRequest, 'partner'>, company: { uid: string } | undefined): CatalogRequest => ({
  filters: selection.filters,
  sort: selection.sort,
  page: selection.page,
  partner: company?.uid,
});

/** The query of a catalogue call: the selection in the URL's words, page always given. */
export const catalogRequestQuery = (request: CatalogRequest) => ({
  ...catalogQueryParams(request.filters, request.sort),
  page: request.page,
  PARTNER: request.partner || undefined,
});

/** A page as the screens show it: with its selection's counts, and the company (uid) its PRICE_DEALER is for. */
export type CatalogPageView = TCatalogPageWithCounts & { pricedFor: string | null };

/** How long a selection's counts serve its other pages and sorts before they are asked again. */
const SELECTION_COUNTS_FRESH_MS = 30_000;

/**
 * A page with its selection's filter counts. The counts are the same on every page and under every sort, and cost the
 * server more than the page: when this selection's are known and fresh, the page is asked without them (counts=0)
 * and shown with the ones kept.
 */
export async function pageWithSelectionCounts(
  client: QueryClient,
  scope: readonly unknown[],
  request: CatalogRequest,
  ask: (withCounts: boolean) => Promise<TCatalogPage>,
): Promise<CatalogPageView> {
  const countsKey = ['catalog', 'counts', ...scope, catalogQueryParams(request.filters), request.partner ?? ''];
  const known = client.getQueryState<TCatalogSelectionCounts>(countsKey);
  const kept = known?.data && Date.now() - known.dataUpdatedAt < SELECTION_COUNTS_FRESH_MS ? known.data : undefined;
  const page = await ask(!kept);
  const pricedFor = request.partner ?? null;
  if (page.filters && page.without) {
    const counts: TCatalogSelectionCounts = { filters: page.filters, without: page.without };
    client.setQueryData(countsKey, counts);
    return { ...page, ...counts, pricedFor };
  }
  if (!kept) throw new Error('Каталог ответил без счётчиков фильтров: обновите страницу.');
  return { ...page, ...kept, pricedFor };
}

/** `counts: '0'` asks for the page alone. */
export const countsParam = (withCounts: boolean) => (withCounts ? {} : { counts: '0' });

export const getCatalogProducts = (group: string | undefined, request: CatalogRequest, withCounts: boolean, signal?: AbortSignal) =>
  api<TCatalogPage>('/content/catalog/products', {
    query: { group, ...catalogRequestQuery(request), ...countsParam(withCounts) },
    auth: Boolean(request.partner),
    signal,
  });

export const catalogProductsQueryOptions = (group: string | undefined, request: CatalogRequest) =>
  queryOptions({
    queryKey: ['catalog', 'products', group ?? '', catalogRequestQuery(request)],
    queryFn: ({ signal, client }) =>
      pageWithSelectionCounts(client, ['products', group ?? ''], request, (withCounts) => getCatalogProducts(group, request, withCounts, signal)),
    retry: false,
  });

/** `enabled: false` while the company in use is still loading: its prices are asked for once, not after a first page without them. */
export const useCatalogProducts = (group: string | undefined, request: CatalogRequest, { enabled = true } = {}) =>
  useQuery({ ...catalogProductsQueryOptions(group, request), placeholderData: keepPreviousData, enabled });
