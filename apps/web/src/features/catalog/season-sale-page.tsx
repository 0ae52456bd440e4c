/** /catalog/season-sale — the season sale: products at sale prices, 25 a page. */
import { Stack, Text, Title } from '@mantine/core';
import { useSeasonSale } from './api/get-season-sale';
import { ProductListing, useProductListing } from './components/product-listing';

export function SeasonSalePage() {
  const listing = useProductListing();
  const sale = useSeasonSale(listing.request, { enabled: listing.ready });
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Сезонная распродажа
        </Title>
        <Text c="dimmed">Остатки прошлых сезонов и аутлет: пока есть на складе.</Text>
      </Stack>
      <ProductListing listing={listing} products={sale} errorTitle="Не удалось показать распродажу" inStockOnly />
    </Stack>
  );
}
