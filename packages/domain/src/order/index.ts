// The order's rules (spec §3–§5): the money model, pricing and stock split, discount, reserved, check statuses, quick order.
export * from './order-model';
export * from './money';
export * from './discount';
export * from './price-order';
export * from './company-price';
export * from './reserved';
export * from './reservation';
export * from './check-status';
export * from './quick-order';
export * from './draft-changes';
export * from './invoice-terms';
export * from './size-grid';
export * from './price-changes';
export * from './order-documents';
export * from './back-office-lines';
