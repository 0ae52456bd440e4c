import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const catalogRoutes: RouteObject[] = [
  {
    path: 'catalog/catalog/:id?',
    element: lazyPage(
      () => import('./catalog-page').then((m) => m.CatalogPage),
      (client, opening) => void import('./catalog-page').then((m) => m.prefetchCatalogData(client, opening.params.id, opening.search)),
    ),
  },
  { path: 'catalog/interactive', element: lazyPage(() => import('./interactive-page').then((m) => m.InteractivePage)) },
  { path: 'catalog/season-sale', element: lazyPage(() => import('./season-sale-page').then((m) => m.SeasonSalePage)) },
];
