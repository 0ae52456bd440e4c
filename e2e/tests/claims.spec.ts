import { expect, signIn, test } from '../fixtures';
import { PHOTO, placeDemoOrder } from '../logistics-helpers';

test('file a claim about an order with a photo and find it in the list with its history', async ({ page }) => {
  await signIn(page);
  const order = await placeDemoOrder(page);
  await page.goto(`/claims/request?order=${order}`);

  // Started from an order: its detail is loaded first and its lines offered.
  const lines = page.getByTestId('claim-order-lines');
  await expect(lines).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Компания' })).toHaveValue('ООО «СпецСнаб»');
  await expect(page.getByRole('combobox', { name: 'Вид рекламации' })).toHaveValue('Производственный брак');
  await lines.getByRole('checkbox').first().check();
  await lines.getByRole('textbox', { name: /^Количество/ }).first().fill('2');
  await page.getByRole('textbox', { name: 'Описание проблемы' }).fill('Разошёлся шов на рукаве у двух курток, e2e.');
  await page.locator('input[type="file"]').setInputFiles({ name: 'шов.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: 'Отправить рекламацию' }).click();

  await expect(page).toHaveURL(/\/claims\/success\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Рекламация отправлена' })).toBeVisible();
  await page.getByRole('link', { name: 'К списку рекламаций' }).click();

  const item = page.getByTestId('claim-item').filter({ hasText: `Производственный брак по заказу №${order}` });
  await expect(item).toContainText('Новая');
  await item.getByRole('button', { name: /Рекламация:/ }).click();
  await expect(item).toContainText('Разошёлся шов на рукаве у двух курток, e2e.');
  await expect(item).toContainText('2 шт.');
  await expect(item.getByRole('button', { name: 'шов.png' })).toBeVisible();
  await expect(item.getByTestId('claim-history')).toContainText('Рекламация отправлена из портала.');
});

test('a claim without an order needs a description, then goes through', async ({ page }) => {
  await signIn(page);
  await page.goto('/claims/request');
  await page.getByRole('button', { name: 'Отправить рекламацию' }).click();
  await expect(page.getByText('Опишите проблему подробнее: не меньше 10 символов')).toBeVisible();
  await page.getByRole('combobox', { name: 'Вид рекламации' }).click();
  await page.getByRole('option', { name: 'Повреждение при доставке' }).click();
  await page.getByRole('textbox', { name: 'Описание проблемы' }).fill('Коробки пришли мокрыми, нужна проверка товара.');
  await page.getByRole('button', { name: 'Отправить рекламацию' }).click();
  await expect(page).toHaveURL(/\/claims\/success/);
  await page.goto('/claims');
  await expect(page.getByTestId('claim-item').filter({ hasText: 'Повреждение при доставке' }).first()).toBeVisible();
});

test('demo2 sees the empty claims list', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/claims');
  await expect(page.getByTestId('claims-empty')).toContainText('Рекламаций нет');
});
