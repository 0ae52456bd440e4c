/**
 * No silent repricing, as a dealer meets it: switching the company on /order reprices every line for it before
 * anything is sent, and a price changed on the server between display and send opens a confirmation with the old
 * and the new figures; confirmed, the order is stored at the new prices — at 1440 px and on a 390 px phone.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ORGANISATION, discountedKopecks, formatPrice, fromKopecks, toKopecks } from '@portal/domain';
import { addThroughModal, expect, signIn, test } from '../fixtures';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const PETROV_NAME = 'ИП Петров Алексей Викторович';
const SPECSNAB_NAME = 'ООО «СпецСнаб»';
const SHOTS = process.env.E2E_SHOTS_DIR;
const SIZE = '50-52/182-188';

const shot = async (page: Page, name: string, fullPage = true) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
};

/** Feeds a product with one offer the way the ERP does; answers nothing, the catalogue has it at once. */
async function feedProduct(request: APIRequestContext, article: string, dealerPrice: number) {
  const response = await request.post('/api/integration/products', {
    headers: { 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' },
    data: [
      {
        uid: `uid-${article}`,
        article,
        name: `Костюм для проверки цен ${article}`,
        price: 6000,
        price_opt: dealerPrice,
        offers: [{ guid: `offer-${article}`, characteristic: SIZE, residue: 100, price: dealerPrice, org_guid: ORGANISATION.FRO }],
      },
    ],
  });
  expect((await response.json()).response.applied).toBe(1);
}

async function token(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('id_token'))}` };
}

/** What `units` of the article cost the company, by the server's own answers: its offer price and contract discount. */
async function expectedTotal(page: Page, article: string, partner: string, units: number): Promise<string> {
  const headers = await token(page);
  const found = await (await page.request.get(`/api/product/search?QUERY=${article}&OPTION=0&PARTNER=${partner}`, { headers })).json();
  const companies = (await (await page.request.get('/api/partners', { headers })).json()).response as Array<{ uid: string; storages: Array<{ guid: string; discount: number }> }>;
  const discount = companies.find((company) => company.uid === partner)!.storages.find((storage) => storage.guid === ORGANISATION.FRO)!.discount;
  return formatPrice(fromKopecks(discountedKopecks(toKopecks(found.response.OFFERS[0].PRICE), discount) * units));
}

async function chooseCompany(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Компания', exact: true }).click();
  await page.getByRole('option', { name }).click();
}

/** The stored order's total, as the history's detail answers it. */
async function storedTotal(page: Page, number: number): Promise<string> {
  const detail = await (await page.request.get(`/api/user/order/${number}`, { headers: await token(page) })).json();
  return formatPrice(detail.response.total);
}

const orderNumber = (page: Page) => Number(new URL(page.url()).searchParams.get('n'));

test.describe.configure({ timeout: 180_000 });

for (const width of [1440, 390]) {
  test(`switching the company on /order reprices every line for it before sending (${width} px)`, async ({ page, request }) => {
    const article = `E2E-CO-${width}`;
    await feedProduct(request, article, 4000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/order');
    await chooseCompany(page, SPECSNAB_NAME);
    await addThroughModal(page, article, SIZE, 3);
    const total = page.getByTestId('order-total');
    await expect(total).toHaveText(await expectedTotal(page, article, SPECSNAB, 3));

    // ИП Петров buys at base prices with another discount: «К оплате» changes before anything is sent.
    const petrov = (await (await page.request.get('/api/partners', { headers: await token(page) })).json()).response.find((c: { name: string; uid: string }) => c.name.includes('Петров')).uid as string;
    const forPetrov = await expectedTotal(page, article, petrov, 3);
    await chooseCompany(page, PETROV_NAME);
    await expect(total).toHaveText(forPetrov);
    await expect(page.getByTestId('order-repricing')).toHaveCount(0);
    await shot(page, `order-after-company-switch-${width}`);
    if (width === 390) {
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, 'order-after-company-switch-360');
    }

    // Sent as shown: no confirmation, stored at the figure the page showed.
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/orders\?n=\d+/);
    expect(await storedTotal(page, orderNumber(page))).toBe(forPetrov);
  });

  test(`a price changed on the server between display and send asks to confirm the new figures (${width} px)`, async ({ page, request }) => {
    const article = `E2E-PR-${width}`;
    await feedProduct(request, article, 4000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/order');
    await chooseCompany(page, SPECSNAB_NAME);
    await addThroughModal(page, article, SIZE, 2);
    const shown = await expectedTotal(page, article, SPECSNAB, 2);
    await expect(page.getByTestId('order-total')).toHaveText(shown);
    await shot(page, `order-before-send-${width}`);

    // The ERP raises the price while the dealer looks at the order.
    await feedProduct(request, article, 4400);
    const charged = await expectedTotal(page, article, SPECSNAB, 2);
    expect(charged).not.toBe(shown);

    await page.getByTestId('submit-order').click();
    const dialog = page.getByRole('dialog', { name: 'Цены изменились' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('prices-changed-old-total')).toHaveText(shown);
    await expect(dialog.getByTestId('prices-changed-new-total')).toHaveText(charged);
    await expect(dialog.getByTestId('price-change')).toContainText(`${article} (${SIZE})`);
    await shot(page, `prices-changed-${width}`, false);
    if (width === 390) {
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, 'prices-changed-360', false);
    }

    await dialog.getByTestId('confirm-new-prices').click();
    await expect(page).toHaveURL(/\/orders\?n=\d+/);
    expect(await storedTotal(page, orderNumber(page))).toBe(charged);
    if (width === 390) {
      await page.goto('/order');
      await shot(page, 'order-empty-360');
    }
  });
}
