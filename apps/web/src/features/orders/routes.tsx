import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const orderRoutes: RouteObject[] = [
  { path: 'order/:article?', element: lazyPage(() => import('./order-page').then((m) => m.OrderPage)) },
  { path: 'orders', element: lazyPage(() => import('./orders-page').then((m) => m.OrdersPage)) },
];
