/**
 * Shopping from the catalogue (issue 15), at 1440 px and at 390 px: narrow a group by size and stock, sort by the
 * dealer's price, share the address into a new page and see the same list, go Back, and add three sizes from the
 * size grid, finding them split into stock and pre-order on the order page.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

const SIZE = '182-188/104-108';

async function articles(page: Page): Promise<string[]> {
  return page.getByTestId('catalog-card').locator('p').first().allTextContents();
}
const rubles = (text: string) => Number(text.replace(/[^\d,.]/g, '').replace(',', '.'));

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`catalogue shopping at ${viewport.width} px: filters, sort, shared address, size grid split`, async ({ page, context }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/catalog/catalog/odezhda-letnyaya');
    await expect(page.getByRole('heading', { name: 'Летняя спецодежда' })).toBeVisible();
    const total = page.getByTestId('catalog-total');
    await expect(total).toContainText('Товаров:');
    const before = await total.textContent();

    // Filters: in a drawer on a phone, beside the list on a desktop.
    const narrow = viewport.width < 992;
    if (narrow) await page.getByRole('button', { name: /^Фильтры/ }).click();
    const sizes = page.getByRole('group', { name: 'Размер' });
    const sizeBox = sizes.getByRole('checkbox', { name: new RegExp(`^${SIZE.replace('/', '\\/')}`) });
    // Navigations are React transitions: the box is checked once the address has changed, not at the click.
    await sizeBox.click();
    await expect(sizeBox).toBeChecked();
    await expect(page).toHaveURL(/size=182-188%2F104-108/);
    const stockBox = page.getByRole('checkbox', { name: /^В наличии/ });
    await stockBox.click();
    await expect(stockBox).toBeChecked();
    await expect(page).toHaveURL(/stock=1/);
    if (narrow) await page.getByRole('button', { name: 'Показать товары' }).click();
    await expect(total).not.toHaveText(before ?? '');

    await page.getByRole('combobox', { name: 'Сортировка' }).click();
    await page.getByRole('option', { name: 'Сначала дешевле' }).click();
    await expect(page).toHaveURL(/sort=price/);
    // The sorted page has come (not the previous one kept on screen while it loads), with the company's prices.
    await expect(page.getByTestId('catalog-results')).toHaveAttribute('aria-busy', 'false');
    const prices = page.getByTestId('card-own-price');
    await expect(prices.first()).toBeVisible();
    await expect(page.getByTestId('card-list-price').first()).toContainText('Розничная');
    await expect
      .poll(async () => {
        const shown = (await prices.allTextContents()).map(rubles);
        return shown.length > 1 && shown.every((price, index) => index === 0 || shown[index - 1]! <= price);
      })
      .toBe(true);
    const list = await articles(page);
    // Every card is in stock.
    for (const stock of await page.getByTestId('card-stock').allTextContents()) expect(stock).toMatch(/шт\./);
    await page.screenshot({ path: `test-results/catalog-shopping-${viewport.width}.png`, fullPage: !narrow });

    // The address alone brings back the same list in a new page.
    const shared = await context.newPage();
    await shared.setViewportSize(viewport);
    await shared.goto(page.url());
    await expect(shared.getByTestId('catalog-card').first()).toBeVisible();
    await expect.poll(() => articles(shared)).toEqual(list);
    await shared.close();

    // Back restores the view before the sort.
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/stock=1/);
    await page.goForward();
    await expect(page).toHaveURL(/sort=price/);

    // The size grid of the first card: three sizes, one above its stock.
    const article = list[0]!;
    await page.getByRole('button', { name: `Размеры ${article}` }).click();
    const grid = page.getByRole('table', { name: 'Размерная сетка' });
    await expect(grid).toBeVisible();
    const rows = grid.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const table = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
    const single = table.filter(([size], _, all) => all.filter(([other]) => other === size).length === 1);
    expect(single.length).toBeGreaterThanOrEqual(3);
    const picked = single.slice(0, 3).map(([size, stock], index) => {
      const inStock = /шт\./.test(stock!) ? Number(stock!.replace(/\D/g, '')) : 0;
      const quantity = index === 0 ? inStock + 2 : 1;
      return { size: size!, quantity, inStock: Math.min(quantity, inStock), preorder: quantity - Math.min(quantity, inStock) };
    });
    const first = grid.getByLabel(`Количество, размер ${picked[0]!.size}`);
    await first.fill(String(picked[0]!.quantity));
    // The other two sizes, then the keyboard: the down arrow goes to the next size.
    for (const entry of picked.slice(1)) {
      const field = grid.getByLabel(`Количество, размер ${entry.size}`);
      await field.focus();
      await field.fill(String(entry.quantity));
    }
    await first.focus();
    await first.press('ArrowDown');
    await expect(grid.getByLabel(`Количество, размер ${table[1]![0]}`)).toBeFocused();
    await expect(page.getByTestId('size-grid-split')).toContainText('под заказ');
    await page.getByRole('button', { name: 'Добавить в заказ' }).click();
    await expect(grid).toBeHidden();

    await page.goto('/order');
    for (const entry of picked) {
      if (entry.inStock > 0) {
        await expect(page.getByTestId('available-lines').getByLabel(`Количество ${article} ${entry.size}`, { exact: true })).toHaveValue(String(entry.inStock));
      }
      if (entry.preorder > 0) {
        await expect(page.getByTestId('presale-lines').getByLabel(`Количество ${article} ${entry.size} (предзаказ)`, { exact: true })).toHaveValue(
          String(entry.preorder),
        );
      }
    }
  });
}

test('an empty result says which filter to relax', async ({ page }) => {
  await signIn(page);
  await page.goto('/catalog/catalog/odezhda-letnyaya?stock=1&priceFrom=999999');
  await expect(page.getByTestId('catalog-empty')).toContainText('снимите фильтр «Цена»');
});
