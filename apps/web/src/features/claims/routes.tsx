import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const claimRoutes: RouteObject[] = [
  { path: 'claims', element: lazyPage(() => import('./claims-page').then((m) => m.ClaimsPage)) },
  { path: 'claims/request', element: lazyPage(() => import('./claim-request-page').then((m) => m.ClaimRequestPage)) },
  { path: 'claims/success', element: lazyPage(() => import('./claim-success-page').then((m) => m.ClaimSuccessPage)) },
];
