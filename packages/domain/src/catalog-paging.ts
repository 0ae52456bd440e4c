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
