/** /catalog/season-sale — the season sale: products at sale prices, 25 a page. */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useSeasonSale } from './api/get-season-sale';
import { ProductGrid, usePageParam } from './components/product-grid';

export function SeasonSalePage() {
  const [page, goToPage] = usePageParam();
  const sale = useSeasonSale(page);
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Сезонная распродажа
        </Title>
        <Text c="dimmed">Остатки прошлых сезонов и аутлет: пока есть на складе.</Text>
      </Stack>
      {sale.isError ? (
        <Alert color="red" role="alert">
          {sale.error.message}
        </Alert>
      ) : (
        <ProductGrid
          data={sale.data}
          loading={sale.isFetching}
          page={page}
          onPage={goToPage}
        />
      )}
    </Stack>
  );
}
