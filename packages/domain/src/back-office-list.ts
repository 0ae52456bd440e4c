/**
 * Lists that come back from the back office (CRM) are ordered by its id, newest first (spec §4 "Claims, shipments and
 * lists"): shipments and claims sort by bitrix_id descending, a missing bitrix_id counting as 0. A request the back
 * office has not registered yet has no bitrix_id; among equal keys the newer portal record (higher id) goes first.
 */

export interface BackOfficeRecord {
  id: number;
  bitrix_id?: number | null;
}

/** The sort key of a record: its bitrix_id, or 0 when it has none. */
export function bitrixSortKey(record: BackOfficeRecord): number {
  const value = record.bitrix_id;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A new array sorted by bitrix_id descending (missing = 0), then by portal id descending. */
export function sortByBitrixIdDescending<T extends BackOfficeRecord>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => bitrixSortKey(b) - bitrixSortKey(a) || b.id - a.id);
}

/** Shipments list order (spec §4). */
export const sortShipments = sortByBitrixIdDescending;
/** Claims list order (spec §4): a missing bitrix_id counts as 0. */
export const sortClaims = sortByBitrixIdDescending;
