/**
 * Vite plugin: the app's entry starts once the loading screen (index.html) has painted, not before.
 *
 * A module script runs as soon as it has arrived and the page is parsed; on a fast connection that is before the
 * browser's first paint, so the loading screen waited for the entry's evaluation (React, the router, Mantine's base:
 * ~90 KB of gzip) — and Lighthouse counted the entry's download and evaluation into the first contentful paint. The
 * built page now fetches the entry as early as before (a `modulepreload`, beside its own preloads) and a small boot
 * script imports it from the first frame after the paint.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Marks the entry's preload, so the boot script finds the entry's hashed name without being rebuilt for it. */
const ENTRY_MARK = 'data-app-entry';

// A timer set from an animation frame runs once that frame has been painted.
const BOOT = `requestAnimationFrame(() => setTimeout(() => import(document.querySelector('link[${ENTRY_MARK}]').href)));\n`;
const BOOT_FILE = `assets/boot-${createHash('sha256').update(BOOT).digest('base64url').slice(0, 8)}.js`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

export function paintBeforeBoot(): Plugin {
  return {
    name: 'paint-before-boot',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BOOT_FILE, source: BOOT });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html);
        if (!entry) throw new Error('paint-before-boot: the entry script tag was not found in index.html');
        return html.replace(
          entry[0],
          `<link rel="modulepreload" crossorigin href="${entry[1]}" ${ENTRY_MARK}>\n    <script type="module" crossorigin src="/${BOOT_FILE}"></script>`,
        );
      },
    },
  };
}
