/**
 * One truth for money, as a dealer sees it: a base-price company sees base prices on the catalogue cards and the
 * product page, and a contract's credit reads the same on the main page, the company page and the order page.
 */
import type { Page } from '@playwright/test';
import { PRICE_TYPE, contractCredit, formatPrice, fromKopecks, moscowDay, productPriceForType, type CreditContract } from '@portal/domain';
import { expect, signIn, test } from '../fixtures';

const PETROV = 'c0a80001-0000-4000-8000-000000000002';
const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A GET of our API with the signed-in page's token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const response = await page.request.get(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { response: T }).response;
}

/** A picture of the page for a person to look at (E2E_SHOTS_DIR); a modal is taken as the window shows it. */
const shot = async (page: Page, name: string, fullPage = true) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
};

// Each journey crosses several pages; a busy machine needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

for (const width of [1440, 360]) {
  test(`ИП Петров, on base prices, sees base prices on catalogue cards and the product page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/catalog/catalog');
    await page.getByRole('combobox', { name: 'Цены для компании' }).click();
    await page.getByRole('option', { name: 'ИП Петров Алексей Викторович' }).click();

    const card = page.getByTestId('catalog-card').first();
    const article = (await card.locator('p').first().textContent())!.trim();
    // The product's list and dealer prices, as the server answers them to a signed-out caller and to СпецСнаб.
    const query = `/api/product/search?QUERY=${encodeURIComponent(article)}&OPTION=0`;
    const list = (await (await page.request.get(query)).json()).response.PRODUCT.PRICE as number;
    const dealer = (await apiGet<{ PRODUCT: { PRICE_OPT: number } }>(page, `${query}&PARTNER=${SPECSNAB}`)).PRODUCT.PRICE_OPT;
    const base = productPriceForType({ price: list, priceOpt: dealer }, PRICE_TYPE.BASE);
    expect(base).not.toBe(dealer);

    await expect(card.getByTestId('card-own-price')).toHaveText(formatPrice(base));
    await expect(card.getByTestId('card-list-price')).toHaveText(`Розничная ${formatPrice(list)}`);
    await shot(page, `catalogue-petrov-${width}`);

    await card.click();
    await expect(page.getByTestId('product-article')).toHaveText(article);
    await expect(page.getByTestId('user-price')).toHaveText(formatPrice(base));
    await expect(page.getByText('Ваша цена (базовая)')).toBeVisible();
    await expect(page.getByTestId('list-price')).toHaveText(formatPrice(list));
    await expect(page.getByTestId('offer-row').first().getByTestId('offer-own-price')).toBeVisible();
    await shot(page, `product-petrov-${width}`);

    // The order's company follows the company in use: the add-position modal prices for ИП Петров too.
    await page.getByRole('link', { name: 'Добавить в заказ' }).click();
    const modal = page.getByTestId('add-position-modal');
    // The modal searches after its debounce, on a busy machine this can take a while.
    await expect(modal.getByText('Ваша цена: базовая', { exact: false })).toBeVisible({ timeout: 30_000 });
    await expect(modal.getByTestId('offer-own-price').first()).toBeVisible();
    const ownInModal = await modal.getByTestId('offer-own-price').first().textContent();
    const ownOnPage = (await apiGet<{ OFFERS: Array<{ PRICE: number }> }>(page, `${query}&PARTNER=${PETROV}`)).OFFERS[0];
    if (ownOnPage) expect(ownInModal).toBe(formatPrice(ownOnPage.PRICE));
    await shot(page, `add-position-petrov-${width}`, false);
  });

  test(`a contract's credit reads the same on the main page, the company page and the order page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const companies = await apiGet<Array<{ uid: string; storages: Array<CreditContract & { guid: string; name: string }> }>>(page, '/api/partners');
    const petrov = companies.find((company) => company.uid === PETROV)!;
    const today = moscowDay(Date.now());
    const rub = (kopecks: number) => formatPrice(fromKopecks(kopecks));
    const expected = petrov.storages.map((storage) => {
      const credit = contractCredit(storage, 0, today);
      return { guid: storage.guid, name: storage.name, debt: rub(credit.debt), overdue: rub(credit.overdue), available: rub(credit.available!) };
    });
    // The demo's ИП Петров: the FRO debt is above its limit and one of its documents is overdue.
    expect(expected[0]!.available.startsWith('-')).toBe(true);
    expect(expected[0]!.overdue).not.toBe('0.00 ₽');

    // Main page.
    await page.goto('/');
    const summary = page.locator(`[data-testid="company-summary"][data-uid="${PETROV}"]`);
    await expect(summary.getByText('Всё в порядке')).toHaveCount(0);
    for (const contract of expected) {
      const row = summary.locator(`[data-testid="contract-credit-row"][data-guid="${contract.guid}"]`);
      await expect(row.getByTestId('credit-debt')).toHaveText(contract.debt);
      await expect(row.getByTestId('credit-overdue')).toHaveText(contract.overdue);
      await expect(row.getByTestId('credit-available')).toHaveText(contract.available);
    }
    await expect(page.locator(`[data-testid="company-summary"][data-uid="${SPECSNAB}"]`).getByText('Всё в порядке')).toBeVisible();
    await shot(page, `main-${width}`);

    // Company page.
    await page.goto(`/company/${PETROV}`);
    for (const contract of expected) {
      const card = page.locator(`[data-testid="contract"][data-guid="${contract.guid}"]`);
      await expect(card.getByTestId('credit-debt')).toHaveText(contract.debt);
      await expect(card.getByTestId('credit-overdue')).toHaveText(contract.overdue);
      await expect(card.getByTestId('credit-available')).toHaveText(contract.available);
    }
    await expect(page.getByText('Замечаний нет')).toHaveCount(0);
    await expect(page.locator('[data-code="OVERDUE_DEBT"]')).toBeVisible();
    await shot(page, `company-${width}`);

    // Order page, an empty order for ИП Петров: the same figures; the debt is over the limit, the empty order is not.
    await page.goto('/order');
    await page.getByRole('combobox', { name: 'Компания', exact: true }).click();
    await page.getByRole('option', { name: 'ИП Петров Алексей Викторович' }).click();
    for (const contract of expected) {
      await page.getByRole('combobox', { name: 'Договор', exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${contract.name} · `) }).click();
      const figures = page.locator(`[data-testid="credit-figures"][data-guid="${contract.guid}"]`);
      await expect(figures.getByTestId('credit-debt')).toHaveText(contract.debt);
      if (contract.overdue !== '0.00 ₽') await expect(figures.getByTestId('credit-overdue')).toHaveText(contract.overdue);
      await expect(figures.getByTestId('credit-available')).toHaveText(contract.available);
      await expect(figures.getByTestId('credit-left')).toHaveText(contract.available);
      await expect(page.locator('[data-testid="credit-alert"][data-code="ORDER_OVER_LIMIT"]')).toHaveCount(0);
    }
    await page.getByRole('combobox', { name: 'Договор', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^${expected[0]!.name} · `) }).click();
    await expect(page.locator('[data-testid="credit-alert"][data-code="DEBT_OVER_LIMIT"]')).toBeVisible();
    await shot(page, `order-${width}`);
  });
}
