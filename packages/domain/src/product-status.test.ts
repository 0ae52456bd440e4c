import { describe, expect, it } from 'vitest';
import { CATALOG_STATUS_LABELS } from './catalog-filters';
import { NO_DISCOUNT_STATUSES } from './constants';
import { isProductStatus, productStatusLabel } from './product-status';

describe('product status labels', () => {
  it('names each status that takes no contract discount', () => {
    expect(productStatusLabel('Outlet')).toBe('Аутлет');
    expect(productStatusLabel('Discount')).toBe('Уценка');
    expect(productStatusLabel('Activity')).toBe('Акция');
    for (const status of NO_DISCOUNT_STATUSES) expect(isProductStatus(status)).toBe(true);
  });

  it('has no name for a product without a status or with an unknown one', () => {
    expect(productStatusLabel('')).toBeUndefined();
    expect(productStatusLabel('outlet')).toBeUndefined();
    expect(productStatusLabel('toString')).toBeUndefined();
  });

  it('is what the catalogue filter calls the same statuses', () => {
    for (const status of NO_DISCOUNT_STATUSES) expect(CATALOG_STATUS_LABELS[status]).toBe(productStatusLabel(status));
  });
});
