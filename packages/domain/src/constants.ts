/**
 * Fixed identifiers of spec §9. The real back-office values were not given; these are ours, fixed forever because
 * the ERP integration and stored contracts refer to them (docs/decisions.md).
 */

/** Price types (spec §3): Default has the empty id; Dealer and Base have fixed guids. */
export const PRICE_TYPE = {
  DEFAULT: '',
  DEALER: '6f1d2a34-5b7c-4e8f-9a01-d2e3f4a5b6c7',
  BASE: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
} as const;
export type PriceTypeId = (typeof PRICE_TYPE)[keyof typeof PRICE_TYPE];

export const PRICE_TYPE_NAMES: Record<PriceTypeId, string> = {
  [PRICE_TYPE.DEFAULT]: 'Розничная',
  [PRICE_TYPE.DEALER]: 'Дилерская',
  [PRICE_TYPE.BASE]: 'Базовая',
};

/**
 * The manufacturer's two selling organisations. A company's contract (storage) with one of them carries its guid,
 * and every offer carries the guid of the organisation that ships it (ORGGUID), so each line finds its contract.
 */
export const ORGANISATION = {
  FRO: '8d5e3c1a-2b4f-4c6d-9e8f-a1b2c3d4e5f6',
  ES: '3f2e1d0c-9b8a-4765-8432-10fedcba9876',
} as const;
export type OrganisationGuid = (typeof ORGANISATION)[keyof typeof ORGANISATION];

export const ORGANISATION_NAMES: Record<OrganisationGuid, string> = {
  [ORGANISATION.FRO]: 'ООО «ФРО»',
  [ORGANISATION.ES]: 'ООО «ЭС»',
};

/** Product statuses for which no contract discount applies (spec §5 "Discount"). */
export const NO_DISCOUNT_STATUSES = ['Outlet', 'Discount', 'Activity'] as const;

/** Check statuses that keep an order reserved (spec §9). */
export const RESERVED_CHECK_STATUSES = [1, 6] as const;

export const CATALOG_PAGE_SIZE = 25;
