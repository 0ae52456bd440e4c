import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const proposalRoutes: RouteObject[] = [
  { path: 'kp', element: lazyPage(() => import('./proposal-route').then((m) => m.ProposalRoute)) },
  { path: 'logo', element: lazyPage(() => import('./logo-mockup-page').then((m) => m.LogoMockupPage)) },
];
