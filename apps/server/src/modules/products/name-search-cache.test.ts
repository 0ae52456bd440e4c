import { describe, expect, it } from 'vitest';
import { NameSearchCache } from './name-search-cache';

describe('NameSearchCache', () => {
  it('answers a kept list until it expires, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new NameSearchCache<number>(60, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('костюм', load)).toBe(1);
    now = 59_000;
    expect(await cache.get('костюм', load)).toBe(1);
    now = 60_001;
    expect(await cache.get('костюм', load)).toBe(2);
  });

  it('drops the least recently used entry when full', async () => {
    const cache = new NameSearchCache<string>(60, 2, () => 0);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1'); // evicts b
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('keeps nothing with a zero lifetime', async () => {
    let loads = 0;
    const cache = new NameSearchCache<number>(0);
    await cache.get('x', async () => ++loads);
    await cache.get('x', async () => ++loads);
    expect(loads).toBe(2);
  });
});
