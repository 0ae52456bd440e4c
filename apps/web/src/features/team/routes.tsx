import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const teamRoutes: RouteObject[] = [
  { path: 'companies/:uid/team', element: lazyPage(() => import('./team-page').then((m) => m.TeamPage)) },
];
