/**
 * Vite plugin: Mantine's ScrollArea (inside every Table and Modal) imports one hook, `useMergeRefs`, from
 * @floating-ui/react; that import made the main page download the whole positioning library (16 KB of gzip) for its
 * tables. This points that one import of that one file at a copy of the hook (merge-refs.ts). Every other import of
 * @floating-ui/react (popovers, menus, tooltips, selects) is left alone. If a Mantine upgrade drops the import, the
 * plugin matches nothing and changes nothing.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/][^\\/]+\.mjs$/;

export function scrollAreaRefs(): Plugin {
  return {
    name: 'scroll-area-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer))
        return fileURLToPath(new URL('./merge-refs.ts', import.meta.url));
      return null;
    },
  };
}
