import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Absolute, so the config works whichever folder vitest is started from (it looks for this file upwards).
const at = (folder: string) => path.resolve(import.meta.dirname, folder);

// One runner, a project per workspace: `vitest run --project server` runs one of them.
export default defineConfig({
  test: {
    // PGlite runs in-process; two files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: at('packages/domain'), include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', root: at('scripts'), include: ['**/*.test.mjs'], environment: 'node', testTimeout: 60_000 } },
      { test: { name: 'contracts', root: at('packages/contracts'), include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: at('apps/server'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // One migrated, seeded database per run; each test file's app starts from a copy of it.
          globalSetup: ['test/support/database-template.ts'],
          // Limits that end a hang, not measures: a server test may start processes and databases, which take
          // minutes on a 2-core machine shared with other work. A child process run synchronously gets 200 s.
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
      at('apps/web/vitest.config.ts'),
    ],
  },
});
