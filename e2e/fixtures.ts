/** Shared pieces of the end-to-end journeys: the server's address and signing in through the real form. */
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright with e2e/global-setup.ts');
    await use(url);
  },
});
export { expect };

export async function signIn(page: Page, login = 'demo', password = 'demo1234') {
  // Stay on a sign-in page the app sent us to: its ?from= is what the test checks.
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  if (login !== 'blocked') await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) where it stands: its timers wait until the test moves
 * it on with `page.clock.runFor`. Playwright only pauses at a time still ahead; on a busy machine the page's time can
 * pass the one just read, so it reads again.
 */
export async function pauseClock(page: Page) {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 50);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
}

interface Offer {
  CHARACTERISTIC: string;
  RESIDUE: number;
}

/** A size of the product with stock, read from the live catalogue (other journeys may have taken some). */
export async function sizeInStock(page: Page, article: string): Promise<Offer> {
  const response = await page.request.get(`/api/product/search?QUERY=${encodeURIComponent(article)}&OPTION=0`);
  expect(response.ok()).toBe(true);
  const offers = (await response.json()).response.OFFERS as Offer[];
  const offer = offers.find((candidate) => candidate.RESIDUE > 2);
  expect(offer, `${article} has a size in stock`).toBeDefined();
  return offer!;
}

/**
 * Resolves when the page's realtime socket has been accepted by the server (its «ready» frame). Call it before the
 * navigation that opens the socket: the frame listener goes on as the socket opens, since «ready» can arrive before a
 * listener added after the page's socket event would.
 */
export function socketReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/ws')) return;
      socket.on('framereceived', (frame) => String(frame.payload).includes('"ready"') && resolve());
    });
  });
}

/** Adds `count` of one size of the article to the working order through the order page's add-position modal. */
export async function addThroughModal(page: Page, article: string, size: string, count: number) {
  await page.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first().click();
  const modal = page.getByTestId('add-position-modal');
  await modal.getByLabel('Поиск товара для заказа').fill(article);
  const input = modal.getByLabel(`Количество ${size}`, { exact: true });
  await expect(input).toBeVisible();
  await input.fill(String(count));
  await modal.getByTestId('add-position-submit').click();
  await expect(modal).toBeHidden();
}
