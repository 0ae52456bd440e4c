/**
 * Rejecting an order above a purchaser's limit (issue #39 point 3), in two browsers: the administrator rejects it
 * with a reason, and the purchaser sees the reason in the history. Approving is part of the team's journey
 * (team-journey.spec.ts).
 */
import type { Browser, Page } from '@playwright/test';
import { addThroughModal, expect, signIn, sizeInStock, test } from '../fixtures';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';

// A step that cannot happen fails within a minute and says which, instead of waiting for the journey's limit.
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });

/** A purchaser of ООО «СпецСнаб» with a limit of 100 ₽ per order, created as the ERP would. */
async function createPurchaser(page: Page, login: string) {
  const response = await page.request.post('/api/integration/users', {
    headers: { 'x-api-key': process.env.E2E_INTEGRATION_KEY! },
    data: [{ login, password: 'demo1234', name: 'Олег', lastname: 'Закупкин', partners: [SPECSNAB], roles: [{ partner: SPECSNAB, role: 'buyer', order_limit: 100 }] }],
  });
  expect((await response.json()).response.applied).toBe(1);
}

/**
 * Sends the working order. On a phone the pay bar is fixed at the screen's foot, and the delivery choice scrolled
 * under it is drawn above it (it takes the tap): the order is sent from the page's end, as a dealer who has read it.
 */
async function sendOrder(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByTestId('submit-order').click();
}

