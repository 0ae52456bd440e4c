import type { RouteObject } from 'react-router';

export const orderRoutes: RouteObject[] = [
  { path: 'order/:article?', lazy: () => import('./order-page').then((m) => ({ Component: m.OrderPage })) },
  { path: 'orders', lazy: () => import('./orders-page').then((m) => ({ Component: m.OrdersPage })) },
];
