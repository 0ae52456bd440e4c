import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __AUTH_SALT__: JSON.stringify('dealer-portal') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // One jsdom, React and Mantine per worker instead of per file: creating them took most of this project's time
    // (837 s against 177 s for the same files on a busy machine). The portal's own modules are still fresh in every
    // file — the setup file drops them (vi.resetModules) — so no store or cache of one file reaches the next.
    isolate: false,
    // A limit for a test that hangs, not a measure: Mantine renders take seconds on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
