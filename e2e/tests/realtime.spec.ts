/**
 * Realtime journey: the ERP changes a check's status through the integration API; the signed-in dealer sees a popup
 * within a second and the order history shows the new status without a reload.
 */
import { ORGANISATION } from '@portal/domain';
import { expect, pauseClock, signIn, socketReady, test } from '../fixtures';

const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';

test('a check status changed through the integration API pops up at once and shows in the order list', async ({ page, request }) => {
  const erp = { 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' };

  // A product in stock, fed the way the ERP feeds the catalogue.
  const feed = await request.post('/api/integration/products', {
    headers: erp,
    data: [
      {
        uid: 'e2e-realtime-product',
        article: 'E2E-RT-001',
        name: 'Костюм для проверки уведомлений',
        price: 5000,
        price_opt: 4500,
        offers: [{ guid: 'e2e-realtime-offer', characteristic: '48-50/170-176', residue: 100, price: 4500, org_guid: ORGANISATION.FRO }],
      },
    ],
  });
  expect((await feed.json()).response.applied).toBe(1);

  // Playwright's clock runs as usual until the test stops it (below).
  await page.clock.install();
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const dealer = { authorization: `Bearer ${token}` };
  const sent = await request.post('/api/order/add', {
    headers: dealer,
    data: {
      partner_id: SPECSNAB,
      comment: 'Проверка уведомлений',
      position: [
        {
          guid: 'e2e-realtime-product',
          characteristics: [{ guid: 'e2e-realtime-offer', orgguid: ORGANISATION.FRO, quantity: 2, price: 4500, fullprice: 5000, discount: 0 }],
        },
      ],
    },
  });
  // Sent at the dealer price without the contract's discount: the server's prices are confirmed, as in the dialog.
  const refused = sent.status() === 409 ? await sent.json() : undefined;
  const placed = refused?.error?.code === 'PRICES_CHANGED' ? await request.post('/api/order/add', { headers: dealer, data: refused.error.order }) : sent;
  expect(placed.status(), await placed.text()).toBe(200);
  const order: number = (await placed.json()).response.id;
  const list = (await (await request.get('/api/orders', { headers: dealer })).json()).response as Array<{
    n: number;
    checks: Array<{ guid: string; status_name: string }>;
  }>;
  const check = list.find((item) => item.n === order)!.checks[0]!;

  // Open the history and wait until the socket has been accepted.
  const ready = socketReady(page);
  await page.goto('/orders');
  await ready;
  const card = page.getByTestId(`order-${order}`);
  await expect(card).toBeVisible();
  await expect(card.getByText(check.status_name, { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Отгружен', { exact: true })).toHaveCount(0);

  const changed = await request.post('/api/integration/checks', { headers: erp, data: [{ order, guid: check.guid, status: 3 }] });
  expect((await changed.json()).response.items[0].status).toBe('applied');

  const popup = page.getByTestId('notification-popup').filter({ hasText: `Заказ № ${order}` });
  await expect(popup).toBeVisible();
  // The popup closes itself after POPUP_AUTO_CLOSE_MS: the page's clock stands still while the test reads and closes
  // it, so a busy machine cannot let it go first.
  await pauseClock(page);
  await expect(popup).toContainText('статус изменился на «Отгружен»');
  const markedRead = page.waitForResponse((response) => /\/api\/notifications\/\d+\/read$/.test(response.url()));
  await popup.getByRole('button', { name: 'Закрыть' }).click();
  await page.clock.resume();
  expect((await markedRead).status()).toBe(200);
  // The history reloaded itself: the check's new status, and the order's badge says it is shipped (its reserve is over).
  await expect(card.locator('[data-testid^="check-"]').getByText('Отгружен', { exact: true })).toBeVisible();
  await expect(card.getByTestId('order-reservation')).toHaveText('Отгружен');

  // After a reload the status holds and the message is in the notifications bar, not popping up again.
  await page.reload();
  await expect(page.getByTestId(`order-${order}`).getByTestId('order-reservation')).toHaveText('Отгружен');
  await page.getByRole('button', { name: /Уведомления/ }).first().click();
  // The order's own «Заказ № N создан» is in the bar too (order.lk.created): this is the status message.
  await expect(page.getByTestId('notification-item').filter({ hasText: `Заказ № ${order}` }).filter({ hasText: 'Отгружен' })).toBeVisible();
  await expect(page.getByTestId('notification-popup')).toHaveCount(0);
});
