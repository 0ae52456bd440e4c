// Delivery addresses and shipments, and the address suggestions app.ts mounts at the spec's own path.
export { logisticsRoutes } from './logistics.routes';
export { addressSuggestRoutes } from './address-suggest.routes';
