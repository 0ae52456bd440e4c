/**
 * «Забыли пароль?» end to end: the request on /login, the mail (read from the SMTP server the run
 * starts), the link, the new password; the user's other sessions end, and the used link is refused in Russian.
 */
import path from 'node:path';
import { expect, signIn, test } from '../fixtures';
import { mailedLink } from '../mailbox';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const OLD_PASSWORD = 'Старый пароль 2026';
const NEW_PASSWORD = 'Новый пароль дилера 2026';
// Required fields carry Mantine's asterisk in their label.
const NEW_PASSWORD_FIELD = /^Новый пароль( \*)?$/;
const REPEAT_FIELD = /^Новый пароль ещё раз( \*)?$/;

test('a forgotten password is reset from the mailed link, other sessions end, the link works once', async ({ page, browser, request }) => {
  test.slow();
  const login = `e2e-reset-${test.info().retry}-${test.info().repeatEachIndex}`;
  const address = `${login}@example.ru`;
  const created = await request.post('/api/integration/users', {
    headers: { 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' },
    data: [{ login, password: OLD_PASSWORD, name: 'Ольга', lastname: 'Проверкина', email: address, partners: [SPECSNAB] }],
  });
  expect((await created.json()).response.applied).toBe(1);

  // A session elsewhere, signed in with the old password.
  const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const other = await elsewhere.newPage();
    await signIn(other, login, OLD_PASSWORD);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel(/^Логин или e-mail( \*)?$/).fill(address);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(page.getByRole('status')).toContainText('Если такой пользователь есть');

    const link = await mailedLink(address, 'Восстановление пароля', /https?:\/\/\S+\/reset-password#[A-Za-z0-9_-]+/);
    await page.goto(link);
    await page.getByLabel(NEW_PASSWORD_FIELD).fill('qwerty123');
    await page.getByLabel(REPEAT_FIELD).fill('qwerty123');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('alert')).toContainText('самых распространённых');

    await page.getByLabel(NEW_PASSWORD_FIELD).fill(NEW_PASSWORD);
    await page.getByLabel(REPEAT_FIELD).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('status')).toContainText(`Пароль для логина ${login} изменён`);

    // The old session is gone: its next request is refused and the app goes back to the sign-in page. The reset also
    // closed that browser's socket, so the app may already be on its way to /login, aborting this navigation: either
    // way it must end on the sign-in page.
    await other.goto('/profile').catch((error: Error) => expect(error.message).toMatch(/ERR_ABORTED|interrupted/));
    await expect(other).toHaveURL(/\/login/);

    // The link works once.
    await page.goto('/login');
    await page.goto(link);
    await page.getByLabel(NEW_PASSWORD_FIELD).fill('Третий пароль 2026');
    await page.getByLabel(REPEAT_FIELD).fill('Третий пароль 2026');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('alert')).toContainText('Ссылка недействительна: она уже использована');

    await signIn(page, login, NEW_PASSWORD);
  } finally {
    await elsewhere.close();
  }
});

test('screens of the password forms at 1440 and 360 px', async ({ page }) => {
  test.slow();
  const shots = test.info().outputPath();
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Забыли пароль?' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, `login-${width}.png`), fullPage: true });
    await page.goto('/forgot-password');
    await expect(page.getByLabel(/^Логин или e-mail( \*)?$/)).toBeVisible();
    await page.screenshot({ path: path.join(shots, `forgot-${width}.png`), fullPage: true });
    await page.goto('/reset-password#AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByLabel(NEW_PASSWORD_FIELD).fill('12345');
    await page.getByLabel(REPEAT_FIELD).fill('12345');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(page.getByRole('alert')).toContainText('Ссылка недействительна');
    await page.screenshot({ path: path.join(shots, `reset-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'demo2');
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto('/profile');
    await expect(page.getByTestId('profile-page')).not.toHaveAttribute('data-loading');
    const form = page.getByTestId('password-form');
    await form.getByLabel(/^Текущий пароль( \*)?$/).fill('не тот пароль');
    await form.getByLabel(NEW_PASSWORD_FIELD).fill('Новый пароль 2026');
    await form.getByLabel(REPEAT_FIELD).fill('Новый пароль 2026');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(form.getByRole('alert')).toContainText('Текущий пароль указан неверно');
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: path.join(shots, `profile-password-${width}.png`) });
  }
});
