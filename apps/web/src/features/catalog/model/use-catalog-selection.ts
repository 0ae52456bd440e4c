/**
 * The catalogue's view in the address: filters, sort and page (the group is the path). Every change is a new history
 * entry, so a link can be shared and Back restores the view before it; a filter or sort change goes back to page 1.
 */
import { catalogQueryParams, catalogSelectionOf, type CatalogFilters, type CatalogSort } from '@portal/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface CatalogSelection {
  filters: CatalogFilters;
  sort: CatalogSort;
  page: number;
}

export function useCatalogSelection() {
  const [search, setSearch] = useSearchParams();
  const selection = useMemo(() => catalogSelectionOf(search), [search]);
  const go = (next: CatalogSelection) => setSearch(catalogQueryParams(next.filters, next.sort, next.page));
  return {
    ...selection,
    setFilters: (filters: CatalogFilters) => go({ filters, sort: selection.sort, page: 1 }),
    setSort: (sort: CatalogSort) => go({ filters: selection.filters, sort, page: 1 }),
    /** The server answered another page (past the last is the last): the address follows, in place of this entry. */
    settle: (servedPage: number) => {
      if (servedPage !== selection.page) setSearch(catalogQueryParams(selection.filters, selection.sort, servedPage), { replace: true });
    },
    goToPage: (page: number) => {
      go({ ...selection, page });
      window.scrollTo({ top: 0 });
    },
  };
}
