/**
 * axe-core on every screen, signed out and signed in, in the light and the dark theme: no critical and no serious
 * violation of WCAG 2.1 A/AA (contrast, names of buttons and links, landmarks, ARIA).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

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
  // Let entrance transitions finish (axe measures contrast on what is painted); endless ones (a spinner, the
  // novelties dot's pulse) never do.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      path,
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

async function setTheme(page: Page, dark: boolean) {
  await page.goto('/404');
  await page.evaluate((value) => localStorage.setItem('dark-mode', String(value)), dark);
}

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';

  test(`signed out, ${theme} theme: no critical or serious axe violations`, async ({ page }) => {
    await setTheme(page, dark);
    const violations = [];
    for (const path of PUBLIC) violations.push(...(await seriousViolations(page, path)));
    expect(violations).toEqual([]);
  });

  // One test per screen, so a busy machine's slow screen gets its own time limit and a failure names its screen.
  for (const path of SIGNED_IN) {
    test(`signed in, ${theme} theme, ${path}: no critical or serious axe violations`, async ({ page }) => {
      await setTheme(page, dark);
      await signIn(page);
      expect(await seriousViolations(page, path)).toEqual([]);
    });
  }
}
