/**
 * A company's team end to end, at 1440 and 390 px: the administrator opens «Сотрудники» from the menu and invites a
 * colleague as «Бухгалтер» (the mail read from the SMTP server the run starts); the colleague sets a password from the
 * link and lands signed in, seeing only what the role allows (no «Размеры» to order from on the catalogue's cards); blocking ends
 * their session.
 */
import path from 'node:path';
import { expect, signIn, test } from '../fixtures';
import { mailedLink } from '../mailbox';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const PASSWORD = 'Пароль бухгалтера 2026';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the administrator invites an accountant, who lands signed in with only the role's screens, and blocking ends the session (${viewport.width} px)`, async ({ page, browser }) => {
    test.slow();
    const shots = test.info().outputPath();
    const shot = (name: string, target = page) => target.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`), fullPage: true });
    const address = `e2e-team-${viewport.width}-${test.info().retry}-${test.info().repeatEachIndex}@example.ru`;
    await page.setViewportSize(viewport);
    await signIn(page);

    // The team page, from the menu's «Мои компании» group.
    await page.locator('button[aria-label="Открыть меню"]:visible').first().click();
    await page.getByTestId('main-menu').getByTestId('menu-company-team').first().click();
    await expect(page).toHaveURL(new RegExp(`/companies/${SPECSNAB}/team$`));
    const table = page.getByTestId('team-table');
    await expect(table.locator('[data-login="buyer"]')).toContainText('Закупщик');
    await expect(table.locator('[data-login="buyer"]')).toContainText(/50\s000\.00/);
    await shot('team-page');

    // The invitation.
    await page.getByRole('button', { name: 'Пригласить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Пригласить сотрудника' });
    await dialog.getByLabel(/^E-mail/).fill(address);
    await dialog.getByLabel(/^Имя/).fill('Ольга');
    await dialog.getByLabel('Роль', { exact: true }).click();
    await page.getByRole('option', { name: 'Бухгалтер' }).click();
    await shot('team-invite-dialog');
    await dialog.getByRole('button', { name: 'Пригласить' }).click();
    await expect(dialog).toBeHidden();
    const invited = table.locator(`[data-login="${address}"]`);
    await expect(invited).toContainText('Приглашён');
    await expect(invited).toContainText('Бухгалтер');

    // The colleague follows the link in a browser of their own: a password, and they are in.
    const colleagueContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
    try {
      const colleague = await colleagueContext.newPage();
      await colleague.goto(await mailedLink(address, 'Приглашение в портал дилера', /https?:\/\/\S+\/invitation#[A-Za-z0-9_-]+/));
      await expect(colleague.getByLabel(/^Пароль( \*)?$/)).toBeVisible();
      await shot('team-invitation-page', colleague);
      await colleague.getByLabel(/^Пароль( \*)?$/).fill(PASSWORD);
      await colleague.getByLabel(/^Пароль ещё раз( \*)?$/).fill(PASSWORD);
      await colleague.getByRole('button', { name: 'Задать пароль и войти' }).click();
      await expect(colleague).toHaveURL(/\/$/);
      await expect(colleague.getByTestId('sidebar').or(colleague.getByRole('button', { name: 'Открыть меню' })).first()).toBeVisible();

      // Only what «Бухгалтер» may: no ordering, drafts or proposals; the order page says why.
      if (viewport.width >= 1000) {
        const sidebar = colleague.getByTestId('sidebar');
        await expect(sidebar.getByRole('link', { name: 'История заказов' })).toBeVisible();
        await expect(sidebar.getByRole('link', { name: 'Заказ', exact: true })).toHaveCount(0);
        await expect(sidebar.getByRole('link', { name: 'Коммерческое предложение' })).toHaveCount(0);
      }
      await colleague.goto('/order');
      await expect(colleague.getByTestId('role-refusal')).toContainText('Ваша роль «Бухгалтер» не позволяет оформлять заказы');
      await shot('team-accountant-order-refused', colleague);
      // The catalogue shows the accountant the cards with their prices and stock, but no «Размеры» to order from.
      await colleague.goto('/catalog/catalog/odezhda-letnyaya');
      await expect(colleague.getByTestId('card-own-price').first()).toBeVisible();
      await expect(colleague.getByTestId('card-stock').first()).toBeVisible();
      await expect(colleague.getByRole('button', { name: /^Размеры / })).toHaveCount(0);
      // The first card on screen alone: the catalogue page is several screens long on a phone.
      await colleague.getByTestId('catalog-card').first().scrollIntoViewIfNeeded();
      await colleague.screenshot({ path: path.join(shots, `team-accountant-catalog-${viewport.width}.png`) });
      const refused = await colleague.evaluate(async (partner) => {
        const token = localStorage.getItem('id_token');
        const answer = await fetch(`/api/partners/${partner}/team`, { headers: { authorization: `Bearer ${token}` } });
        return { status: answer.status, body: await answer.json() };
      }, SPECSNAB);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/не позволяет управлять сотрудниками/);

      // The administrator sees the first sign-in, then blocks the colleague.
      await page.reload();
      await expect(invited).toContainText('Активен');
      await invited.getByRole('button', { name: /^Действия:/ }).click();
      await page.getByRole('menuitem', { name: 'Заблокировать' }).click();
      await shot('team-block-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Заблокировать' }).click();
      await expect(invited).toContainText('Заблокирован');

      // The colleague's session is over: whatever they open next goes to the sign-in page.
      await colleague.goto('/orders').catch((error: Error) => expect(error.message).toMatch(/ERR_ABORTED|interrupted/));
      await expect(colleague).toHaveURL(/\/(login|blocked)/);
    } finally {
      await colleagueContext.close();
    }
  });
}