async function pageAt(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test('a rejected order goes back to the purchaser with the reason (390 px)', async ({ browser, page }) => {
  test.slow();
  const viewport = { width: 390, height: 844 };
  await page.setViewportSize(viewport);
  const login = `buyer-e2e-reject-${Date.now().toString(36)}`;
  await createPurchaser(page, login);
  const purchaser = await pageAt(browser, viewport);
  await signIn(purchaser, login);
  const jacket = await sizeInStock(purchaser, 'КЗМ-2');
  await purchaser.goto('/order');
  await addThroughModal(purchaser, 'КЗМ-2', jacket.CHARACTERISTIC, 2);
  await sendOrder(purchaser);
  await expect(purchaser).toHaveURL(/\/orders\?approval=\d+/);
  const approvalId = Number(new URL(purchaser.url()).searchParams.get('approval'));

  await signIn(page);
  await page.goto('/orders');
  await page.getByTestId(`approval-${approvalId}`).getByRole('button', { name: 'Отклонить' }).click();
  const dialog = page.getByTestId('reject-approval');
  await dialog.getByLabel('Причина').fill('Бюджет месяца исчерпан');
  await page.screenshot({ path: test.info().outputPath('approval-reject-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`approval-${approvalId}`).getByTestId('approval-reason')).toHaveText('Причина: Бюджет месяца исчерпан');

  await purchaser.goto('/orders');
  await expect(purchaser.getByTestId(`approval-${approvalId}`).getByTestId('approval-reason')).toHaveText('Причина: Бюджет месяца исчерпан');
  await purchaser.screenshot({ path: test.info().outputPath('approval-rejected-purchaser-390.png'), fullPage: true });
  await purchaser.context().close();
});

test('a rejected order sent again replaces exactly that one: the purchaser’s other rejected order stays (360 and 1440 px)', async ({ browser, page }) => {
  test.slow();
  const viewport = { width: 360, height: 780 };
  const login = `buyer-e2e-resend-${Date.now().toString(36)}`;
  await createPurchaser(page, login);
  const purchaser = await pageAt(browser, viewport);
  await signIn(purchaser, login);
  const jacket = await sizeInStock(purchaser, 'КЗМ-2');
  const held: number[] = [];
  for (const units of [2, 3]) {
    await purchaser.goto('/order');
    await addThroughModal(purchaser, 'КЗМ-2', jacket.CHARACTERISTIC, units);
    await sendOrder(purchaser);
    await expect(purchaser).toHaveURL(/\/orders\?approval=\d+/);
    held.push(Number(new URL(purchaser.url()).searchParams.get('approval')));
  }
  const [first, second] = held as [number, number];

  // The administrator rejects both.
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  for (const id of held) {
    const rejected = await page.request.post(`/api/order-approvals/${id}/reject`, { headers: { authorization: `Bearer ${token}` }, data: { reason: 'Сначала согласуйте бюджет квартала с финансовым директором' } });
    expect(rejected.status()).toBe(200);
  }

  await purchaser.goto('/orders');
  await purchaser.getByTestId(`approval-${first}`).getByRole('button', { name: 'Изменить и отправить снова' }).click();
  await expect(purchaser).toHaveURL(/\/order$/);
  // The link to the rejected order is part of the working order: it survives a reload.
  await purchaser.reload();
  await expect(purchaser.getByTestId('order-replaces')).toContainText(`Отправляется вместо отклонённого заказа на согласовании № ${first}`);
  await purchaser.getByTestId('order-replaces').screenshot({ path: test.info().outputPath('order-replaces-360.png') });
  await sendOrder(purchaser);
  await expect(purchaser).toHaveURL(/\/orders\?approval=\d+/);
  const again = Number(new URL(purchaser.url()).searchParams.get('approval'));
  await expect(purchaser.getByTestId(`approval-${again}`)).toBeVisible();
  await expect(purchaser.getByTestId(`approval-${second}`).getByTestId('approval-reason')).toContainText('Причина: Сначала согласуйте');
  await expect(purchaser.getByTestId(`approval-${first}`)).toHaveCount(0);
  expect(await purchaser.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // The «sent» notice would cover the cards in the picture.
  await purchaser.locator('.mantine-Notification-closeButton').click();
  await purchaser.getByTestId('order-approvals').screenshot({ path: test.info().outputPath('approval-resent-purchaser-360.png') });
  await purchaser.setViewportSize({ width: 1440, height: 900 });
  await expect(purchaser.getByTestId(`approval-${second}`)).toBeVisible();
  await purchaser.screenshot({ path: test.info().outputPath('approval-resent-purchaser-1440.png'), fullPage: true });

  // The administrator's list: the new order waits, the second rejected one stays, the first is gone.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/orders');
  await expect(page.getByTestId(`approval-${again}`)).toBeVisible();
  await expect(page.getByTestId(`approval-${second}`)).toBeVisible();
  await expect(page.getByTestId(`approval-${first}`)).toHaveCount(0);
  await purchaser.context().close();
});

test('the record shows a long Russian rejection reason without sideways scroll, with its exports at hand (360 and 1440 px)', async ({ browser, page }) => {
  test.slow();
  const login = `buyer-e2e-record-${Date.now().toString(36)}`;
  await createPurchaser(page, login);
  const purchaser = await pageAt(browser, { width: 360, height: 780 });
  await signIn(purchaser, login);
  const jacket = await sizeInStock(purchaser, 'КЗМ-2');
  await purchaser.goto('/order');
  await addThroughModal(purchaser, 'КЗМ-2', jacket.CHARACTERISTIC, 2);
  await sendOrder(purchaser);
  await expect(purchaser).toHaveURL(/\/orders\?approval=\d+/);
  const approvalId = Number(new URL(purchaser.url()).searchParams.get('approval'));
  await purchaser.context().close();

  // A reason as long as allowed, with words longer than a phone's line.
  const reason = (
    'Отклонено до согласования с ООО«Спецснабжениеипоставкиоборудованиядлястроительнойотрасли»: ' +
    'бюджет квартала по статье 4401-0003-78123456789012345 исчерпан, перенесите часть позиций на следующий месяц, ' +
    'уменьшите количество курток до десяти штук и приложите письмо финансового директора с обоснованием закупки. '
  ).repeat(2).slice(0, 500);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const rejected = await page.request.post(`/api/order-approvals/${approvalId}/reject`, { headers: { authorization: `Bearer ${token}` }, data: { reason } });
  expect(rejected.status()).toBe(200);

  await page.goto(`/companies/${SPECSNAB}/audit`);
  await page.getByRole('combobox', { name: 'Действие' }).click();
  await page.getByRole('option', { name: 'Заказ отклонён', exact: true }).click();
  // The filter applies after the list is drawn: wait for the filtered list (only rejections) before looking at it.
  await expect(page.getByTestId('audit-record').filter({ hasNotText: 'Заказ отклонён' })).toHaveCount(0);
  const record = page.getByTestId('audit-record').filter({ hasText: 'Причина: Отклонено до согласования' });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(`Заказ на согласовании № ${approvalId}`);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(await sideways()).toBe(false);
  const recordBox = await record.boundingBox();
  expect(recordBox!.x + recordBox!.width).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: 'XLSX' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('record-long-reason-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await sideways()).toBe(false);
  await page.screenshot({ path: test.info().outputPath('record-long-reason-1440.png'), fullPage: true });
});
