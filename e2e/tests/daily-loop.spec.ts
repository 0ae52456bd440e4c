/**
 * Issue 37, points 3, 4 and 8 at the desk (1440 px) and on phones (390 and 360 px): the search forgives how an article is
 * written, quick order lists what it did not add, and the catalogue's stock, sale and paging say what is true.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, sizeInStock, test } from '../fixtures';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
  { width: 360, height: 780 },
];

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: width > 400 });

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an article with a space or Latin look-alike letters is suggested and found by Enter', async ({ page }) => {
      await signIn(page);
      for (const typed of ['КСТ 105А', 'KCT105A']) {
        await page.goto('/product');
        // The product page's own field (autofocused once the page has come), not the header's.
        const search = page.locator('input[aria-label="Поиск товара"]:not(header input)');
        await expect(search).toBeFocused();
        await search.fill(typed);
        await expect(page.getByRole('option').first()).toContainText('КСТ105А');
        if (typed === 'КСТ 105А') await shot(page, 'search-suggestions', viewport.width);
        // Enter without choosing a suggestion: the full search finds what the suggestion offered.
        await search.press('Enter');
        await expect(page.getByTestId('product-article')).toContainText('КСТ105А');
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
      await shot(page, 'search-found-latin', viewport.width);
    });

    test('quick order lists a quantity past the limit with the reason and counts only what was added', async ({ page }) => {
      await signIn(page);
      const { CHARACTERISTIC: size } = await sizeInStock(page, 'ПКБ100А');
      await page.goto('/order');
      await page.getByRole('button', { name: 'Быстрый заказ' }).click();
      const dialog = page.getByRole('dialog', { name: 'Быстрый заказ' });
      await dialog.getByRole('textbox', { name: 'Список товаров' }).fill(`ПКБ100А ${size} 99999999999\nПKБ 100A ${size} 2`);
      await dialog.getByTestId('quick-order-submit').click();
      const problems = dialog.getByTestId('quick-order-problems');
      await expect(problems).toContainText('Добавлено в заказ: 2 шт. Не добавлено строк: 1');
      await expect(problems).toContainText(/Строка 1 «ПКБ100А .* 99999999999»: Не добавлено: количество 99999999999 слишком велико — укажите не больше 100\s000 шт\./);
      await expect(dialog.getByRole('textbox', { name: 'Список товаров' })).toHaveValue(`ПКБ100А ${size} 99999999999`);
      await expect(page.getByText('Добавлено в заказ: 2 шт.', { exact: true })).toBeVisible();
      await shot(page, 'quick-order-problems', viewport.width);
      // The dialog fits the window: nothing in it is wider than the viewport.
      const widest = await dialog.evaluate((root) => Math.max(...[root, ...Array.from(root.querySelectorAll('*'))].map((el) => el.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(viewport.width);
    });

    test('catalogue: size stock on cards, the sale in stock only, an absurd page shows the last page', async ({ page }) => {
      await signIn(page);
      await page.goto('/catalog/catalog/obuv?size=42');
      const stock = page.getByTestId('card-stock');
      await expect(stock.first()).toBeVisible();
      for (const text of await stock.allTextContents()) expect(text).toMatch(/^42: \d+ шт\.$|^под заказ$/);
      await shot(page, 'catalog-size-42', viewport.width);

      await page.goto('/catalog/season-sale');
      await expect(page.getByTestId('catalog-card').first()).toBeVisible();
      await expect(page.getByTestId('card-stock').filter({ hasText: 'под заказ' })).toHaveCount(0);
      if (viewport.width > 1000) {
        await expect(page.getByTestId('catalog-filters').getByText('Ваша цена, ₽')).toBeVisible();
        await expect(page.getByTestId('catalog-filters').getByRole('checkbox', { name: /В наличии/ })).toHaveCount(0);
      }
      await shot(page, 'season-sale', viewport.width);

      await page.goto('/catalog/catalog/obuv?page=99999999999');
      const total = page.getByTestId('catalog-total');
      await expect(total).toContainText(/страница (\d+) из \1\b/);
      await expect(page).toHaveURL(/\/catalog\/catalog\/obuv\?page=\d{1,3}$/);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByTestId('catalog-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, 'catalog-last-page', viewport.width);
    });
  });
}
