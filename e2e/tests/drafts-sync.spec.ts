/**
 * The working order and drafts follow the dealer (issue #35 point 8): what one browser saves shows in a second one
 * signed in as the same dealer, at the desk's and at the phone's width, and signing out leaves no order or draft in
 * the browser.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, sizeInStock, socketReady, test, workerDealer } from '../fixtures';

async function openBrowser(browser: Browser, baseURL: string, width: number, fresh: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width > 800 ? 900 : 844 }, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
  const page = await context.newPage();
  const ready = socketReady(page);
  await signIn(page, workerDealer(), 'demo1234', { fresh });
  await ready;
  return page;
}

const draftsDialog = async (page: Page) => {
  await page.getByTestId('order-page').getByRole('button', { name: 'Черновики' }).click();
  return page.getByTestId('drafts-modal');
};

for (const width of [1440, 390]) {
  test(`a draft and the working order made in one browser show in another of the same dealer at ${width} px; signing out leaves none behind`, async ({ browser, baseURL }) => {
    test.slow();
    const desk = await openBrowser(browser, baseURL!, 1440, true);
    const other = await openBrowser(browser, baseURL!, width, false);
    try {
      // At the desk: one jacket into the working order, then the order saved as a draft.
      const jacket = await sizeInStock(desk, 'КЗМ-2');
      await desk.goto('/order');
      await desk.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first().click();
      const picker = desk.getByTestId('add-position-modal');
      await picker.getByLabel('Поиск товара для заказа').fill('КЗМ-2');
      await picker.getByLabel(`Количество ${jacket.CHARACTERISTIC}`, { exact: true }).fill('2');
      await picker.getByTestId('add-position-submit').click();
      await expect(picker).toBeHidden();
      const deskDrafts = await draftsDialog(desk);
      await deskDrafts.getByPlaceholder(/Название/).fill(`Со стола ${width}`);
      await deskDrafts.getByTestId('save-draft').click();
      await expect(deskDrafts.getByTestId('draft-row').filter({ hasText: `Со стола ${width}` })).toBeVisible();
      await expect(deskDrafts.getByTestId('draft-not-synced')).toHaveCount(0);

      // The second browser, open all along: the order and the draft arrive without a reload.
      await other.goto('/order');
      await expect(other.getByTestId('available-lines').getByLabel(`Количество КЗМ-2 ${jacket.CHARACTERISTIC}`, { exact: true })).toHaveValue('2');
      const otherDrafts = await draftsDialog(other);
      const row = otherDrafts.getByTestId('draft-row').filter({ hasText: `Со стола ${width}` });
      await expect(row).toBeVisible();
      await other.screenshot({ path: test.info().outputPath(`order-drafts-${width}.png`), fullPage: false });

      // Renamed in the second browser: the desk's open dialog follows.
      await row.getByRole('button', { name: `Переименовать Со стола ${width}` }).click();
      await otherDrafts.getByLabel('Название черновика').fill(`Переименован ${width}`);
      await otherDrafts.getByLabel('Название черновика').press('Enter');
      await expect(deskDrafts.getByTestId('draft-row').filter({ hasText: `Переименован ${width}` })).toBeVisible();
      await desk.screenshot({ path: test.info().outputPath(`order-drafts-desk-${width}.png`) });
      if (width < 800) {
        await other.setViewportSize({ width: 360, height: 780 });
        await other.screenshot({ path: test.info().outputPath('order-drafts-360.png') });
      }

      // Signing out of the second browser leaves no order or draft in it; the desk and the server keep them.
      await other.keyboard.press('Escape');
      await other.goto('/logout');
      await expect(other).toHaveURL(/\/login/);
      const left = await other.evaluate(() => ['orders_drafts', 'working_order', 'working_order_synced', 'logs'].map((key) => localStorage.getItem(key)));
      expect(left).toEqual([null, null, null, null]);
      await desk.reload();
      await expect(desk.getByTestId('available-lines').getByLabel(`Количество КЗМ-2 ${jacket.CHARACTERISTIC}`, { exact: true })).toHaveValue('2');
    } finally {
      await desk.context().close();
      await other.context().close();
    }
  });
}
