/**
 * A dealer company's team in one journey (issue #39), at 1440 and at 390 px: the administrator invites a colleague by
 * e-mail as a purchaser with a limit of 100 ₽ per order (the mail read back from the SMTP server the run starts); the
 * colleague sets a password from the link and lands signed in; their order above the limit is kept «На согласовании»;
 * the administrator approves it; both see the placed order in their history, and the company's «Журнал действий»
 * holds the invitation, the hold and the approval.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addThroughModal, expect, signIn, sizeInStock, test } from '../fixtures';
import { mailedLink } from '../mailbox';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const PASSWORD = 'Пароль закупщика 2026';

// A step that cannot happen fails within a minute and says which, instead of waiting for the journey's limit.
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });

/**
 * Sends the working order. On a phone the pay bar is fixed at the screen's foot, and the delivery choice scrolled
 * under it is drawn above it (it takes the tap): the order is sent from the page's end, as a dealer who has read it.
 */
async function sendOrder(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByTestId('submit-order').click();
}

/** The journal's records of one action, chosen in the filter as an administrator would. */
async function recordsOf(page: Page, action: string) {
  await page.getByRole('combobox', { name: 'Действие' }).click();
  await page.getByRole('option', { name: action, exact: true }).click();
  return page.getByTestId('audit-record');
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the administrator invites a purchaser, whose order above the limit waits, is approved and is on the record (${viewport.width} px)`, async ({ browser, page }) => {
    test.slow();
    const shots = test.info().outputPath();
    const shot = (name: string, target: Page) => target.screenshot({ path: path.join(shots, `journey-${name}-${viewport.width}.png`), fullPage: true });
    // Unique per run, viewport and retry: workers running at once, and a run after a failed one, never share it.
    const address = `e2e-purchaser-${viewport.width}-${Date.now().toString(36)}-${test.info().retry}@example.ru`;
    await page.setViewportSize(viewport);
    await signIn(page);

    // The administrator invites the colleague as a purchaser with a limit per order.
    await page.goto(`/companies/${SPECSNAB}/team`);
    const table = page.getByTestId('team-table');
    await expect(table).toBeVisible();
    await page.getByRole('button', { name: 'Пригласить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Пригласить сотрудника' });
    await dialog.getByLabel(/^E-mail/).fill(address);
    await dialog.getByLabel(/^Имя/).fill('Олег');
    await expect(dialog.getByLabel('Роль', { exact: true })).toHaveValue('Закупщик');
    await dialog.getByLabel(/^Лимит одного заказа/).fill('100');
    await shot('invite', page);
    await dialog.getByRole('button', { name: 'Пригласить' }).click();
    await expect(dialog).toBeHidden();
    const invited = table.locator(`[data-login="${address}"]`);
    await expect(invited).toContainText('Приглашён');
    await expect(invited).toContainText('Закупщик');
    await expect(invited).toContainText(/100\.00/);

    const colleagueContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
    try {
      // The colleague follows the link in a browser of their own: a password, and they are in.
      const colleague = await colleagueContext.newPage();
      await colleague.goto(await mailedLink(address, 'Приглашение в портал дилера', /https?:\/\/\S+\/invitation#[A-Za-z0-9_-]+/));
      await colleague.getByLabel(/^Пароль( \*)?$/).fill(PASSWORD);
      await colleague.getByLabel(/^Пароль ещё раз( \*)?$/).fill(PASSWORD);
      await shot('invitation', colleague);
      await colleague.getByRole('button', { name: 'Задать пароль и войти' }).click();
      await expect(colleague).toHaveURL(/\/$/);
      await expect(colleague.getByTestId('sidebar').or(colleague.getByRole('button', { name: 'Открыть меню' })).first()).toBeVisible();

      // Their order above the limit is kept «На согласовании».
      const jacket = await sizeInStock(colleague, 'КЗМ-2');
      await colleague.goto('/order');
      await addThroughModal(colleague, 'КЗМ-2', jacket.CHARACTERISTIC, 2);
      await sendOrder(colleague);
      await expect(colleague).toHaveURL(/\/orders\?approval=\d+/);
      const approvalId = Number(new URL(colleague.url()).searchParams.get('approval'));
      const held = colleague.getByTestId(`approval-${approvalId}`);
      await expect(held.getByTestId('approval-state')).toHaveText('На согласовании');
      await expect(held).toContainText('больше лимита закупщика на один заказ 100.00 ₽');
      await expect(held.getByRole('button', { name: 'Согласовать' })).toHaveCount(0);
      await shot('held', colleague);

      // The administrator approves it in their history.
      await page.goto('/orders');
      const card = page.getByTestId(`approval-${approvalId}`);
      await expect(card.getByTestId('approval-state')).toHaveText('На согласовании');
      await expect(card).toContainText('закупщик Олег');
      await shot('to-approve', page);
      await card.getByRole('button', { name: 'Согласовать' }).click();
      await expect(page).toHaveURL(/\/orders\?n=\d+/);
      const number = Number(new URL(page.url()).searchParams.get('n'));
      await expect(page.getByTestId(`approval-${approvalId}`)).toHaveCount(0);

      // Both histories hold the placed order (found by its number: journeys beside this one add orders too).
      for (const person of [page, colleague]) {
        await person.goto(`/orders?q=${number}`);
        await expect(person.getByTestId(`order-${number}`)).toContainText(`Заказ № ${number}`);
        await expect(person.getByTestId(`approval-${approvalId}`)).toHaveCount(0);
      }
      await shot('history-admin', page);
      await shot('history-purchaser', colleague);

      // The record holds the invitation, the hold and the approval, each found by its action.
      await page.goto(`/companies/${SPECSNAB}/audit`);
      await expect(page.getByRole('heading', { name: 'Журнал действий' })).toBeVisible();
      const invitation = (await recordsOf(page, 'Сотрудник приглашён')).filter({ hasText: address });
      await expect(invitation).toHaveCount(1);
      await expect(invitation).toContainText('Роль: — → Закупщик');
      const hold = (await recordsOf(page, 'Заказ отправлен на согласование')).filter({ hasText: `Заказ на согласовании № ${approvalId}` });
      await expect(hold).toHaveCount(1);
      await expect(hold).toContainText('Олег');
      const approval = (await recordsOf(page, 'Заказ согласован')).filter({ hasText: `Заказ № ${number}` });
      await expect(approval).toHaveCount(1);
      await shot('record', page);
    } finally {
      await colleagueContext.close();
    }
  });
}
