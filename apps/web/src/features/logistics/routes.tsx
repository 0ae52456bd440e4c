import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const logisticsRoutes: RouteObject[] = [
  { path: 'shipments', element: lazyPage(() => import('./shipments-page').then((m) => m.ShipmentsPage)) },
  { path: 'shipments/request', element: lazyPage(() => import('./shipment-request-page').then((m) => m.ShipmentRequestPage)) },
  { path: 'shipments/request/success', element: lazyPage(() => import('./shipment-success-page').then((m) => m.ShipmentSuccessPage)) },
  { path: 'shipments/address', element: lazyPage(() => import('./delivery-addresses-page').then((m) => m.DeliveryAddressesPage)) },
];
