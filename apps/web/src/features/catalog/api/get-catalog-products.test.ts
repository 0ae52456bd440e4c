import type { TCatalogPage } from '@portal/contracts';
import { emptyCatalogFilters } from '@portal/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageWithSelectionCounts, type CatalogRequest } from './get-catalog-products';

const COUNTS = {
  filters: { inStock: 7, type: [], season: [], size: [{ value: '44', count: 3 }], protection: [], standard: [], status: [], price: { min: 10, max: 20 } },
  without: [],
} satisfies Pick<TCatalogPage, 'filters' | 'without'>;

/** A server that answers a page with counts unless asked counts=false. */
const server = () => {
  const asked: boolean[] = [];
  const ask = async (withCounts: boolean): Promise<TCatalogPage> => {
    asked.push(withCounts);
    return { products: [], count: 0, total: 60, page: 2, ...(withCounts ? COUNTS : { filters: null, without: null }) };
  };
  return { asked, ask };
};

const request = (page: number, size: string[] = []): CatalogRequest => ({
  filters: { ...emptyCatalogFilters(), size },
  sort: '',
  page,
  partner: 'petrov',
});

afterEach(() => vi.useRealTimers());

describe('a catalogue page with its selection’s counts', () => {
  it('asks counts once per selection and shows the kept ones on its other pages', async () => {
    const client = new QueryClient();
    const { asked, ask } = server();
    expect((await pageWithSelectionCounts(client, ['products', 'obuv'], request(1), ask)).filters).toEqual(COUNTS.filters);
    const second = await pageWithSelectionCounts(client, ['products', 'obuv'], { ...request(2), sort: 'price' }, ask);
    expect(second.filters).toEqual(COUNTS.filters);
    expect(second.without).toEqual([]);
    expect(asked).toEqual([true, false]);
  });

  it('asks again for another filter, another group or after the counts grow old', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const { asked, ask } = server();
    await pageWithSelectionCounts(client, ['products', 'obuv'], request(1), ask);
    await pageWithSelectionCounts(client, ['products', 'obuv'], request(1, ['44']), ask);
    await pageWithSelectionCounts(client, ['products', 'perchatki'], request(2), ask);
    vi.advanceTimersByTime(31_000);
    await pageWithSelectionCounts(client, ['products', 'obuv'], request(3), ask);
    expect(asked).toEqual([true, true, true, true]);
  });
});
