import { NO_DISCOUNT_STATUSES } from './constants';

/** A product's own status (spec §5): such a product takes no contract discount. '' is a product without one. */
export type ProductStatus = (typeof NO_DISCOUNT_STATUSES)[number];

/** The statuses' Russian names, as a card's badge, the product page and the catalogue's filter show them. */
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  Outlet: 'Аутлет',
  Discount: 'Уценка',
  Activity: 'Акция',
};

export function isProductStatus(status: string): status is ProductStatus {
  return (NO_DISCOUNT_STATUSES as readonly string[]).includes(status);
}

/** The status's name, or undefined for a product without a status (or one the portal does not know). */
export function productStatusLabel(status: string): string | undefined {
  return isProductStatus(status) ? PRODUCT_STATUS_LABELS[status] : undefined;
}
