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
  await expect(page.getByTestId(`approval-${approvalId}`).getByTestId('approval-state')).toHaveText('Отклонён: Бюджет месяца исчерпан');

  await purchaser.goto('/orders');
  await expect(purchaser.getByTestId(`approval-${approvalId}`).getByTestId('approval-state')).toHaveText('Отклонён: Бюджет месяца исчерпан');
  await purchaser.screenshot({ path: test.info().outputPath('approval-rejected-purchaser-390.png'), fullPage: true });
  await purchaser.context().close();
});
