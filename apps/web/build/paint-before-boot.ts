/**
 * Vite plugin: the page's one script is a small boot script (src/boot/boot.ts, bundled here into
 * assets/boot-<hash>.js) that starts the opening screen's page code and first requests at once, and the app's entry
 * from the first frame after the loading screen (index.html) has painted.
 *
 * A module script runs as soon as it has arrived and the page is parsed; on a fast connection that is before the
 * browser's first paint, so the loading screen waited for the entry's evaluation (React, the router, Mantine's base:
 * ~90 KB of gzip) — and Lighthouse counted the entry's download and evaluation into the first contentful paint. The
 * built page fetches the entry as early as before, as a preload, and the boot script imports it after the paint. The
 * preload is a low-priority script preload rather than a `modulepreload`: the loading screen needs only the page and
 * its stylesheet, which go first; Chromium gives a `modulepreload` high priority whatever it is told, and Lighthouse
 * then counts the entry's download as something the first paint waits for (it did not: the entry runs after it). The
 * module the boot script imports is the preloaded response (same URL, same CORS mode), fetched once.
 *
 * The page's code and data used to be asked for only once the entry had arrived and run (router.tsx
 * `preloadOpeningScreen`): a second wave of requests after the entry's. The boot script starts them beside the entry:
 * it knows the opening screen's modules and requests from src/app/opening-screen.ts, and the chunk files of those
 * modules from the map written into it here, from the bundle.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { OPENING_MODULES } from '../src/app/opening-modules.ts';

/** Marks the entry's preloads, so the boot script finds the entry's hashed names. */
const ENTRY_MARK = 'data-app-entry';
const BOOT_SOURCE = 'src/boot/boot.ts';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

type Chunk = Rolldown.OutputChunk;

/** The files of a chunk and of every chunk it imports statically. */
function filesWith(chunk: Chunk, byFile: Map<string, Chunk>, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const next = byFile.get(file);
    if (next) filesWith(next, byFile, into);
  }
  return into;
}

/**
 * For each module the opening screens name, the chunk files it needs that the page does not preload already (the
 * entry and its static imports), the module's own chunk first.
 */
export function openingChunks(chunks: Chunk[], root: string, modules: readonly string[]): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('paint-before-boot: the bundle has no entry chunk');
  const withEntry = filesWith(entry, byFile);
  const map: Record<string, string[]> = {};
  for (const id of modules) {
    const file = path.resolve(root, id);
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((moduleId) => path.resolve(moduleId) === file));
    if (!chunk) throw new Error(`paint-before-boot: ${id} (src/app/opening-modules.ts) is in no chunk of the bundle; was it moved?`);
    map[id] = [...filesWith(chunk, byFile)].filter((name) => !withEntry.has(name));
  }
  return map;
}

/** The boot script, bundled and minified on its own, with the map of chunks written in. */
async function bundleBoot(root: string, chunks: Record<string, string[]>): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    define: { __OPENING_CHUNKS__: JSON.stringify(chunks), __ENTRY_MARK__: JSON.stringify(ENTRY_MARK) },
    build: {
      write: false,
      minify: true,
      // A script of its own: no preload helper, no index.html.
      modulePreload: false,
      rolldownOptions: { input: path.resolve(root, BOOT_SOURCE) },
    },
  });
  const code = (Array.isArray(output) ? output : [output])
    .flatMap((one) => ('output' in one ? one.output : []))
    .filter((item): item is Chunk => item.type === 'chunk');
  if (code.length !== 1 || !code[0]) throw new Error(`paint-before-boot: the boot script bundled into ${code.length} chunks, not one`);
  return code[0].code;
}

export function paintBeforeBoot(): Plugin {
  let root = process.cwd();
  let bootFile: string | undefined;
  return {
    name: 'paint-before-boot',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // Before the HTML is written (vite:build-html), which names the boot script's hashed file.
      order: 'pre',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
        const source = await bundleBoot(root, openingChunks(chunks, root, Object.values(OPENING_MODULES)));
        bootFile = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!bootFile) throw new Error('paint-before-boot: the boot script was not bundled before the page was written');
        // Vite writes the entry's scripts: for an entry that only imports (main.tsx is in app-start), one for each chunk
        // it imports, in order (the bundler's runtime, app-start). All become low-priority preloads (see above), and the
        // boot script, after the last of them, imports them in the same order.
        const scripts = [...html.matchAll(MODULE_SCRIPT)];
        if (scripts.length === 0) throw new Error('paint-before-boot: the entry script tag was not found in index.html');
        const last = scripts.at(-1)![0];
        return html.replace(MODULE_SCRIPT, (tag, src: string) => {
          const preload = `<link rel="preload" as="script" crossorigin fetchpriority="low" href="${src}" ${ENTRY_MARK}>`;
          return tag === last ? `${preload}\n    <script type="module" crossorigin src="/${bootFile}"></script>` : preload;
        });
      },
    },
  };
}
