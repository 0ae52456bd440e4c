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
    // Mantine renders are slow on a busy 2-core machine; the default 5 s is too tight there.
    testTimeout: 20_000,
  },
});
