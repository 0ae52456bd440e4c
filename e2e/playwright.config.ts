import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// Debian's Chromium, never a downloaded browser (see STACK-NOTES). The server is started once by global-setup on a
// free port with a fresh embedded database, so several runs on one machine do not collide.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Limits that end a hang, not measures: each step waits for what it expects to see, and a busy 2-core machine
  // running the server, two browsers and the tests at once is several times slower than an idle one — under
  // `stress-ng --cpu 2` a catalogue page took 23 s to show its cards in a new tab, and axe 54 s on one screen. The
  // long journeys (a whole order, a proposal) are marked `test.slow()`, which triples their limit.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1366, height: 860 },
    acceptDownloads: true,
    // A click or a fill waits a minute for its element, as an expectation does: without a limit of its own it waited
    // for the test's (15 min for a slow one) when the element never came.
    actionTimeout: 60_000,
    // A trace is recorded only when a failed test runs again (CI retries once; locally `--trace on`): recording one
    // for every test — DOM snapshots and a screencast of each step — took half of the journeys' time (19.5 min
    // against 9.4 min for all of them on an idle 2-core machine).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
