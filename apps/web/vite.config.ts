import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// `npm run dev` starts the server on PORT (8000 by default): the dev server sends /api and /ws there.
const server = process.env.PORTAL_DEV_API ?? `http://127.0.0.1:${process.env.PORT || 8000}`;

export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
