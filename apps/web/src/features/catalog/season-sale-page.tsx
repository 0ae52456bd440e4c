/** /catalog/season-sale — the season sale: products at sale prices, 25 a page. */
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCompanyInUse } from '../../shared/company-in-use';
import { SizeGridModal } from '../../shared/ui/size-grid-modal';
import { useSeasonSale } from './api/get-season-sale';
import { CatalogFiltersLayout, SortSelect } from './components/catalog-filters';
import { ProductGrid } from './components/product-grid';
import { useCatalogSelection } from './model/use-catalog-selection';

export function SeasonSalePage() {
  const selection = useCatalogSelection();
  const { company, loading: companyLoading } = useCompanyInUse();
  const [sizesOf, setSizesOf] = useState<number | null>(null);
  const sale = useSeasonSale({ filters: selection.filters, sort: selection.sort, page: selection.page, partner: company?.uid }, { enabled: !companyLoading });
  const served = sale.isPlaceholderData ? undefined : sale.data?.page;
  const { settle } = selection;
  useEffect(() => {
    if (served !== undefined) settle(served);
  }, [served]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Сезонная распродажа
        </Title>
        <Text c="dimmed">Остатки прошлых сезонов и аутлет: пока есть на складе.</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <CatalogFiltersLayout filters={selection.filters} counts={sale.data?.filters} onChange={selection.setFilters} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {sale.isError ? (
            <Alert color="red" role="alert">
              {sale.error.message}
            </Alert>
          ) : (
            <ProductGrid
              data={sale.data}
              loading={sale.isFetching}
              onPage={selection.goToPage}
              toolbar={<SortSelect sort={selection.sort} onSort={selection.setSort} />}
              onSizes={setSizesOf}
            />
          )}
        </Grid.Col>
      </Grid>
      <SizeGridModal productId={sizesOf} company={company} onClose={() => setSizesOf(null)} />
    </Stack>
  );
}
