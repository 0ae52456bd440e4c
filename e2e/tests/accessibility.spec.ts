/**
 * axe-core on every screen, signed out and signed in, in the light and the dark theme: no critical and no serious
 * violation of WCAG 2.1 A/AA (contrast, names of buttons and links, landmarks, ARIA); and an outline a screen reader
 * can walk: one h1, and no heading deeper than one level below the one before it (axe's heading-order and
 * page-has-heading-one are best practices of moderate impact, so the filter below would let them through).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { expect, signIn, test as base } from '../fixtures';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// Axe takes seconds a screen: the screens are spread over both workers, and each worker signs in once and hands its
// session to every signed-in test it runs, instead of going through the sign-in form 38 times.
const test = base.extend<{ theme: 'light' | 'dark' }, { signedInState: StorageState }>({
  theme: ['light', { option: true }],
  signedInState: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      await signIn(await context.newPage());
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  // The theme is in localStorage before the app's first script reads it.
  page: async ({ page, theme }, use) => {
    await page.addInitScript((dark) => localStorage.setItem('dark-mode', String(dark)), theme === 'dark');
    await use(page);
  },
});
test.describe.configure({ mode: 'parallel' });

const PUBLIC = ['/login', '/blocked', '/404', '/500'];
const SIGNED_IN = [
  '/',
  '/catalog/catalog',
  '/catalog/catalog/obuv',
  '/catalog/interactive',
  '/catalog/season-sale',
  '/company',
  '/product/КСТ105А',
  '/certificate/КСТ105А',
  '/order',
  '/orders',
  // The demo's first seeded order (of «demo»'s companies): its detail page with documents and a timeline.
  '/orders/10001',
  '/shipments',
  '/shipments/request',
  '/shipments/address',
  '/claims',
  '/claims/request',
  '/help',
  '/profile',
  '/kp',
  '/logo',
];

async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The screen itself, not the loader shown while its code arrives: every screen has exactly one h1.
  await expect(page.locator('h1')).toHaveCount(1);
  // A list being fetched again is dimmed (and says so with aria-busy): axe would measure the dimmed contrast.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Let entrance transitions finish (axe measures contrast on what is painted); endless ones (a spinner, the
  // novelties dot's pulse) never do.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // In the page itself: the portal has no frames from other origins, so the default run — in parts, finished in a
  // second blank page that loads axe again — only doubles the work (tens of seconds on a busy machine). Only the
  // violations are reported node by node: describing every passing node (a selector and the HTML of each) was most
  // of axe's time on the catalogue's pages.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const outline = await page.evaluate(() => {
    const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
      .filter((heading) => heading.getClientRects().length > 0 && !heading.closest('[aria-hidden="true"]'))
      .map((heading) => ({ level: Number(heading.tagName[1]), text: (heading.textContent ?? '').trim().slice(0, 60) }));
    const problems: string[] = [];
    const h1 = levels.filter((heading) => heading.level === 1).length;
    if (h1 !== 1) problems.push(`${h1} h1 on the page`);
    levels.forEach((heading, i) => {
      const before = levels[i - 1];
      if (before && heading.level > before.level + 1) problems.push(`h${heading.level} «${heading.text}» after h${before.level} «${before.text}»`);
    });
    return problems;
  });
  return [
    ...(outline.length > 0 ? [{ path, rule: 'heading-outline', impact: 'moderate', nodes: outline }] : []),
    ...results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => ({
        path,
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
      })),
  ];
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });

    test('signed out: no critical or serious axe violations, a sound heading outline', async ({ page }) => {
      const violations = [];
      for (const path of PUBLIC) violations.push(...(await seriousViolations(page, path)));
      expect(violations).toEqual([]);
    });

    // One test per screen, so a busy machine's slow screen gets its own time limit and a failure names its screen.
    test.describe('signed in', () => {
      test.use({ storageState: async ({ signedInState }, use) => use(signedInState) });
      for (const path of SIGNED_IN) {
        test(`${path}: no critical or serious axe violations, a sound heading outline`, async ({ page }) => {
          const violations = await seriousViolations(page, path);
          // Checked on the screen itself, not the sign-in page a lost session would have sent us to, in its theme.
          await expect(page).not.toHaveURL(/\/login/);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          expect(violations).toEqual([]);
        });
      }
    });
  });
}
