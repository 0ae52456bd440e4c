/**
 * The order detail page and the history's search, filters and pages, at the desk and on a phone: a dealer finds an
 * order in the history, opens it, sees its lines split into stock and pre-order, its checks and timeline, downloads a
 * document the ERP sent (a PDF), filters the history by status, company and month, and pages on.
 */
import { readFileSync } from 'node:fs';
import { ORGANISATION } from '@portal/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const erp = () => ({ 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' });

/** A minimal PDF, as the ERP would send a document (the portal checks it is a PDF, not its layout). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Places an order through the API at the server's prices (confirmed after its 409, as in the dialog). */
async function placeOrder(request: APIRequestContext, dealer: Record<string, string>, product: string, quantity: number, comment: string): Promise<number> {
  const data = {
    partner_id: SPECSNAB,
    comment,
    position: [{ guid: product, characteristics: [{ guid: `${product}-offer`, orgguid: ORGANISATION.FRO, quantity, price: 1, fullprice: 1, discount: 0 }] }],
  };
  const sent = await request.post('/api/order/add', { headers: dealer, data });
  const refused = sent.status() === 409 ? await sent.json() : undefined;
  const placed = refused?.error?.code === 'PRICES_CHANGED' ? await request.post('/api/order/add', { headers: dealer, data: refused.error.order }) : sent;
  expect(placed.status(), await placed.text()).toBe(200);
  return (await placed.json()).response.id;
}

async function dealerHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  return { authorization: `Bearer ${token}` };
}

for (const screen of [
  { name: 'desk', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`order detail and history at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('open an order from the history, see its lines, split and timeline, download a document; search, filter and page the history', async ({ page, request }, info) => {
      test.slow();
      const tag = `${screen.name}-${info.parallelIndex}-${Date.now().toString(36)}`;
      const product = `e2e-detail-${tag}`;
      // 4 in stock: an order of 6 is split into 4 reserved and 2 on pre-order.
      const feed = await request.post('/api/integration/products', {
        headers: erp(),
        data: [
          {
            uid: product,
            article: `E2E-DT-${tag}`.toUpperCase(),
            name: 'Костюм для проверки карточки заказа',
            price: 5000,
            price_opt: 4500,
            offers: [{ guid: `${product}-offer`, characteristic: '48-50/170-176', residue: 4, price: 4500, org_guid: ORGANISATION.FRO }],
          },
        ],
      });
      expect((await feed.json()).response.applied).toBe(1);

      await signIn(page);
      const dealer = await dealerHeaders(page);
      const comment = `Карточка ${tag}`;
      const n = await placeOrder(request, dealer, product, 6, comment);
      // The ERP sends the check's УПД as a file.
      const order = (await (await request.get(`/api/orders/${n}`, { headers: dealer })).json()).response;
      const upload = await request.post('/api/integration/order-files', {
        headers: erp(),
        data: [{ order: n, guid: order.checks[0].guid, kind: 'upd', number: `У-${n}`, date: '2026-11-20', content: PDF.toString('base64') }],
      });
      expect((await upload.json()).response.applied).toBe(1);

      // Found in the history by its comment, opened from its card.
      await page.goto('/orders');
      await page.getByTestId('orders-search').fill(comment);
      await page.getByTestId('orders-search').press('Enter');
      const card = page.getByTestId(`order-${n}`);
      await expect(card).toBeVisible();
      await expect(page.locator('[data-order-card]')).toHaveCount(1);
      await page.screenshot({ path: `test-results/order-history-search-${screen.width}.png`, fullPage: false });
      await card.getByTestId('order-open').click();
      await expect(page).toHaveURL(new RegExp(`/orders/${n}$`));

      const detail = page.getByTestId('order-detail-page');
      await expect(detail.getByRole('heading', { name: `Заказ № ${n}` })).toBeVisible();
      await expect(detail.getByTestId('order-lines-stock')).toContainText('48-50/170-176');
      await expect(detail.getByTestId('order-lines-stock')).toContainText('4');
      await expect(detail.getByTestId('order-lines-preorder')).toContainText('2');
      await expect(detail.getByTestId('order-comment')).toHaveText(comment);
      const timeline = detail.getByTestId('order-timeline');
      await expect(timeline).toContainText('Заказ оформлен');
      await expect(timeline).toContainText('готов документ «УПД»');
      for (const action of ['Редактировать', 'Создать на основе', 'Сертификаты', 'Рекламация']) {
        await expect(detail.getByTestId('order-actions').getByRole('button', { name: action })).toBeVisible();
      }
      await page.screenshot({ path: `test-results/order-detail-${screen.width}.png`, fullPage: true });
      // Nothing of the page is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screen.width);

      const downloading = page.waitForEvent('download');
      await detail.getByTestId('document-upd').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^УПД У-\d+ от 2026-11-20, заказ \d+\.pdf$/);
      expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Back in the history: a status, a company and a month narrow it; every card shown matches.
      await page.goto('/orders');
      // Journeys beside this one add and reject approvals of the same company, whose cards above the filters may move
      // the field while its list is open (the list then hides with its field): open it again until the choice lands.
      const choose = async (field: string, option: string | RegExp) =>
        expect(async () => {
          await page.getByTestId(field).click();
          await page.getByRole('option', { name: option }).click({ timeout: 10_000 });
        }).toPass();
      await choose('orders-status', 'Отгружен');
      await expect(page).toHaveURL(/status=3/);
      const cards = page.locator('[data-order-card]');
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasNotText: 'Отгружен' })).toHaveCount(0);
      await choose('orders-company', /СпецСнаб/);
      await expect(page).toHaveURL(/company=/);
      // The demo's shipped orders of СпецСнаб were placed in January 2026.
      await page.getByTestId('orders-month').click();
      await page.getByRole('button', { name: /^янв/i }).click();
      await expect(page).toHaveURL(/month=2026-01/);
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasNotText: /\.01\.2026 · ООО «СпецСнаб»/ })).toHaveCount(0);
      await page.screenshot({ path: `test-results/order-history-filters-${screen.width}.png`, fullPage: false });

      // Pages: 21 more orders with one tag make two pages of the search.
      const many = `Страницы ${tag}`;
      for (let i = 0; i < 21; i += 1) await placeOrder(request, dealer, product, 1, many);
      await page.goto(`/orders?q=${encodeURIComponent(many)}`);
      const paged = page.locator('[data-order-card]');
      await expect(paged).toHaveCount(20);
      await page.getByTestId('orders-more').scrollIntoViewIfNeeded();
      await page.getByTestId('orders-more').click();
      await expect(paged).toHaveCount(21);
      await expect(page.getByTestId('orders-more')).toHaveCount(0);
      await page.screenshot({ path: `test-results/order-history-pages-${screen.width}.png`, fullPage: false });

      // The mails' link to an order keeps working.
      await page.goto(`/orders?n=${n}`);
      await expect(page.getByTestId('order-link-notice').or(page.getByTestId(`order-${n}`))).toBeVisible();
    });
  });
}
