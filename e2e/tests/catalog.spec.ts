import { expect, signIn, test } from '../fixtures';

test('search by article prefix from the shell: suggestions, arrows and Enter open the product', async ({ page }) => {
  await signIn(page);
  const search = page.locator('header').getByRole('textbox', { name: 'Поиск товара' });
  await search.fill('кст10');
  const first = page.getByRole('option').first();
  await expect(first).toContainText('КСТ10');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product\/%D0%9A%D0%A1%D0%A210/);
  await expect(page.getByTestId('product-article')).toContainText('КСТ10');
  await expect(page.getByRole('table', { name: 'Характеристики и остатки' })).toBeVisible();
  await expect(page.getByTestId('user-price')).toContainText('₽');
});

test('search by name words from the shell runs a full search on Enter', async ({ page }) => {
  await signIn(page);
  const search = page.locator('header').getByRole('textbox', { name: 'Поиск товара' });
  await search.fill('мастер ботинки');
  await expect(page.getByRole('option').first()).toContainText(/Ботинки|Полуботинки/);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product\/.+\?option=2$/);
  // The main page (with headings of its own) stays until the product has come.
  await expect(page.getByTestId('product-article')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(/ботинки/i);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Мастер');
});

test('a name that matches nothing says «Не найдено», and the page says the product is not found', async ({ page }) => {
  await signIn(page);
  const search = page.locator('header').getByRole('textbox', { name: 'Поиск товара' });
  await search.fill('щщщщ');
  await expect(page.getByText('Не найдено')).toBeVisible();
  await search.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Товар не найден');
});

test('open a product from a catalogue group and page through the group', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog/catalog/obuv');
  await expect(page.getByRole('heading', { name: 'Спецобувь' })).toBeVisible();
  const total = page.getByTestId('catalog-total');
  await expect(total).toContainText('страница 1 из');
  const firstArticle = await page.getByTestId('catalog-card').first().locator('p').first().textContent();
  // The filters come once the page has painted.
  await expect(page.getByTestId('catalog-filters').getByTestId('filter-count').first()).toBeVisible();
  const counts = await page.getByTestId('catalog-filters').getByTestId('filter-count').allTextContents();
  expect(counts.length).toBeGreaterThan(0);
  // Another page of the same selection is asked without its counts; the filters keep showing the ones from page 1.
  const secondPage = page.waitForRequest((request) => /\/api\/content\/catalog\/products\?.*page=2/.test(request.url()));
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: 'Страница 2', exact: true }).click();
  expect(new URL((await secondPage).url()).searchParams.get('counts')).toBe('0');
  await expect(page).toHaveURL(/\/catalog\/catalog\/obuv\?page=2$/);
  await expect(total).toContainText('страница 2 из');
  await expect(page.getByTestId('catalog-filters').getByTestId('filter-count')).toHaveText(counts);
  await expect(page.getByTestId('catalog-card').first().locator('p').first()).not.toHaveText(firstArticle ?? '');
  await expect(page.getByTestId('catalog-card')).toHaveCount(25);

  await page.getByTestId('catalog-card').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByTestId('product-article')).toBeVisible();
});

test('the interactive catalogue opens the group of a zone', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog/interactive');
  // The zone is two boots: click one of them, not the gap between.
  await page.getByRole('link', { name: /^Ноги: Спецобувь/ }).locator('path').first().click();
  await expect(page).toHaveURL(/\/catalog\/catalog\/obuv$/);
});

test('download a certificate of an article, one PDF and the zip', async ({ page }) => {
  await signIn(page);
  await page.goto('/product/КСТ105А');
  await page.getByRole('link', { name: 'Сертификаты' }).click();
  await expect(page).toHaveURL(/\/certificate\//);
  const table = page.getByRole('table', { name: 'Сертификаты товара' });
  await expect(table).toContainText('Сертификат соответствия');

  const pdf = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Скачать PDF' }).first().click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^КСТ105А Сертификат соответствия .*\.pdf$/);

  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать все (zip)' }).click();
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/);
});
