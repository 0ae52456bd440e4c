import type { RouteObject } from 'react-router';

export const companyRoutes: RouteObject[] = [
  { path: 'company/:id?', lazy: () => import('./company-page').then((m) => ({ Component: m.CompanyPage })) },
];
