import { expect, pauseClock, signIn, test } from '../fixtures';

const LIGHT_BACKGROUND = 'rgb(229, 231, 235)'; // #E5E7EB
const DARK_BACKGROUND = 'rgb(21, 23, 28)'; // #15171C

test('the shell: companies in the menu, a locked section, dark mode, sign out', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByTestId('main-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('menu-company')).toHaveCount(2);
  await expect(menu.getByRole('link', { name: /ООО «СпецСнаб»/ })).toHaveAttribute('href', '/company/c0a80001-0000-4000-8000-000000000001');
  await expect(menu.getByRole('link', { name: /ИП Петров Алексей Викторович/ })).toBeVisible();
  await expect(menu.getByTestId('client-version')).toHaveText('Версия 0.4.6');

  // A locked section shows why and goes nowhere.
  const analytics = menu.locator('[data-locked-path="/analytics"]');
  await analytics.hover();
  await expect(page.getByRole('tooltip', { name: 'Раздел в разработке' })).toBeVisible();
  await analytics.click({ force: true }); // aria-disabled: Playwright would otherwise refuse to click it
  await expect(page).toHaveURL(/\/$/);
  await expect(menu).toBeVisible();

  // An open section navigates and closes the menu.
  await menu.getByRole('link', { name: 'Заказы' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(menu).toBeHidden();

  // Dark mode: the page background follows, and the choice survives a reload.
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe(LIGHT_BACKGROUND);
  await page.getByTestId('dark-mode-toggle').click();
  await expect.poll(background).toBe(DARK_BACKGROUND);
  expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('true');
  await page.reload();
  await expect.poll(background).toBe(DARK_BACKGROUND);
  await page.getByTestId('dark-mode-toggle').click();
  await expect.poll(background).toBe(LIGHT_BACKGROUND);

  // Sign out from the menu.
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await menu.getByRole('button', { name: /Прочее/ }).click();
  await menu.getByRole('link', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?from=%2Forders/);
});

test('the notifications bar shows its count and the empty text', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: /^Уведомления/ }).click();
  const bar = page.getByRole('dialog', { name: /Уведомления/ });
  await expect(bar).toBeVisible();
  const items = await bar.getByTestId('notification-item').count();
  await expect(bar.getByTestId('notifications-count')).toHaveText(String(items));
  if (items > 0) {
    await bar.getByRole('button', { name: /Удалить все/ }).click();
    // It asks first; nothing is gone until the dealer confirms.
    await expect(bar.getByTestId('notifications-count')).toHaveText(String(items));
    await bar.getByRole('alertdialog', { name: 'Удалить все уведомления?' }).getByRole('button', { name: 'Удалить', exact: true }).click();
    await expect(bar.getByTestId('notifications-count')).toHaveText('0');
  }
  await expect(bar.getByText('Уведомления отсутствуют')).toBeVisible();
});

test('the sidebar hides on scrolling down and comes back on scrolling up', async ({ page }) => {
  await signIn(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Главная' })).toBeVisible();
  await page.evaluate(() => {
    document.querySelector('main')!.style.minHeight = '4000px';
  });
  await page.mouse.wheel(0, 600);
  await expect(sidebar).toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, -200);
  await expect(sidebar).not.toHaveAttribute('data-hidden');
});

test('an outdated client shows the red banner with both versions', async ({ page }) => {
  await page.route('**/api/', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: null, response: { last: '0.4.7' } }) }),
  );
  await page.goto('/login');
  const banner = page.getByTestId('version-outdated-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('0.4.6');
  await expect(banner).toContainText('0.4.7');
  await expect(banner).toContainText('Очистите локальный кэш этого сайта');
  const style = await banner.evaluate((node) => {
    const computed = getComputedStyle(node);
    return { position: computed.position, top: computed.top, zIndex: computed.zIndex, width: node.getBoundingClientRect().width };
  });
  expect(style).toEqual({ position: 'fixed', top: '0px', zIndex: '1000', width: page.viewportSize()!.width });
});

test('a failed version check shows the error banner', async ({ page }) => {
  await page.route('**/api/', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: { msg: 'version service is down' }, response: null }) }),
  );
  await page.goto('/login');
  const banner = page.getByTestId('version-error-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Ошибка при проверке версии');
  await expect(banner).toContainText('version service is down');
});

test('a current client shows no version banner', async ({ page }) => {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/');
  await page.goto('/login');
  await answered;
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.getByTestId('version-outdated-banner')).toHaveCount(0);
  await expect(page.getByTestId('version-error-banner')).toHaveCount(0);
});

test('the novelties modal shakes on a click outside and remembers it was read under `status`', async ({ page }) => {
  // The page's clock is Playwright's: it runs as usual, then stands still while the shake is looked at, so its
  // 500 ms cannot slip past a busy machine's polling.
  await page.clock.install();
  await signIn(page);
  expect(await page.evaluate(() => localStorage.getItem('status'))).toBeNull();
  await page.getByRole('button', { name: 'Новинки' }).click();
  const modal = page.getByRole('dialog', { name: /Что нового в версии 0\.4\.6/ });
  await expect(modal).toBeVisible();
  await pauseClock(page);
  await page.mouse.click(20, 840);
  // The shake starts on the next animation frame and lasts MODAL_SHAKE_MS.
  await page.clock.runFor(20);
  await expect(modal).toHaveAttribute('data-shaking', 'true');
  await page.clock.runFor(400);
  await expect(modal).toHaveAttribute('data-shaking', 'true');
  await page.clock.runFor(100);
  await expect(modal).not.toHaveAttribute('data-shaking');
  await page.clock.resume();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Понятно' }).click();
  await expect(modal).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('status'))).toBe('0.4.6');
});
