import type { RouteObject } from 'react-router';

export const catalogRoutes: RouteObject[] = [
  { path: 'catalog/catalog/:id?', lazy: () => import('./catalog-page').then((m) => ({ Component: m.CatalogPage })) },
  { path: 'catalog/interactive', lazy: () => import('./interactive-page').then((m) => ({ Component: m.InteractivePage })) },
  { path: 'catalog/season-sale', lazy: () => import('./season-sale-page').then((m) => ({ Component: m.SeasonSalePage })) },
];
