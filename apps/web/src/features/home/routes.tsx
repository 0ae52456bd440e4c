import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const homeRoutes: RouteObject[] = [
  {
    index: true,
    element: lazyPage(
      () => import('./home-page').then((m) => m.HomePage),
      // From the page's own chunk: the query modules in the entry split part of TanStack Query into a chunk of its own.
      (client) => void import('./home-page').then((m) => m.prefetchHomeData(client)),
    ),
  },
];
