import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { openingChunks } from './paint-before-boot';

const ROOT = '/app/web';

/** Only what openingChunks reads of a chunk. */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) =>
  ({ fileName, moduleIds: moduleIds.map((id) => `${ROOT}/${id}`), imports, isEntry }) as unknown as Rolldown.OutputChunk;

const BUNDLE = [
  chunk('assets/index-1.js', ['index.html'], ['assets/app-start-2.js'], true),
  chunk('assets/app-start-2.js', ['src/main.tsx', 'src/app/router.tsx'], ['assets/rolldown-runtime-3.js']),
  chunk('assets/rolldown-runtime-3.js', ['\0rolldown/runtime.js']),
  chunk('assets/main-page-4.js', ['src/app/shell/shell.tsx', 'src/features/home/home-page.tsx'], ['assets/first-screens-5.js', 'assets/rolldown-runtime-3.js']),
  chunk('assets/first-screens-5.js', ['src/shared/ui/page-header.tsx'], ['assets/app-start-2.js']),
  chunk('assets/order-page-6.js', ['src/features/orders/order-page.tsx'], ['assets/main-page-4.js', 'assets/floating-ui-7.js']),
  chunk('assets/floating-ui-7.js', ['node_modules/@floating-ui/dom/index.js']),
];

describe('the chunks the boot script preloads for the opening screen', () => {
  it('are the module’s chunk and the chunks it imports, without those the page preloads with the entry', () => {
    expect(openingChunks(BUNDLE, ROOT, ['src/app/shell/shell.tsx', 'src/features/orders/order-page.tsx'])).toEqual({
      'src/app/shell/shell.tsx': ['assets/main-page-4.js', 'assets/first-screens-5.js'],
      'src/features/orders/order-page.tsx': ['assets/order-page-6.js', 'assets/main-page-4.js', 'assets/first-screens-5.js', 'assets/floating-ui-7.js'],
    });
  });

  it('fail the build when a module it names is in no chunk (moved or renamed)', () => {
    expect(() => openingChunks(BUNDLE, ROOT, ['src/features/catalog/catalog-page.tsx'])).toThrow(/catalog-page\.tsx .* is in no chunk/);
  });
});
