/**
 * The page's boot script (build/paint-before-boot.ts bundles it into assets/boot-<hash>.js, the one script of
 * index.html). It runs as soon as it has arrived, long before the app's entry:
 * - it starts the opening screen's page code (`modulepreload`) and first requests (the API client takes their answers,
 *   shared/api/opening-requests.ts), so they share the connections with the entry instead of waiting for it;
 * - then it imports the entry from the first frame after the loading screen has painted.
 */
import { openingScreen } from '../app/opening-screen';
import { startOpeningRequest } from '../shared/api/opening-requests';
import { STORAGE_KEYS } from '../shared/storage-keys';

/** Filled in by the build: the chunk files (and their static imports) of each module opening-screen.ts names. */
declare const __OPENING_CHUNKS__: Record<string, string[]>;
/** Marks the entry's preloads in index.html (build/paint-before-boot.ts). */
declare const __ENTRY_MARK__: string;

function stored(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function startOpeningScreen() {
  const token = stored(STORAGE_KEYS.token);
  const screen = openingScreen(window.location, { token, companyInUse: stored(STORAGE_KEYS.companyInUse) });
  const files = new Set(screen.modules.flatMap((id) => __OPENING_CHUNKS__[id] ?? []));
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
  for (const request of screen.fetches) startOpeningRequest(request.url, request.auth ? token : '');
}

try {
  startOpeningScreen();
} catch {
  // Only a head start: the app asks for all of it itself.
}

// The entry's scripts, in the order the page names them (the bundler's runtime, then app-start), from the first frame
// after the loading screen has painted: a timer set from an animation frame runs once that frame has been painted.
requestAnimationFrame(() =>
  setTimeout(() => {
    let started: Promise<unknown> = Promise.resolve();
    for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${__ENTRY_MARK__}]`)) started = started.then(() => import(link.href));
  }),
);
