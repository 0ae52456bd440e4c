import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const auditRoutes: RouteObject[] = [
  { path: 'companies/:uid/audit', element: lazyPage(() => import('./audit-page').then((m) => m.AuditPage)) },
];
