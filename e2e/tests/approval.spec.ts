/**
 * Approval of an order above a purchaser's limit (issue #39 point 3), in two browsers: the purchaser sends an order
 * above their limit and sees it «На согласовании» in the history; the company's administrator approves it in theirs;
 * then both see the placed order in the history. At 1440 px and at 390 px.
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

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an order above the purchaser's limit waits for the administrator, who approves it (${viewport.width} px)`, async ({ browser, page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const login = `buyer-e2e-${viewport.width}-${Date.now().toString(36)}`;
    await createPurchaser(page, login);

    // The purchaser sends an order above their limit.
    const purchaser = await pageAt(browser, viewport);
    await signIn(purchaser, login);
    const jacket = await sizeInStock(purchaser, 'КЗМ-2');
    await purchaser.goto('/order');
    await addThroughModal(purchaser, 'КЗМ-2', jacket.CHARACTERISTIC, 2);
    await sendOrder(purchaser);
    await expect(purchaser).toHaveURL(/\/orders\?approval=\d+/);
    const approvalId = Number(new URL(purchaser.url()).searchParams.get('approval'));
    await expect(purchaser.getByText(/Заказ отправлен на согласование администратору/).first()).toBeVisible();
    const held = purchaser.getByTestId(`approval-${approvalId}`);
    await expect(held.getByTestId('approval-state')).toHaveText('На согласовании');
    await expect(held).toContainText('ваш заказ');
    await expect(held).toContainText('больше лимита закупщика на один заказ 100.00 ₽');
    await expect(held.getByRole('button', { name: 'Согласовать' })).toHaveCount(0);
    await purchaser.screenshot({ path: test.info().outputPath(`approval-purchaser-${viewport.width}.png`), fullPage: true });

    // The administrator sees it with the purchaser's name and approves it.
    await signIn(page);
    await page.goto('/orders');
    const card = page.getByTestId(`approval-${approvalId}`);
    await expect(card.getByTestId('approval-state')).toHaveText('На согласовании');
    await expect(card).toContainText('закупщик Закупкин Олег');
    await page.screenshot({ path: test.info().outputPath(`approval-admin-${viewport.width}.png`), fullPage: true });
    await card.getByRole('button', { name: 'Согласовать' }).click();
    await expect(page).toHaveURL(/\/orders\?n=\d+/);
    const number = Number(new URL(page.url()).searchParams.get('n'));
    await expect(page.getByTestId(`order-${number}`)).toContainText(`Заказ № ${number}`);
    await expect(page.getByTestId(`approval-${approvalId}`)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`approval-approved-${viewport.width}.png`), fullPage: true });

    // The company's journal records who approved it, from which address; filtered by that action.
    await page.goto(`/companies/${SPECSNAB}/audit`);
    await expect(page.getByRole('heading', { name: 'Журнал действий' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Действие' }).click();
    await page.getByRole('option', { name: 'Заказ согласован' }).click();
    await expect(page.getByTestId('audit-record').filter({ hasText: 'Заказ оформлен' })).toHaveCount(0);
    await expect(page.getByTestId('audit-record').filter({ hasText: `Заказ № ${number}` })).toContainText('Заказ согласован');
    await page.screenshot({ path: test.info().outputPath(`audit-${viewport.width}.png`), fullPage: true });

    // The purchaser's history now holds the order, and no longer the approval.
    await purchaser.goto('/orders');
    await expect(purchaser.getByTestId(`order-${number}`)).toBeVisible();
    await expect(purchaser.getByTestId(`approval-${approvalId}`)).toHaveCount(0);
    await purchaser.context().close();
  });
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
  await expect(page.getByTestId(`approval-${approvalId}`).getByTestId('approval-state')).toHaveText('Отклонён: Бюджет месяца исчерпан');

  await purchaser.goto('/orders');
  await expect(purchaser.getByTestId(`approval-${approvalId}`).getByTestId('approval-state')).toHaveText('Отклонён: Бюджет месяца исчерпан');
  await purchaser.screenshot({ path: test.info().outputPath('approval-rejected-purchaser-390.png'), fullPage: true });
  await purchaser.context().close();
});
