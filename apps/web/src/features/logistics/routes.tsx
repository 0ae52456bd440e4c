import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';
import { gated } from '../../shared/ui/role-gate';

export const logisticsRoutes: RouteObject[] = [
  { path: 'shipments', element: lazyPage(gated('shipments.request', () => import('./shipments-page').then((m) => m.ShipmentsPage))) },
  { path: 'shipments/request', element: lazyPage(gated('shipments.request', () => import('./shipment-request-page').then((m) => m.ShipmentRequestPage))) },
  { path: 'shipments/request/success', element: lazyPage(gated('shipments.request', () => import('./shipment-success-page').then((m) => m.ShipmentSuccessPage))) },
  { path: 'shipments/address', element: lazyPage(gated('shipments.request', () => import('./delivery-addresses-page').then((m) => m.DeliveryAddressesPage))) },
];
