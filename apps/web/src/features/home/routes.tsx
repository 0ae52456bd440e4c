import type { RouteObject } from 'react-router';
import { partnersQueryOptions } from '../../shared/api/get-partners';
import { lazyPage } from '../../shared/lib/lazy-page';
import { casesQueryOptions } from './api/get-cases';
import { newsQueryOptions } from './api/get-news';

export const homeRoutes: RouteObject[] = [
  {
    index: true,
    element: lazyPage(
      () => import('./home-page').then((m) => m.HomePage),
      // Asked for from the app's entry, beside the page's code rather than after it.
      (client) => {
        void client.prefetchQuery(casesQueryOptions());
        void client.prefetchQuery(partnersQueryOptions());
        void client.prefetchQuery(newsQueryOptions());
      },
    ),
  },
];
