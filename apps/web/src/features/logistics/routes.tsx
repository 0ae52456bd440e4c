import type { RouteObject } from 'react-router';

export const logisticsRoutes: RouteObject[] = [
  { path: 'shipments', lazy: () => import('./shipments-page').then((m) => ({ Component: m.ShipmentsPage })) },
  { path: 'shipments/request', lazy: () => import('./shipment-request-page').then((m) => ({ Component: m.ShipmentRequestPage })) },
  { path: 'shipments/request/success', lazy: () => import('./shipment-success-page').then((m) => ({ Component: m.ShipmentSuccessPage })) },
  { path: 'shipments/address', lazy: () => import('./delivery-addresses-page').then((m) => ({ Component: m.DeliveryAddressesPage })) },
];
