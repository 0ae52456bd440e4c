/** GET /api/content/season-sale?page=: 25 products of the season sale (content service, no token). */
import type { TCatalogPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getSeasonSale = (page: number, signal?: AbortSignal) =>
  api<TCatalogPage>('/content/season-sale', { query: { page }, auth: false, signal });

export const seasonSaleQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['catalog', 'season-sale', page], queryFn: ({ signal }) => getSeasonSale(page, signal), retry: false });

export const useSeasonSale = (page: number) => useQuery({ ...seasonSaleQueryOptions(page), placeholderData: keepPreviousData });
