/** /product/:article? — the product search and the product: pictures, video, description, offers with stock and prices. */
import { Alert, Anchor, Badge, Box, Button, Card, Center, Grid, Group, Image, Loader, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { SEARCH_OPTION, formatPrice, searchRequestFor, type SearchOption } from '@portal/domain';
import { IconCertificate, IconRulerMeasure, IconSearch, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TCompany, TProductSearchResult } from '@portal/contracts';
import { paths } from '../../config/paths';
import { useProductSearch } from '../../shared/api/search-product';
import { useCompanyInUse } from '../../shared/company-in-use';
import { companyMay } from '../../shared/company-roles';
import { CompanyInUseSelect } from '../../shared/ui/company-in-use-select';
import { SizeGridModal } from '../../shared/ui/size-grid-modal';
import { OffersTable } from './components/offers-table';
import { ProductSearch } from './components/product-search';
import { ProductStatusBadge } from '../../shared/ui/product-status-badge';

function optionOf(article: string, param: string | null): SearchOption {
  const asked = Number(param);
  if (param !== null && (asked === SEARCH_OPTION.ARTICLE || asked === SEARCH_OPTION.NAME || asked === SEARCH_OPTION.ID)) return asked;
  return searchRequestFor(article).option;
}

export function ProductPage() {
  const { article = '' } = useParams();
  const [params] = useSearchParams();
  const option = optionOf(article, params.get('option'));
  // Prices are the company in use's: the search waits for the user's companies so it is asked once, for the right one.
  const { company, loading: companiesLoading } = useCompanyInUse();
  const search = useProductSearch(article && !companiesLoading ? { query: article, option, partner: company?.uid } : null);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz={26}>
          Поиск товара
        </Title>
        <Box w={{ base: '100%', sm: 420 }}>
          <ProductSearch key={article} autoFocus={!article} initialValue={article} />
        </Box>
      </Group>
      <CompanyInUseSelect />

      {!article ? (
        <Card withBorder padding="xl">
          <Group gap="md" wrap="nowrap">
            <IconSearch size={32} stroke={1.4} />
            <Text c="dimmed">
              Введите артикул (например, КСТ105А) или слова из названия товара — «ботинки кожаные», «костюм летний».
              Подсказки появятся с двух символов, Enter запускает полный поиск.
            </Text>
          </Group>
        </Card>
      ) : search.isPending || companiesLoading ? (
        <Center mih={240}>
          <Loader />
        </Center>
      ) : search.isError ? (
        <Alert color="red" title="Поиск не удался" role="alert">
          {search.error.message}
        </Alert>
      ) : search.data === null ? (
        <Alert color="yellow" title="Товар не найден" role="alert">
          По запросу «{article}» ничего не найдено. Проверьте артикул или название и повторите поиск.
        </Alert>
      ) : (
        <ProductView result={search.data} company={company} />
      )}
    </Stack>
  );
}

