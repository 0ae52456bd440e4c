import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const homeRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('./home-page').then((m) => m.HomePage)) },
];
