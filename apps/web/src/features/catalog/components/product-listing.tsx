/**
 * A page of products as the catalogue and the season sale show it: the filters with their counts beside the grid,
 * its sort and pager, and the size-grid modal. The view lives in the address (useCatalogSelection) and the page is
 * priced for the company in use; each screen makes its own call with `listing.request`.
 */
import { Alert, Grid, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useCompanyInUse } from '../../../shared/company-in-use';
import { OnceOpened } from '../../../shared/lib/lazy-page';
import { catalogRequestFor, type CatalogPageView } from '../api/get-catalog-products';
import { useCatalogSelection } from '../model/use-catalog-selection';
import { CatalogFiltersLayout, SortSelect } from './catalog-filters';
import { ProductGrid } from './product-grid';

// The size grid's code (its table, the modal) loads the first time a card's sizes are opened, not with the page.
const SizeGridModal = lazy(() => import('../../../shared/ui/size-grid-modal').then((m) => ({ default: m.SizeGridModal })));

export function useProductListing() {
  const selection = useCatalogSelection();
  const { company, loading } = useCompanyInUse();
  const request = catalogRequestFor(selection, company);
  // `ready` once the company in use is known: its prices are asked for once, not after a first page without them.
  return { selection, company, request, ready: !loading };
}

interface ProductListingProps {
  listing: ReturnType<typeof useProductListing>;
  products: UseQueryResult<CatalogPageView, Error>;
  /** The alert's title when the page cannot be shown. */
  errorTitle: string;
  /** Above the filters (the catalogue's group tree). */
  aside?: ReactNode;
  /** The server lists only what is in stock here (the season sale). */
  inStockOnly?: boolean;
}

export function ProductListing({ listing, products, errorTitle, aside, inStockOnly }: ProductListingProps) {
  const { selection, company } = listing;
  const [sizesOf, setSizesOf] = useState<number | null>(null);
  const served = products.isPlaceholderData ? undefined : products.data?.page;
  const { settle } = selection;
  useEffect(() => {
    if (served !== undefined) settle(served);
  }, [served]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="md">
            {aside}
            <CatalogFiltersLayout filters={selection.filters} counts={products.data?.filters} onChange={selection.setFilters} inStockOnly={inStockOnly} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {products.isError ? (
            <Alert color="yellow" title={errorTitle} role="alert">
              <Text fz="sm">{products.error.message}</Text>
            </Alert>
          ) : (
            <ProductGrid
              data={products.data}
              loading={products.isFetching}
              onPage={selection.goToPage}
              toolbar={<SortSelect sort={selection.sort} onSort={selection.setSort} />}
              onSizes={setSizesOf}
              stockSizes={selection.filters.size}
            />
          )}
        </Grid.Col>
      </Grid>
      <OnceOpened opened={sizesOf !== null}>
        <SizeGridModal productId={sizesOf} company={company} onClose={() => setSizesOf(null)} />
      </OnceOpened>
    </>
  );
}
