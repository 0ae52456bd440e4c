/** Catalogue paging (spec §4 "Profile and catalogue", §9): 25 products a page, page count = ceil(total / 25). */
import { CATALOG_PAGE_SIZE } from './constants';

export function catalogPageCount(total: number, pageSize: number = CATALOG_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** Rows to skip for a 1-based page. */
export function catalogPageOffset(page: number, pageSize: number = CATALOG_PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/**
 * The highest page number a catalogue address is read as. A page past the last is answered as the last, so a larger
 * number (`?page=99999999999`, a typo or an old link) is read as this one and ends on the last page, not on an error.
 */
export const CATALOG_PAGE_MAX = 10_000_000;

/**
 * The page an address asks for: empty → 1; a whole number from 1 → that page, beyond CATALOG_PAGE_MAX → that maximum
 * (the last page); anything else (0, «-2», «2.5», «abc») → null, which the server refuses and the web reads as page 1.
 */
export function catalogPageAsked(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return 1;
  if (!/^\d+$/.test(value)) return null;
  const digits = value.replace(/^0+/, '');
  if (digits === '') return null;
  return digits.length > String(CATALOG_PAGE_MAX).length ? CATALOG_PAGE_MAX : Math.min(Number(digits), CATALOG_PAGE_MAX);
}
