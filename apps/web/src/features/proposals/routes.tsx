import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';
import { gated } from '../../shared/ui/role-gate';

export const proposalRoutes: RouteObject[] = [
  { path: 'kp', element: lazyPage(gated('proposals.manage', () => import('./proposal-route').then((m) => m.ProposalRoute))) },
  { path: 'logo', element: lazyPage(gated('proposals.manage', () => import('./logo-mockup-page').then((m) => m.LogoMockupPage))) },
];
