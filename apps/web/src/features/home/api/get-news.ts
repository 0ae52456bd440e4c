/** Main-page news from the content service (spec §7: content-service GETs go without the auth header). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNewsItem } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getNews = (signal?: AbortSignal) => api<TNewsItem[]>('/content/news', { auth: false, signal });

export const newsQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'news'], queryFn: ({ signal }) => getNews(signal), staleTime: 5 * 60_000 });

export const useNews = () => useQuery(newsQueryOptions());
