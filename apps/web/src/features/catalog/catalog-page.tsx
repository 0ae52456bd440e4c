/** /catalog/catalog/:id? — the electronic catalogue: the group tree beside a page of the chosen group's products. */
import { Alert, Box, Grid, NavLink, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TCatalogGroup } from '@portal/contracts';
import { IconFolder } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useCompanyInUse } from '../../shared/company-in-use';
import { SizeGridModal } from '../../shared/ui/size-grid-modal';
import { useCatalogMenu } from './api/get-catalog-menu';
import { useCatalogProducts } from './api/get-catalog-products';
import { CatalogFiltersLayout, SortSelect } from './components/catalog-filters';
import { ProductGrid } from './components/product-grid';
import { useCatalogSelection } from './model/use-catalog-selection';

function findGroup(groups: TCatalogGroup[], code: string): TCatalogGroup | undefined {
  for (const group of groups) {
    if (group.code === code) return group;
    const inner = findGroup(group.items, code);
    if (inner) return inner;
  }
  return undefined;
}

function GroupLink({ group, active }: { group: TCatalogGroup; active: string | undefined }) {
  const within = active !== undefined && (group.code === active || findGroup(group.items, active) !== undefined);
  return (
    <NavLink
      component={Link}
      to={paths.catalog(group.code)}
      label={group.name}
      active={group.code === active}
      defaultOpened={within}
      opened={group.items.length > 0 ? within || undefined : undefined}
      leftSection={group.items.length > 0 ? <IconFolder size={16} /> : null}
      childrenOffset={16}
    >
      {group.items.length > 0 ? group.items.map((item) => <GroupLink key={item.code} group={item} active={active} />) : undefined}
    </NavLink>
  );
}

export function CatalogPage() {
  const { id } = useParams();
  const selection = useCatalogSelection();
  const { company, loading: companyLoading } = useCompanyInUse();
  const [sizesOf, setSizesOf] = useState<number | null>(null);
  const menu = useCatalogMenu();
  const products = useCatalogProducts(id, { filters: selection.filters, sort: selection.sort, page: selection.page, partner: company?.uid }, { enabled: !companyLoading });
  const served = products.isPlaceholderData ? undefined : products.data?.page;
  const { settle } = selection;
  useEffect(() => {
    if (served !== undefined) settle(served);
  }, [served]); // eslint-disable-line react-hooks/exhaustive-deps
  const group = id && menu.data ? findGroup(menu.data, id) : undefined;

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Title order={1} fz={26}>
        {group ? group.name : 'Электронный каталог'}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs" component="nav" aria-label="Группы каталога">
            <NavLink component={Link} to={paths.catalog()} label="Все товары" active={!id} />
            {menu.data ? (
              menu.data.map((item) => <GroupLink key={item.code} group={item} active={id} />)
            ) : (
              <Stack gap={6} p="xs">
                {[1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} h={28} />
                ))}
              </Stack>
            )}
          </Paper>
          <Box mt="md">
            <CatalogFiltersLayout filters={selection.filters} counts={products.data?.filters} onChange={selection.setFilters} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Box>
            {products.isError ? (
              <Alert color="yellow" title="Не удалось показать группу" role="alert">
                <Text fz="sm">{products.error.message}</Text>
              </Alert>
            ) : (
              <ProductGrid
                data={products.data}
                loading={products.isFetching}
                onPage={selection.goToPage}
                toolbar={<SortSelect sort={selection.sort} onSort={selection.setSort} />}
                onSizes={setSizesOf}
              />
            )}
          </Box>
        </Grid.Col>
      </Grid>
      <SizeGridModal productId={sizesOf} company={company} onClose={() => setSizesOf(null)} />
    </Stack>
  );
}
