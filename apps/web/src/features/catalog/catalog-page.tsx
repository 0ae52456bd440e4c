/** /catalog/catalog/:id? — the electronic catalogue: the group tree beside a page of the chosen group's products. */
import { NavLink, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { TCatalogGroup } from '@portal/contracts';
import { IconFolder } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useCatalogMenu } from './api/get-catalog-menu';
import { useCatalogProducts } from './api/get-catalog-products';
import { ProductListing, useProductListing } from './components/product-listing';

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
  const listing = useProductListing();
  const menu = useCatalogMenu();
  const products = useCatalogProducts(id, listing.request, { enabled: listing.ready });
  const group = id && menu.data ? findGroup(menu.data, id) : undefined;

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Title order={1} fz={26}>
        {group ? group.name : 'Электронный каталог'}
      </Title>
      <ProductListing
        listing={listing}
        products={products}
        errorTitle="Не удалось показать группу"
        aside={
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
        }
      />
    </Stack>
  );
}
