import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const logisticsRoutes: RouteObject[] = [
  { path: 'shipments', element: <PlaceholderPage title="Отгрузки" /> },
  { path: 'shipments/request', element: <PlaceholderPage title="Заявка на отгрузку" /> },
  { path: 'shipments/request/success', element: <PlaceholderPage title="Заявка отправлена" /> },
  { path: 'shipments/address', element: <PlaceholderPage title="Адреса доставки" /> },
];
