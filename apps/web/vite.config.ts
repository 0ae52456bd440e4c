import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { paintBeforeBoot } from './build/paint-before-boot.ts';
import { precompress } from './build/precompress.ts';
import { scrollAreaRefs } from './build/scroll-area-refs.ts';

// `npm run dev` starts the server on PORT (8000 by default): the dev server sends /api and /ws there.
const server = process.env.PORTAL_DEV_API ?? `http://127.0.0.1:${process.env.PORT || 8000}`;

// react-router 7 exports only its development build (warnings and invariant texts kept); the package also ships a
// production build, which `vite build` takes instead. Tests and the dev server keep the development build.
const productionReactRouter: Plugin = {
  name: 'production-react-router',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: createRequire(import.meta.url).resolve('react-router').replace(/development[/\\]index\.m?js$/, 'production/index.mjs'),
        },
      ],
    },
  }),
};

export default defineConfig(async ({ command }) => ({
  plugins: [react(), precompress(), productionReactRouter, scrollAreaRefs(), paintBeforeBoot()],
  define: {
    // The sign-in salt is shared with the server (AUTH_SALT); the build takes the same variable.
    __AUTH_SALT__: JSON.stringify(process.env.AUTH_SALT ?? 'dealer-portal'),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/suggestions': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // floating-ui (16 KB of gzip) places Mantine's popovers, menus, tooltips and selects. Left to itself the
          // bundler puts it into one chunk with modules every signed-in page needs (the notification store), so the
          // main page, which has no popover, downloaded it too. In its own chunk it comes only with the screens that
          // open one.
          groups: [
            { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false },
            // The first screens' modules in a few chunks (build/first-screen-chunks.ts); their dependencies are placed
            // by the same plan, not pulled in after them.
            {
              name: command === 'build' ? await firstScreenChunks(fileURLToPath(import.meta.url)) : () => null,
              debugName: 'first-screens',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
