import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const orderRoutes: RouteObject[] = [
  { path: 'order/:article?', element: <PlaceholderPage title="Заказ" /> },
  { path: 'orders', element: <PlaceholderPage title="История заказов" /> },
];
