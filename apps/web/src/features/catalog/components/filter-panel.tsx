/**
 * The catalogue's filters: each value with how many products it would leave (disabled at zero, unless chosen, so it
 * can be taken off), a price range of the dealer's price. Loaded apart from the page (catalog-filters.tsx): beside the
 * products once the page has painted, in the drawer when it is opened.
 */
import { Button, Checkbox, Drawer, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { TCatalogFilterCounts } from '@portal/contracts';
import {
  CATALOG_FACETS,
  CATALOG_FACET_LABELS,
  activeCatalogFilters,
  catalogValueLabel,
  emptyCatalogFilters,
  type CatalogFacet,
  type CatalogFilters,
} from '@portal/domain';
import { useEffect, useState } from 'react';

export interface FiltersProps {
  filters: CatalogFilters;
  counts: TCatalogFilterCounts | undefined;
  onChange: (filters: CatalogFilters) => void;
  /** The page lists only what is in stock (the season sale): no «В наличии» switch that would change nothing. */
  inStockOnly?: boolean;
}

function FacetGroup({ facet, filters, counts, onChange }: FiltersProps & { facet: CatalogFacet }) {
  const values = counts?.[facet] ?? [];
  if (values.length === 0) return null;
  const chosen = filters[facet];
  return (
    <Stack gap={6} role="group" aria-label={CATALOG_FACET_LABELS[facet]}>
      <Text fw={600} fz="sm">
        {CATALOG_FACET_LABELS[facet]}
      </Text>
      {values.map(({ value, count }) => {
        const checked = chosen.includes(value);
        return (
          <Checkbox
            key={value}
            size="sm"
            checked={checked}
            disabled={count === 0 && !checked}
            label={
              <Group gap={6} wrap="nowrap">
                <span>{catalogValueLabel(facet, value)}</span>
                <Text span fz="xs" c="dimmed" data-testid="filter-count">
                  {count}
                </Text>
              </Group>
            }
            onChange={(event) =>
              onChange({ ...filters, [facet]: event.currentTarget.checked ? [...chosen, value] : chosen.filter((other) => other !== value) })
            }
          />
        );
      })}
    </Stack>
  );
}

function PriceRange({ filters, counts, onChange }: FiltersProps) {
  const [from, setFrom] = useState<string | number>(filters.priceFrom ?? '');
  const [to, setTo] = useState<string | number>(filters.priceTo ?? '');
  useEffect(() => {
    setFrom(filters.priceFrom ?? '');
    setTo(filters.priceTo ?? '');
  }, [filters.priceFrom, filters.priceTo]);
  const bound = (value: string | number) => (value === '' ? null : Number(value));
  return (
    <Stack gap={6} role="group" aria-label="Ваша цена, ₽">
      <Text fw={600} fz="sm">
        Ваша цена, ₽
      </Text>
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput aria-label="Цена от" placeholder={counts?.price.min != null ? `от ${Math.floor(counts.price.min)}` : 'от'} min={0} decimalScale={2} value={from} onChange={setFrom} hideControls />
        <NumberInput aria-label="Цена до" placeholder={counts?.price.max != null ? `до ${Math.ceil(counts.price.max)}` : 'до'} min={0} decimalScale={2} value={to} onChange={setTo} hideControls />
      </Group>
      <Button size="xs" variant="light" onClick={() => onChange({ ...filters, priceFrom: bound(from), priceTo: bound(to) })}>
        Применить цену
      </Button>
    </Stack>
  );
}

export function FilterPanel({ filters, counts, onChange, inStockOnly = false }: FiltersProps) {
  const active = activeCatalogFilters(filters).length;
  return (
    <Stack gap="md" data-testid="catalog-filters">
      <Group justify="space-between">
        <Text fw={700}>Фильтры</Text>
        {active > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(emptyCatalogFilters())}>
            Сбросить
          </Button>
        )}
      </Group>
      {!inStockOnly && (
        <Checkbox
          checked={filters.inStock}
          disabled={counts?.inStock === 0 && !filters.inStock}
          label={
            <Group gap={6} wrap="nowrap">
              <span>В наличии</span>
              <Text span fz="xs" c="dimmed">
                {counts?.inStock ?? ''}
              </Text>
            </Group>
          }
          onChange={(event) => onChange({ ...filters, inStock: event.currentTarget.checked })}
        />
      )}
      {CATALOG_FACETS.map((facet) => (
        <FacetGroup key={facet} facet={facet} filters={filters} counts={counts} onChange={onChange} />
      ))}
      <PriceRange filters={filters} counts={counts} onChange={onChange} />
    </Stack>
  );
}

/** The filters in a drawer, on narrow screens. */
export function FiltersDrawer({ opened, onClose, ...props }: FiltersProps & { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Фильтры каталога" position="left" size="85%" hiddenFrom="md">
      <FilterPanel {...props} />
      <Button fullWidth mt="md" onClick={onClose}>
        Показать товары
      </Button>
    </Drawer>
  );
}
