/**
 * The bell counts unread notifications and opens what they are about: the ERP changes a check's status through the
 * integration API, the bell shows 1, the message in the bar opens the order's page and the bell goes back to none.
 * The events go to a user of this test alone, at the company no other journey changes statuses of (ТехноЩит), with
 * order creation and change messages off, so no other journey's order moves the count.
 */
import { ORGANISATION } from '@portal/domain';
import { expect, signIn, socketReady, test } from '../fixtures';

const TECHNOSHIELD = 'c0a80001-0000-4000-8000-000000000003';

const SCREENS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const screen of SCREENS) {
  test(`${screen.name}: a check's new status shows on the bell as 1 unread, opens the order's page and is read`, async ({ page, request }) => {
    const erp = { 'x-api-key': process.env.E2E_INTEGRATION_KEY ?? '' };
    const login = `e2e-notif-${screen.name}`;

    const feed = await request.post('/api/integration/products', {
      headers: erp,
      data: [
        {
          uid: 'e2e-notif-product',
          article: 'E2E-NOTIF-001',
          name: 'Костюм для проверки колокольчика',
          price: 5000,
          price_opt: 4500,
          offers: [{ guid: 'e2e-notif-offer', characteristic: '48-50/170-176', residue: 100, price: 4500, org_guid: ORGANISATION.FRO }],
        },
      ],
    });
    expect((await feed.json()).response.applied).toBe(1);
    const created = await request.post('/api/integration/users', {
      headers: erp,
      data: [{ login, password: 'notif-1234', name: 'Проверка', lastname: 'Колокольчика', partners: [TECHNOSHIELD] }],
    });
    expect((await created.json()).response.applied).toBe(1);

    await page.setViewportSize(screen.viewport);
    await signIn(page, login, 'notif-1234');
    const token = await page.evaluate(() => localStorage.getItem('id_token'));
    const user = { authorization: `Bearer ${token}` };
    // Only status messages for this user: its own order's «создан» would be a second unread one.
    const settings = { order: { email: { changed: false, created: false, states: false }, lk: { changed: false, created: false, states: true } } };
    expect((await request.post('/api/user/settings/notifications/update', { headers: user, data: settings })).ok()).toBe(true);
    // A retry starts from none unread.
    expect((await request.post('/api/notifications/read-all', { headers: user })).ok()).toBe(true);

    const sent = await request.post('/api/order/add', {
      headers: user,
      data: {
        partner_id: TECHNOSHIELD,
        comment: 'Проверка колокольчика',
        position: [
          {
            guid: 'e2e-notif-product',
            characteristics: [{ guid: 'e2e-notif-offer', orgguid: ORGANISATION.FRO, quantity: 1, price: 4500, fullprice: 5000, discount: 0 }],
          },
        ],
      },
    });
    // Sent at the dealer price: the server's prices are confirmed, as in the dialog.
    const refused = sent.status() === 409 ? await sent.json() : undefined;
    const placed = refused?.error?.code === 'PRICES_CHANGED' ? await request.post('/api/order/add', { headers: user, data: refused.error.order }) : sent;
    expect(placed.status(), await placed.text()).toBe(200);
    const order: number = (await placed.json()).response.id;
    const list = (await (await request.get('/api/orders', { headers: user })).json()).response as Array<{ n: number; checks: Array<{ guid: string }> }>;
    const check = list.find((item) => item.n === order)!.checks[0]!;

    const ready = socketReady(page);
    await page.goto('/');
    await ready;
    const bell = page.getByRole('banner').getByRole('button', { name: /^Уведомления/ });
    await expect(bell).toHaveAccessibleName('Уведомления');

    // «Отгружен»: the order leaves the reserve, so no other journey's history of this company offers a bill for it.
    const changed = await request.post('/api/integration/checks', { headers: erp, data: [{ order, guid: check.guid, status: 3 }] });
    expect((await changed.json()).response.items[0].status).toBe('applied');
    await expect(bell).toHaveAccessibleName('Уведомления: 1 непрочитанное');

    // The popup shown and closed is not the message read: the bell still counts it.
    const popup = page.getByTestId('notification-popup').filter({ hasText: `Заказ № ${order}` });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Открыть' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`notifications-popup-${screen.viewport.width}.png`) });
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Уведомления: 1 непрочитанное');

    await bell.click();
    const bar = page.getByRole('dialog', { name: /Уведомления/ });
    const item = bar.getByTestId('notification-item').filter({ hasText: `Заказ № ${order}` });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(bar.getByTestId('notifications-unread')).toHaveText('непрочитанных: 1');
    await page.screenshot({ path: test.info().outputPath(`notifications-bell-open-${screen.viewport.width}.png`) });
    // Nothing of the open bar is wider than the screen.
    const overflow = await bar.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The routes the app navigates to, in order: the order's page is the first one after the click.
    await page.evaluate(() => {
      const visited: string[] = [];
      (window as unknown as { visited: string[] }).visited = visited;
      const push = history.pushState.bind(history);
      history.pushState = (state, unused, url) => {
        visited.push(String(url));
        push(state, unused, url);
      };
    });
    const opened = page.waitForResponse((response) => /\/api\/notifications\/\d+\/open$/.test(response.url()));
    await item.getByRole('button', { name: new RegExp(`^Открыть: Заказ № ${order}`) }).click();
    expect((await opened).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => (window as unknown as { visited: string[] }).visited[0])).toBe(`/orders/${order}`);
    expect((await (await request.get('/api/notifications/unread', { headers: user })).json()).response).toEqual({ unread: 0 });
    // The order's own page is shown, and the bell has no count left.
    await expect(page).toHaveURL(new RegExp(`/orders/${order}$`));
    await expect(page.getByTestId('order-detail-page').getByRole('heading', { level: 1, name: `Заказ № ${order}` })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Уведомления');
    await page.screenshot({ path: test.info().outputPath(`notifications-order-page-${screen.viewport.width}.png`) });

    // Back in the portal (any page, a reload included) the bell counts none, and the message stays in the bar as read.
    await page.goto('/');
    await expect(bell).toHaveAccessibleName('Уведомления');
    await bell.click();
    const readItem = page.getByRole('dialog', { name: /Уведомления/ }).getByTestId('notification-item').filter({ hasText: `Заказ № ${order}` });
    await expect(readItem).toBeVisible();
    await expect(readItem).not.toHaveAttribute('data-unread');
    await expect(page.getByRole('button', { name: 'Отметить все прочитанными' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`notifications-read-${screen.viewport.width}.png`) });
  });
}