function ProductView({ result, company }: { result: TProductSearchResult; company: TCompany | undefined }) {
  const { PRODUCT: product } = result;
  const [picture, setPicture] = useState(0);
  const [sizesOpen, setSizesOpen] = useState(false);
  const others = result.FOUND.filter((found) => found.ID !== product.ID);
  const priceTypeName = result.PRICETYPE.name;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Grid gap="xl">
          {/* On a phone the name, the prices and «Добавить в заказ» come first, the pictures and the video after them. */}
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
            <Stack gap="sm">
              <Box bg="gray.0" style={{ borderRadius: 12, overflow: 'hidden' }}>
                {result.IMAGES.length > 0 ? (
                  <Image src={result.IMAGES[picture]} alt={product.NAME} fit="contain" h={320} />
                ) : (
                  <Center h={320}>
                    <Text c="dimmed">Нет изображения</Text>
                  </Center>
                )}
              </Box>
              {result.IMAGES.length > 1 && (
                <Group gap="xs">
                  {result.IMAGES.map((src, index) => (
                    <UnstyledButton key={src} onClick={() => setPicture(index)} aria-label={`Изображение ${index + 1}`}>
                      <Image src={src} w={64} h={64} radius="sm" style={{ outline: index === picture ? '2px solid var(--mantine-color-blue-6)' : undefined }} />
                    </UnstyledButton>
                  ))}
                </Group>
              )}
              {result.VIDEO && (
                <Box style={{ position: 'relative', paddingTop: '56.25%', borderRadius: 12, overflow: 'hidden' }}>
                  <iframe
                    src={result.VIDEO}
                    title={`Видео: ${product.NAME}`}
                    allow="encrypted-media; fullscreen; picture-in-picture"
                    style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                  />
                </Box>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              <Group gap="xs">
                <Badge variant="light" size="lg" ff="monospace" data-testid="product-article">
                  {product.ARTICLE}
                </Badge>
                <ProductStatusBadge status={product.STATUS} />
                {product.MAX_DISCOUNT > 0 && (
                  <Badge variant="outline" color="gray">
                    скидка не больше {product.MAX_DISCOUNT}%
                  </Badge>
                )}
              </Group>
              <Title order={2} fz={24} lh={1.25}>
                {product.NAME}
              </Title>
              {/* Two prices side by side on a phone too: «Добавить в заказ» stays on the first screen. */}
              <SimpleGrid cols={2} spacing={{ base: 'xs', xs: 'md' }}>
                <Card withBorder padding="sm" radius="md">
                  <Text fz="xs" c="dimmed">
                    Розничная
                  </Text>
                  <Text fz="xl" fw={700} data-testid="list-price">
                    {formatPrice(product.PRICE)}
                  </Text>
                </Card>
                <Card withBorder padding="sm" radius="md" bg="var(--mantine-color-blue-light)">
                  <Text fz="xs" c="dimmed">
                    Ваша цена
                  </Text>
                  <Text fz="xl" fw={700} c="blue" data-testid="user-price">
                    {formatPrice(product.PRICE_NET)}
                  </Text>
                  <Text fz="xs" c="dimmed" data-testid="user-price-basis">
                    {product.PRICE_NET < product.PRICE_OPT
                      ? `${priceTypeName.toLowerCase()} цена ${formatPrice(product.PRICE_OPT)} за вычетом скидки по договору`
                      : `${priceTypeName.toLowerCase()} цена`}
                  </Text>
                </Card>
              </SimpleGrid>
              <Group gap="sm">
                {/* A role that cannot order in the company in use (an accountant) sees the prices, not the button. */}
                {(!company || companyMay(company, 'orders.place')) && (
                  <Button component={Link} to={paths.order(product.ARTICLE)} leftSection={<IconShoppingCartPlus size={18} />}>
                    Добавить в заказ
                  </Button>
                )}
                <Button variant="light" leftSection={<IconRulerMeasure size={18} />} onClick={() => setSizesOpen(true)}>
                  Размерная сетка
                </Button>
                <Button component={Link} to={paths.certificate(product.ARTICLE)} variant="default" leftSection={<IconCertificate size={18} />}>
                  Сертификаты
                </Button>
              </Group>
              <SizeGridModal productId={sizesOpen ? product.ID : null} company={company} onClose={() => setSizesOpen(false)} />
              {product.DETAIL_TEXT && <Text fz="sm">{product.DETAIL_TEXT}</Text>}
              <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Свойства товара">
                <Table.Tbody>
                  {product.CHARACTERISTICS.map((property) => (
                    <Table.Tr key={property.NAME}>
                      <Table.Td c="dimmed" w="45%">
                        {property.NAME}
                      </Table.Td>
                      <Table.Td>{property.VALUE}</Table.Td>
                    </Table.Tr>
                  ))}
                  {result.PROTECT && (
                    <Table.Tr>
                      <Table.Td c="dimmed">Защитные свойства</Table.Td>
                      <Table.Td>{result.PROTECT}</Table.Td>
                    </Table.Tr>
                  )}
                  <Table.Tr>
                    <Table.Td c="dimmed">Вес / объём упаковки</Table.Td>
                    {/* 0 and 0 is what a good without pack data carries, not a pack that weighs nothing. */}
                    <Table.Td>{product.WEIGHT === 0 && product.VALUME === 0 ? 'не указаны' : `${product.WEIGHT} кг / ${product.VALUME} м³`}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>

      <Stack gap="xs">
        <Title order={3} fz={18}>
          Размеры, остатки и цены
        </Title>
        <OffersTable offers={result.OFFERS} product={product} />
      </Stack>

      {others.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz={18}>
            Ещё найдено
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {others.map((found) => (
              <Card key={found.ID} withBorder padding="sm" radius="md" component={Link} to={paths.product(found.ARTICLE)}>
                <Group wrap="nowrap" gap="sm">
                  {found.IMAGE ? <Image src={found.IMAGE} w={56} h={56} radius="sm" /> : <Box w={56} h={56} />}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz="xs" ff="monospace" c="dimmed">
                      {found.ARTICLE}
                    </Text>
                    <Text fz="sm" lineClamp={2}>
                      {found.NAME}
                    </Text>
                    <Text fz="sm" fw={600}>
                      {formatPrice(found.PRICE_NET)}{' '}
                      <Text span fz="xs" c="dimmed" fw={400}>
                        ваша цена
                      </Text>
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Anchor component={Link} to={paths.catalog()} fz="sm">
        ← В каталог
      </Anchor>
    </Stack>
  );
}
