import { expect, signIn, test } from '../fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// demo2 is changed here so the journeys of demo elsewhere keep their names.
test('change the profile name and avatar; both survive a reload', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/profile');
  const name = page.getByLabel(/^Имя/);
  await expect(name).toHaveValue('Мария');
  await expect(page.getByTestId('profile-page')).not.toHaveAttribute('data-loading');

  await name.fill('Марина');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('profile-avatar')).toHaveAttribute('data-preview', 'new');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();
  // The header follows the new name, and its avatar turns from the initials into the uploaded photo.
  await expect(page.getByRole('button', { name: 'Учётная запись' })).toContainText('Марина Орлова');
  const headerPhoto = page.getByTestId('user-avatar').locator('img');
  await expect.poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.reload();
  await expect(page.getByLabel(/^Имя/)).toHaveValue('Марина');
  // The loading overlay covers the form for a moment after a load: a click before it goes would land on it.
  await expect(page.getByTestId('profile-page')).not.toHaveAttribute('data-loading');
  const avatar = page.getByTestId('profile-avatar');
  await expect(avatar).toHaveAttribute('data-preview', 'current');
  await expect.poll(() => avatar.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // A file that is not an image is refused before sending.
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Файл «notes.txt» не подходит: выберите PNG, JPEG или WebP.')).toBeVisible();

  // Notification settings are kept.
  const changedByEmail = page.getByRole('switch', { name: 'Заказ изменён: на e-mail' });
  await changedByEmail.click({ force: true });
  await expect(changedByEmail).not.toBeChecked();
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByText('Настройки уведомлений сохранены')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Заказ изменён: на e-mail' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Заказ создан: на e-mail' })).toBeChecked();
});

test('send feedback with a file from the menu', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByTestId('main-menu');
  // The entry sits in the «Прочее» group, which may start folded.
  const entry = menu.getByRole('button', { name: 'Обратная связь' });
  if (!(await entry.isVisible())) await menu.getByText('Прочее', { exact: true }).click();
  await entry.click();
  const dialog = page.getByRole('dialog', { name: 'Обратная связь' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Предложить улучшение').click();
  await dialog.getByLabel(/Ваше предложение/).fill('Добавьте, пожалуйста, фильтр каталога по сезону.');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'idea.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('idea.png')).toBeVisible();
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/user/request/feedback'));
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Обращение отправлено, мы его рассмотрим.')).toBeVisible();
});
