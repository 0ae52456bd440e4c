import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';
import { gated } from '../../shared/ui/role-gate';

export const claimRoutes: RouteObject[] = [
  { path: 'claims', element: lazyPage(gated('claims.file', () => import('./claims-page').then((m) => m.ClaimsPage))) },
  { path: 'claims/request', element: lazyPage(gated('claims.file', () => import('./claim-request-page').then((m) => m.ClaimRequestPage))) },
  { path: 'claims/success', element: lazyPage(gated('claims.file', () => import('./claim-success-page').then((m) => m.ClaimSuccessPage))) },
];
