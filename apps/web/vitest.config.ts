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
    // A limit for a test that hangs, not a measure: Mantine renders take seconds on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
