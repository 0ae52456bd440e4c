import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const companyRoutes: RouteObject[] = [
  { path: 'company/:id?', element: lazyPage(() => import('./company-page').then((m) => m.CompanyPage)) },
];
