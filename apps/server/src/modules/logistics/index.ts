// Delivery addresses and shipments, and the address suggestions app.ts mounts at the spec's own path.
export { logisticsRoutes } from './logistics.routes';
export { addressSuggestRoutes } from './address-suggest.routes';
// A dealer's address book and shipment requests, as the demo seed fills them in (its past ones `asOf` their day).
export { addAddress, listAddresses, listShipments, requestShipment } from './logistics.service';
