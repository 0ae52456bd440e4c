// The working order's rules (spec §3–§5): positions, stock split, discount, totals, reserved, check statuses, quick order.
export * from './types';
export * from './money';
export * from './discount';
export * from './merge-positions';
export * from './split-stock';
export * from './totals';
export * from './reserved';
export * from './check-status';
export * from './working-order';
export * from './quick-order';
export * from './draft-changes';
