/**
 * A page of catalogue products as cards, with the pager of spec §4 (page count = ceil(total / 25)). Each card shows
 * the company in use's price («Ваша цена») with the list price beside it («Розничная»).
 */
import { Alert, Badge, Button, Card, Center, Group, Image, Loader, Pagination, SimpleGrid, Stack, Text, useMatches } from '@mantine/core';
import { catalogPageAsked, catalogPageCount, filterToRelax, formatPrice, russianDay } from '@portal/domain';
import { IconRulerMeasure } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useCompanyInUse } from '../../../shared/company-in-use';
import { companyMay } from '../../../shared/company-roles';
import { useAfterFirstPaint } from '../../../shared/lib/lazy-page';
import { CompanyInUseSelect } from '../../../shared/ui/company-in-use-select';
import { ProductStatusBadge } from '../../../shared/ui/product-status-badge';
import type { CatalogPageView } from '../api/get-catalog-products';

/**
 * The grid's columns, by width. The cards drawn before the grid's first paint are its first row (its first image is
 * the page's largest paint): one card on a phone, four on a desktop. The other cards follow once it has painted, so the
 * first images are asked for before all 25 cards are drawn.
 */
const COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 };

export function ProductGrid({
  data,
  loading,
  onPage,
  toolbar,
  onSizes,
  stockSizes = [],
}: {
  data: CatalogPageView | undefined;
  /** The sizes filtered by: the cards' stock is of these sizes (the server counts it so), and says which. */
  stockSizes?: readonly string[];
  loading: boolean;
  onPage: (page: number) => void;
  /** Sort and the filters' button, beside the count. */
  toolbar?: ReactNode;
  /** Opens the size grid of a product; no button without it, nor for a role that cannot order in the company in use. */
  onSizes?: (productId: number) => void;
}) {
  const { company } = useCompanyInUse();
  // The page carries the dealer's price of the company it was asked for. While the next company's page loads, the
  // previous one stays on screen: its prices are another company's, so only the list price shows until it comes.
  const ownPrices = Boolean(company) && data?.pricedFor === company?.uid;
  // «Размеры» is where an order is typed in: a role that cannot order (an accountant) reads the card — price, stock —
  // and the product's page, not a grid that only says no. Without a company in use the grid asks to choose one.
  const sizes = !company || companyMay(company, 'orders.place') ? onSizes : undefined;
  // A phone fits the first, the current, the last page and the arrows on one line, not the pages beside the current.
  const pagerSiblings = useMatches({ base: 0, xs: 1 });
  // Read from the window in the first render, not after it: the first row is what the first paint draws.
  const firstRow = useMatches(COLUMNS, { getInitialValueInEffect: false });
  const painted = useAfterFirstPaint(data !== undefined);
  if (!data) {
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  }
  const pages = catalogPageCount(data.total);
  return (
    <Stack gap="md" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={loading} data-testid="catalog-results">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text fz="sm" c="dimmed" data-testid="catalog-total">
          {data.total > 0 ? `Товаров: ${data.total}, страница ${data.page} из ${pages}` : 'Товаров нет.'}
        </Text>
        <Group gap="xs" wrap="wrap">
          {toolbar}
          <CompanyInUseSelect />
        </Group>
      </Group>
      {data.total === 0 && (
        <Alert color="yellow" role="status" data-testid="catalog-empty">
          {data.without.length > 0
            ? (filterToRelax(data.without) ?? 'Ничего не найдено: снимите несколько фильтров — ни один по отдельности не помогает.')
            : 'В этой группе пока нет товаров.'}
        </Alert>
      )}
      {data.total > 0 && data.count === 0 && <Text>На этой странице товаров нет: выберите страницу из списка ниже.</Text>}
      <SimpleGrid cols={COLUMNS} spacing="md" aria-label="Товары">
        {(painted ? data.products : data.products.slice(0, firstRow)).map((product, index) => {
          return (
            <Stack key={product.ID} gap={4}>
            <Card
              withBorder
              radius="md"
              padding="sm"
              component={Link}
              to={paths.product(product.ARTICLE)}
              data-testid="catalog-card"
              // The card takes the row's height, so each «Размеры» under it sits on the same line as its neighbours'.
              style={{ display: 'flex', flexDirection: 'column', flex: 1 }}
            >
              <Card.Section bg="gray.0" pos="relative">
                {product.IMAGE ? (
                  // The first row is on screen at once (its first image is the page's largest paint): not held back
                  // until layout as the lazy ones below are.
                  <Image src={product.IMAGE} alt="" h={150} fit="contain" loading={index < firstRow ? 'eager' : 'lazy'} />
                ) : (
                  <Center h={150}>
                    <Text c="dimmed" fz="sm">
                      Нет изображения
                    </Text>
                  </Center>
                )}
                <ProductStatusBadge status={product.STATUS} pos="absolute" top={8} left={8} />
              </Card.Section>
              <Stack gap={4} mt="sm" style={{ flex: 1 }}>
                <Text fz="xs" ff="monospace" c="dimmed">
                  {product.ARTICLE}
                </Text>
                <Text fz="sm" fw={500} lineClamp={2} style={{ flex: 1 }}>
                  {product.NAME}
                </Text>
                {/* On a narrow card the stock goes under the price rather than breaking «под заказ» apart. */}
                <Group justify="space-between" align="flex-end" mt={4} gap="xs">
                  <CardPrice listPrice={product.PRICE} ownPrice={ownPrices ? product.PRICE_NET : undefined} />
                  <Badge
                    variant="light"
                    color={product.RESIDUE > 0 ? 'teal' : 'gray'}
                    data-testid="card-stock"
                    title={stockSizes.length > 0 ? `На складе размера ${stockSizes.join(', ')}` : 'На складе, все размеры'}
                    style={{ flexShrink: 0 }}
                  >
                    {product.RESIDUE > 0 ? `${stockSizes.length > 0 ? `${stockSizes.join(', ')}: ` : ''}${product.RESIDUE} шт.` : 'под заказ'}
                  </Badge>
                </Group>
                {product.BOUGHT && (
                  <Text fz="xs" c="teal" data-testid="card-bought">
                    Покупали {russianDay(product.BOUGHT)}
                  </Text>
                )}
              </Stack>
            </Card>
            {sizes && (
              <Button size="xs" variant="light" leftSection={<IconRulerMeasure size={14} />} onClick={() => sizes(product.ID)} aria-label={`Размеры ${product.ARTICLE}`}>
                Размеры
              </Button>
            )}
            </Stack>
          );
        })}
      </SimpleGrid>
      {pages > 1 && (
        <Center component="nav" aria-label="Страницы">
          <Pagination
            total={pages}
            value={Math.min(data.page, pages)}
            onChange={onPage}
            siblings={pagerSiblings}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })}
            getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Следующая страница' : control === 'previous' ? 'Предыдущая страница' : undefined })}
          />
        </Center>
      )}
    </Stack>
  );
}

