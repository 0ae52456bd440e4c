import type { RouteObject } from 'react-router';

export const claimRoutes: RouteObject[] = [
  { path: 'claims', lazy: () => import('./claims-page').then((m) => ({ Component: m.ClaimsPage })) },
  { path: 'claims/request', lazy: () => import('./claim-request-page').then((m) => ({ Component: m.ClaimRequestPage })) },
  { path: 'claims/success', lazy: () => import('./claim-success-page').then((m) => ({ Component: m.ClaimSuccessPage })) },
];
