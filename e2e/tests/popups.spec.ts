/**
 * Realtime popups (spec §3: each closes by itself after 10 s) stay out of the way: at the bottom right, clear of the
 * header's controls, the page's title and, on a phone, the bottom bar; a phone shows two at once, compact, a desktop
 * three (TOASTS_AT_ONCE in app/shell/shell-providers.tsx, POPUP_AUTO_CLOSE_MS in shared/notifications-store.ts); the
 * rest wait their turn. The messages go to a user of this test alone, so no other journey's screen gets them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, pauseClock, signIn, socketReady, test } from '../fixtures';

const TECHNOSHIELD = 'c0a80001-0000-4000-8000-000000000003';
const POPUP_AUTO_CLOSE_MS = 10_000;
const MESSAGES = 5;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/**
 * Moves the page's clock on a quarter of a second at a time until `done`, as a page's time passes: the popups'
 * entrances and their timers run on that clock. Fails if `done` has not come within `limitMs` of the page's time.
 * With `realTimeMs`, what runs on real time gets up to that long to finish before each step — the first popup loads
 * the code that cleans its HTML over the network — so a busy machine cannot use up the page's time while that code
 * is on its way.
 */
async function runClockUntil(page: Page, done: () => Promise<boolean>, limitMs: number, realTimeMs = 0) {
  const reached = () =>
    realTimeMs > 0
      ? expect
          .poll(done, { timeout: realTimeMs })
          .toBe(true)
          .then(
            () => true,
            () => false,
          )
      : done();
  for (let moved = 0; !(await reached()); moved += 250) {
    expect(moved, `still waiting after ${limitMs} ms of the page's time`).toBeLessThan(limitMs);
    await page.clock.runFor(250);
  }
}

const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 740 }, atOnce: 2 },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, atOnce: 3 },
] as const;

for (const screen of SCREENS) {
  test(`popups on a ${screen.name} (${screen.viewport.width} px): ${screen.atOnce} at once, at the bottom, clear of the header and the title, closing after 10 s`, async ({
    page,
    request,
  }) => {
    const erp = { 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' };
    // A user of this attempt alone: a retry starts with no messages.
    const login = `e2e-popups-${screen.name}-${test.info().retry}-${test.info().repeatEachIndex}`;
    const created = await request.post('/api/integration/users', {
      headers: erp,
      data: [{ login, password: 'popups-1234', name: 'Проверка', lastname: 'Уведомлений', partners: [TECHNOSHIELD] }],
    });
    expect((await created.json()).response.applied).toBe(1);

    await page.setViewportSize(screen.viewport);
    await page.clock.install();
    await signIn(page, login, 'popups-1234');
    const ready = socketReady(page);
    await page.goto('/');
    await ready;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The pointer leaves where sign-in clicked: a popup under the pointer waits (Mantine pauses them on hover).
    await page.mouse.move(0, 0);

    // The page's timers stand still from here: the popups wait for the test, however busy the machine.
    await pauseClock(page);
    const texts = Array.from(
      { length: MESSAGES },
      (_, index) =>
        `Сообщение ${index + 1}: менеджер подтвердил отгрузку по договору, машина придёт на склад завтра с 9 до 12, пропуск заказан на водителя.`,
    );
    const sent = await request.post('/api/integration/messages', {
      headers: erp,
      data: texts.map((message) => ({ partner: TECHNOSHIELD, login, message, type: 'popup' })),
    });
    expect((await sent.json()).response.applied).toBe(MESSAGES);

    // All five have arrived (the bell counts them); then the stack mounts and they enter, on the page's clock.
    await expect(page.getByRole('button', { name: `Уведомления: ${MESSAGES}` })).toBeVisible();
    const popups = page.getByTestId('notification-popup');
    await runClockUntil(page, async () => (await popups.count()) === screen.atOnce, 2_000, 1_000);
    // Their entrance ends (a fraction of the 10 s they stay).
    await page.clock.runFor(1_000);

    const viewport = screen.viewport;
    const header = await boxOf(page.getByRole('banner'));
    const title = await boxOf(page.getByRole('heading', { level: 1 }));
    const bottomBar = screen.name === 'phone' ? await boxOf(page.getByRole('navigation', { name: 'Быстрые действия' })) : undefined;
    let stackTop: number = viewport.height;
    let stackBottom = 0;
    for (const popup of await popups.all()) {
      const box = await boxOf(popup);
      expect(overlaps(box, header), 'a popup covers the header').toBe(false);
      expect(overlaps(box, title), 'a popup covers the page title').toBe(false);
      if (bottomBar) expect(overlaps(box, bottomBar), 'a popup covers the bottom bar').toBe(false);
      expect(box.x + box.width, 'a popup stays inside the screen').toBeLessThanOrEqual(viewport.width);
      // In the right-hand corner.
      expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(24);
      stackTop = Math.min(stackTop, box.y);
      stackBottom = Math.max(stackBottom, box.y + box.height);
    }
    // At the bottom (above the bar on a phone), and short: the lower half of a desktop screen, a third of a phone's.
    expect(stackBottom, 'the popups stay inside the screen').toBeLessThanOrEqual(viewport.height);
    expect(viewport.height - stackBottom).toBeLessThanOrEqual((bottomBar?.height ?? 0) + 40);
    expect(stackBottom - stackTop).toBeLessThanOrEqual(screen.name === 'phone' ? viewport.height / 3 : viewport.height / 2);

    // For a person to look at: each titled by what it brings (a manager's message here).
    await expect(popups.first()).toContainText('Сообщение менеджера');
    await page.screenshot({ path: test.info().outputPath(`popups-${screen.name}.png`) });

    // None closes early; the ones shown close at 10 s and the waiting ones take their place, 10 s each in turn.
    await page.clock.runFor(POPUP_AUTO_CLOSE_MS - 2_000);
    await expect(popups).toHaveCount(screen.atOnce);
    const firstShown = (await popups.allInnerTexts()).map((text) => /Сообщение \d+:/.exec(text)![0]);
    await runClockUntil(page, async () => {
      const counts = await Promise.all(firstShown.map((text) => popups.filter({ hasText: text }).count()));
      return counts.every((count) => count === 0);
    }, 4_000);
    await runClockUntil(page, async () => (await popups.count()) === Math.min(screen.atOnce, MESSAGES - screen.atOnce), 2_000);
    const batchesLeft = Math.ceil((MESSAGES - screen.atOnce) / screen.atOnce);
    await runClockUntil(page, async () => (await popups.count()) === 0, batchesLeft * (POPUP_AUTO_CLOSE_MS + 2_000));
  });
}
