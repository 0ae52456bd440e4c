import type { RouteObject } from 'react-router';

export const proposalRoutes: RouteObject[] = [
  { path: 'kp', lazy: () => import('./proposal-page').then((m) => ({ Component: m.ProposalPage })) },
  { path: 'logo', lazy: () => import('./logo-mockup-page').then((m) => ({ Component: m.LogoMockupPage })) },
];
