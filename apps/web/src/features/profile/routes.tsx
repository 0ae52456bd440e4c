import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const profileRoutes: RouteObject[] = [
  { path: 'profile', element: lazyPage(() => import('./profile-page').then((m) => m.ProfilePage)) },
];
