/**
 * The whole order flow by keyboard alone: sign in, reach the order from the menu, add a product through the modal,
 * submit, land on the order in the history. Every control is reached with Tab (or Shift+Tab) and worked with the keys
 * a keyboard user has; no click and no focus set by the test.
 */
import type { Locator, Page } from '@playwright/test';
import { clearOrdersOnServer, expect, sizeInStock, test, workerDealer } from '../fixtures';

/** Presses Tab (or Shift+Tab) until the control has the focus: it fails when the control cannot be reached. */
async function tabTo(page: Page, control: Locator, { backwards = false, presses = 80 } = {}) {
  await expect(control).toBeVisible();
  for (let pressed = 0; pressed <= presses; pressed++) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${control} was not reached with ${presses} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

test('the order flow by keyboard alone: sign in, add a product, submit', async ({ page }) => {
  test.slow();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Логин'));
  await page.keyboard.type(workerDealer());
  await tabTo(page, page.getByLabel('Пароль'));
  await page.keyboard.type('demo1234');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  // The order follows the dealer: what an earlier journey left must not be sent with this one.
  await clearOrdersOnServer(page);
  const suit = await sizeInStock(page, 'КСТ-2');

  // The menu's link to the working order.
  await tabTo(page, page.getByRole('navigation', { name: 'Быстрые действия' }).getByRole('link', { name: 'Заказ', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order$/);

  // The modal opens with the focus in its search; the product's sizes come with a quantity field each.
  await tabTo(page, page.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first());
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('add-position-modal');
  const search = modal.getByLabel('Поиск товара для заказа');
  await expect(search).toBeFocused();
  await page.keyboard.type('КСТ-2');
  await tabTo(page, modal.getByLabel(`Количество ${suit.CHARACTERISTIC}`, { exact: true }));
  await page.keyboard.type('1');
  await tabTo(page, modal.getByTestId('add-position-submit'));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('available-lines').getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC}`, { exact: true })).toHaveValue('1');

  // Submit from the keyboard; the new order opens in the history.
  await tabTo(page, page.getByTestId('submit-order'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders\?n=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('n'));
  await expect(page.getByTestId(`order-${number}`)).toContainText(`Заказ № ${number}`);
});
