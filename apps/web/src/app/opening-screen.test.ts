/**
 * opening-screen.ts names the requests the boot script starts before the app's entry has arrived; the app asks for
 * its opening screen's data through the routes' prefetches (router.tsx `preloadOpeningScreen`). An early request the
 * app does not make again is wasted, and one it makes that is not early is slower: the two must stay the same list.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/auth-store';
import { useCompanyInUseStore } from '../shared/company-in-use';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { OPENING_MODULES, openingScreen } from './opening-screen';
import type * as Router from './router';

const TOKEN = 'opening-token';
const COMPANY = 'company-2';

let preloadOpeningScreen: typeof Router.preloadOpeningScreen;
beforeAll(async () => {
  ({ preloadOpeningScreen } = await import('./router'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: '' });
  useCompanyInUseStore.setState({ uid: '' });
});

/** What the app's prefetches ask for when it opens on `address`: each GET's address and whether it had the token. */
async function appFetches(address: string, token: string, company: string) {
  const asked: { url: string; auth: boolean }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ url, auth: Boolean((init.headers as Record<string, string>).authorization) });
      // The user's companies, so the catalogue goes on to its first page of products.
      const response = url === '/api/partners' ? [{ uid: 'company-1' }, { uid: COMPANY }] : [];
      return new Response(JSON.stringify({ error: null, response }), { status: 200 });
    }),
  );
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  useAuthStore.setState({ token });
  useCompanyInUseStore.setState({ uid: company });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const url = new URL(address, 'http://portal.test');
  preloadOpeningScreen({ pathname: url.pathname, search: url.search }, client);
  // The catalogue's page of products waits for the companies.
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return asked;
}

const sorted = (list: { url: string; auth: boolean }[]) => [...list].sort((a, b) => a.url.localeCompare(b.url));

describe('the opening screen read before the app starts', () => {
  it.each([
    ['/', TOKEN, ''],
    ['/order', TOKEN, COMPANY],
    ['/order/0123456', TOKEN, ''],
    ['/catalog/catalog/obuv', TOKEN, COMPANY],
    ['/catalog/catalog', TOKEN, COMPANY],
    ['/catalog/catalog/obuv?stock=1&sort=price&page=3&size=44%2C45&priceFrom=100', TOKEN, COMPANY],
    ['/catalog/catalog/%D0%BE%D0%B1%D1%83%D0%B2%D1%8C', TOKEN, COMPANY],
    ['/login', '', ''],
    ['/', '', ''],
  ])('asks for what the app’s prefetches ask for at %s', async (address, token, company) => {
    const url = new URL(address, 'http://portal.test');
    const early = openingScreen({ pathname: url.pathname, search: url.search }, { token, companyInUse: company });
    expect(sorted(early.fetches)).toEqual(sorted(await appFetches(address, token, company)));
  });

  it('asks for the catalogue’s products only with a remembered company', () => {
    const early = openingScreen({ pathname: '/catalog/catalog/obuv', search: '' }, { token: TOKEN, companyInUse: '' });
    expect(early.fetches.map((request) => request.url)).toEqual(['/api/auth/me', '/api/user/settings', '/api/content/catalog/menu', '/api/partners']);
  });

  it('names the page’s module and, signed in, the shell’s', () => {
    const opening = (pathname: string, token: string) => openingScreen({ pathname, search: '' }, { token, companyInUse: '' }).modules;
    expect(opening('/', TOKEN)).toEqual([OPENING_MODULES.shell, OPENING_MODULES.home]);
    expect(opening('/order/42', TOKEN)).toEqual([OPENING_MODULES.shell, OPENING_MODULES.order]);
    expect(opening('/catalog/catalog/obuv', TOKEN)).toEqual([OPENING_MODULES.shell, OPENING_MODULES.catalog]);
    expect(opening('/login', '')).toEqual([OPENING_MODULES.login]);
    expect(opening('/login', TOKEN)).toEqual([]);
    expect(opening('/order', '')).toEqual([]);
    expect(opening('/orders', TOKEN)).toEqual([]);
  });
});