/**
 * The company's price after its contract discount («Ваша цена», what the order charges) with the list price under it,
 * both labelled; the list price alone until the company's is known.
 */
function CardPrice({ listPrice, ownPrice }: { listPrice: number; ownPrice: number | undefined }) {
  if (ownPrice === undefined) {
    return (
      <Stack gap={0}>
        <Text fz="xs" c="dimmed">
          Розничная
        </Text>
        <Text fw={700} data-testid="card-list-price">
          {formatPrice(listPrice)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        Ваша цена
      </Text>
      <Text fw={700} c="blue" data-testid="card-own-price" style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(ownPrice)}
      </Text>
      <Text fz="xs" c="dimmed" data-testid="card-list-price" style={{ whiteSpace: 'nowrap' }}>
        Розничная {formatPrice(listPrice)}
      </Text>
    </Stack>
  );
}

/** The page number of the address (?page=), by the catalogue's rule: 1 when absent or not a page, the highest when absurd. */
export function pageFromSearch(value: string | null): number {
  return catalogPageAsked(value) ?? 1;
}

/** The page of a paged product list, kept in the address (?page=, absent for page 1); going to a page scrolls up. */
export function usePageParam(): [number, (next: number) => void] {
  const [search, setSearch] = useSearchParams();
  const goTo = (next: number) => {
    setSearch(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };
  return [pageFromSearch(search.get('page')), goTo];
}
