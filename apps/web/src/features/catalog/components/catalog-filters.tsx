/**
 * The catalogue's sort, and its filters (filter-panel.tsx) beside the products from 992 px; a drawer behind a «Фильтры»
 * button on narrow screens.
 */
import { Badge, Button, Paper } from '@mantine/core';
import { CATALOG_SORT_LABELS, activeCatalogFilters, isCatalogSort, type CatalogSort } from '@portal/domain';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { AfterFirstPaint, OnceOpened, once } from '../../../shared/lib/lazy-page';
import { DeferredSelect } from '../../../shared/ui/deferred-select';
import type { FiltersProps } from './filter-panel';

// The filters' code (checkboxes, number inputs, the drawer) loads once the page has painted: the first product
// images do not wait for it, and a phone shows the filters only in the drawer.
const loadFilterPanel = once(() => import('./filter-panel'));
const FilterPanel = lazy(() => loadFilterPanel().then((m) => ({ default: m.FilterPanel })));
const FiltersDrawer = lazy(() => loadFilterPanel().then((m) => ({ default: m.FiltersDrawer })));

export function SortSelect({ sort, onSort }: { sort: CatalogSort; onSort: (sort: CatalogSort) => void }) {
  return (
    // Drawn after the first paint (deferred-select.tsx): the first product images do not wait for its code.
    <DeferredSelect
      aria-label="Сортировка"
      size="sm"
      w={200}
      allowDeselect={false}
      data={Object.entries(CATALOG_SORT_LABELS).map(([value, label]) => ({ value, label }))}
      value={sort}
      onChange={(value) => onSort(value !== null && isCatalogSort(value) ? value : '')}
    />
  );
}

/** Filters beside the list on wide screens, in a drawer on narrow ones. */
export function CatalogFiltersLayout(props: FiltersProps) {
  const [opened, setOpened] = useState(false);
  const active = activeCatalogFilters(props.filters).length;
  return (
    <>
      <Paper withBorder radius="md" p="sm" visibleFrom="md" component="aside" aria-label="Фильтры каталога">
        <AfterFirstPaint>
          <FilterPanel {...props} />
        </AfterFirstPaint>
      </Paper>
      <Button
        hiddenFrom="md"
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        rightSection={active > 0 ? <Badge size="sm">{active}</Badge> : null}
        onClick={() => setOpened(true)}
      >
        Фильтры
      </Button>
      <OnceOpened opened={opened}>
        <FiltersDrawer {...props} opened={opened} onClose={() => setOpened(false)} />
      </OnceOpened>
    </>
  );
}
