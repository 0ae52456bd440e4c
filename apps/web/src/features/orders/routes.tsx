import type { RouteObject } from 'react-router';
import { partnersQueryOptions } from '../../shared/api/get-partners';
import { lazyPage } from '../../shared/lib/lazy-page';
import { gated } from '../../shared/ui/role-gate';

export const orderRoutes: RouteObject[] = [
  {
    path: 'order/:article?',
    element: lazyPage(
      gated('orders.place', () => import('./order-page').then((m) => m.OrderPage)),
      // The companies whose contracts price the order, asked for beside the page's code.
      (client) => void client.prefetchQuery(partnersQueryOptions()),
    ),
  },
  { path: 'orders', element: lazyPage(() => import('./orders-page').then((m) => m.OrdersPage)) },
  { path: 'orders/:id', element: lazyPage(() => import('./order-detail-page').then((m) => m.OrderDetailPage)) },
];
