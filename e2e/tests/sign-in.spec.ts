import { expect, signIn, test } from '../fixtures';

test('a signed-out user is sent to sign-in and back to the page they asked for', async ({ page }) => {
  // The portal signs out and reloads itself while this page is still loading: wait only for the navigation to begin,
  // since a load event that another navigation replaced may never come, and the URL and button below are waited for.
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login\?from=%2Forders/);
  await signIn(page);
  await expect(page).toHaveURL(/\/orders$/);
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toMatch(/.{40,}/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Логин').fill('demo');
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль.');
  await expect(page).toHaveURL(/\/login/);
});

test('the blocked user lands on /blocked', async ({ page }) => {
  await signIn(page, 'blocked');
  await expect(page).toHaveURL(/\/blocked$/);
  await expect(page.getByRole('heading', { name: 'Доступ заблокирован' })).toBeVisible();
});

test('unknown paths go to /404', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('a signed-in user at /login goes to the main page; /logout signs out', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
});

test('an expired session at start signs the user out', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('id_token', 'no-such-session-token-0123456789abcdef0123456789'));
  // The portal signs out and reloads itself while this page is still loading: wait only for the navigation to begin,
  // since a load event that another navigation replaced may never come, and the URL and button below are waited for.
  await page.goto('/orders', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/login\?from=%2Forders/);
  // The sign-out reloads the page at the sign-in screen: poll through that navigation.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('id_token')).catch(() => 'navigating')).toBeNull();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});
