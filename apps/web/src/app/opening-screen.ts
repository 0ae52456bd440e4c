/**
 * What the screen the app opens on asks for first, read from the address and the browser's storage alone: the code
 * modules of its page (and of the shell, signed in) and its first GET requests. No React, no router: the boot script
 * (src/boot/boot.ts) reads it before the app's entry has arrived, to start all of that beside the entry instead of
 * after it. The requests are the ones the routes' prefetches make (router.tsx `preloadOpeningScreen`, the routes'
 * `lazyPage(…, prefetch)`); opening-screen.test.ts fails when the two part ways, and the build fails when a module
 * named here is in no chunk (build/paint-before-boot.ts).
 */
import { catalogQueryParams, catalogSelectionOf } from '@portal/domain';
import { buildUrl } from '../shared/api/client';
import { OPENING_MODULES } from './opening-modules';

export { OPENING_MODULES };

/** A GET the opening screen makes, as the API client sends it. */
export interface OpeningFetch {
  /** The address (buildUrl): /api/… with its query. */
  url: string;
  /** Whether it goes with the bearer token. */
  auth: boolean;
}

export interface OpeningScreen {
  /** Source modules (relative to apps/web) whose chunks the screen loads first. */
  modules: string[];
  fetches: OpeningFetch[];
}

export interface OpeningStorage {
  /** The stored session token ('' signed out). */
  token: string;
  /** The company in use remembered by this browser ('' if none). */
  companyInUse: string;
}


const get = (path: string, auth: boolean, query?: Record<string, string | number | undefined>): OpeningFetch => ({ url: buildUrl(path, query), auth });

/** What the shell asks for as it mounts: the session check and the avatar's settings. */
const SHELL_FETCHES = [get('/auth/me', true), get('/user/settings', true)];
const PARTNERS = get('/partners', true);

const NOTHING: OpeningScreen = { modules: [], fetches: [] };

function signedIn(storage: OpeningStorage, page: string, fetches: OpeningFetch[]): OpeningScreen {
  if (!storage.token) return NOTHING;
  return { modules: [OPENING_MODULES.shell, page], fetches: [...SHELL_FETCHES, ...fetches] };
}

/**
 * The first page of a catalogue group, priced for the company in use. The app asks for it once the user's companies
 * have come (a remembered uid that is not one of them falls back to the first company): with a remembered company it
 * is asked at once; should the app choose another, this answer is simply not used.
 */
function catalogProducts(group: string | undefined, search: string, companyInUse: string): OpeningFetch[] {
  if (!companyInUse) return [];
  const selection = catalogSelectionOf(new URLSearchParams(search));
  return [
    get(
      '/content/catalog/products',
      true,
      { group, ...catalogQueryParams(selection.filters, selection.sort), page: selection.page, PARTNER: companyInUse },
    ),
  ];
}

function segment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The opening screen of `location`; nothing for an address whose screen starts no early work. */
export function openingScreen(location: { pathname: string; search: string }, storage: OpeningStorage): OpeningScreen {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/login') return storage.token ? NOTHING : { modules: [OPENING_MODULES.login], fetches: [] };
  if (path === '/') {
    return signedIn(storage, OPENING_MODULES.home, [get('/content/cases', false), PARTNERS, get('/content/news', false)]);
  }
  if (/^\/order(\/[^/]+)?$/.test(path)) return signedIn(storage, OPENING_MODULES.order, [PARTNERS]);
  const catalog = /^\/catalog\/catalog(?:\/([^/]+))?$/.exec(path);
  if (catalog) {
    const group = catalog[1] === undefined ? undefined : segment(catalog[1]);
    if (group === undefined && catalog[1] !== undefined) return NOTHING;
    return signedIn(storage, OPENING_MODULES.catalog, [
      get('/content/catalog/menu', false),
      PARTNERS,
      ...catalogProducts(group, location.search, storage.companyInUse),
    ]);
  }
  return NOTHING;
}
