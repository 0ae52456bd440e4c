/**
 * Every screen on a phone (360×740) and on a desktop (1440×900): the page never scrolls sideways, the screen's main
 * action is on screen in full, and nothing is logged as an error (CSP violations included). With SCREENSHOT_DIR set,
 * each screen is also saved there to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, sizeInStock, test } from '../fixtures';

interface Screen {
  path: string;
  mainAction: (page: Page) => Locator;
}

const button = (name: string | RegExp) => (page: Page) => page.locator('main').getByRole('button', { name }).first();
const link = (name: string | RegExp) => (page: Page) => page.locator('main').getByRole('link', { name }).first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

const PUBLIC: Screen[] = [
  { path: '/login', mainAction: (page) => page.getByRole('button', { name: 'Войти' }) },
  { path: '/blocked', mainAction: (page) => page.getByRole('link', { name: /вход/i }) },
  { path: '/404', mainAction: (page) => page.getByRole('link', { name: /главн/i }) },
];

const SIGNED_IN: Screen[] = [
  { path: '/', mainAction: link('Подробнее о компании') },
  { path: '/catalog/catalog', mainAction: link('Спецобувь') },
  { path: '/catalog/catalog/obuv', mainAction: (page) => page.locator('main a[href^="/product/"]').first() },
  { path: '/catalog/interactive', mainAction: link('Каски') },
  { path: '/catalog/season-sale', mainAction: (page) => page.locator('main a[href^="/product/"]').first() },
  { path: '/company', mainAction: heading },
  { path: '/product/КСТ105А', mainAction: link('Добавить в заказ') },
  { path: '/certificate/КСТ105А', mainAction: button('Скачать PDF') },
  { path: '/order', mainAction: button('Добавить товар') },
  { path: '/orders', mainAction: button('Обновить') },
  { path: '/shipments', mainAction: link('Заявка на отгрузку') },
  { path: '/shipments/request', mainAction: button('Отправить заявку') },
  { path: '/shipments/address', mainAction: button('Добавить') },
  { path: '/claims', mainAction: link('Новая рекламация') },
  { path: '/claims/request', mainAction: button('Отправить рекламацию') },
  { path: '/help', mainAction: heading },
  { path: '/profile', mainAction: button('Сохранить') },
  { path: '/kp', mainAction: button('Далее') },
  { path: '/logo', mainAction: button('Скачать PNG') },
];

const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1440, height: 900 },
];

/** How far the document reaches past the viewport's right edge, in CSS pixels (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

async function checkScreen(page: Page, screen: Screen, viewport: (typeof VIEWPORTS)[number], errors: string[]) {
  await page.goto(screen.path);
  const action = screen.mainAction(page);
  await expect(action, `${screen.path}: main action`).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await sidewaysOverflow(page), `${screen.path} at ${viewport.width} px scrolls sideways by`).toBeLessThanOrEqual(0);
  await action.scrollIntoViewIfNeeded();
  await expect(action, `${screen.path}: main action on screen`).toBeInViewport();
  // Not cut off at either side (a card taller than a phone's screen may still run past its bottom).
  const box = (await action.boundingBox())!;
  expect(box.x, `${screen.path}: main action's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${screen.path}: main action's right edge`).toBeLessThanOrEqual(viewport.width);
  expect(errors, `${screen.path}: console errors`).toEqual([]);
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const name = screen.path === '/' ? 'home' : screen.path.slice(1).replace(/[/]/g, '_');
    await page.screenshot({ path: path.join(dir, `${viewport.width}-${name}.png`), fullPage: true });
  }
}

/** Console errors and uncaught exceptions of the page, in one list the test can assert empty. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens fit and show their main action', async ({ page }) => {
      const errors = watchErrors(page);
      for (const screen of PUBLIC) await checkScreen(page, screen, viewport, errors);
    });

    test('signed-in screens fit and show their main action', async ({ page }) => {
      test.slow();
      const errors = watchErrors(page);
      await signIn(page);
      for (const screen of SIGNED_IN) await checkScreen(page, screen, viewport, errors);
    });
  });
}

/** Every cell of the table's header row lies inside the viewport, and the table needs no sideways scrolling. */
async function expectAllColumnsVisible(page: Page, table: Locator, width: number) {
  const frame = table.locator('xpath=..');
  const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, `order table at ${width} px scrolls sideways by`).toBeLessThanOrEqual(0);
  const headers = table.locator('thead th');
  expect(await headers.count()).toBeGreaterThan(5);
  for (const header of await headers.all()) {
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `column «${await header.textContent()}» at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/** A desk's line: the article, the product's whole name (wrapping, never cut), the size and each amount on one line. */
async function expectLineReadable(row: Locator, width: number) {
  await expect(row.getByText('КСТ105А', { exact: true })).toBeVisible();
  const name = row.getByTestId('line-name');
  await expect(name).toHaveText(/Костюм рабочий летний «Стандарт» с СОП/);
  const clipped = await name.evaluate((element) => element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
  expect(clipped, `the name at ${width} px is cut`).toBe(false);
  expect((await name.boundingBox())!.width, `the name's column at ${width} px`).toBeGreaterThanOrEqual(140);
  for (const testId of ['line-size', 'line-price', 'line-sum']) {
    const cell = row.getByTestId(testId);
    const lineHeight = await cell.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await cell.boundingBox())!.height, `${testId} at ${width} px stands on one line`).toBeLessThan(lineHeight * 1.5);
  }
}

test('the working order: every column at 1440 and 1280 px, cards with their quantity fields at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const size = (await sizeInStock(page, 'КСТ105А')).CHARACTERISTIC;
  await page.goto('/order');

  // The add-position modal on a phone: each size is a card with its quantity field in it, inside the screen.
  await page.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first().click();
  const modal = page.getByTestId('add-position-modal');
  await modal.getByLabel('Поиск товара для заказа').fill('КСТ105А');
  const quantity = modal.getByLabel(`Количество ${size}`, { exact: true });
  await expect(quantity).toBeVisible();
  const sizeCard = modal.getByTestId(`offer-${size}`);
  const [cardBox, quantityBox] = [(await sizeCard.boundingBox())!, (await quantity.boundingBox())!];
  expect(quantityBox.x + quantityBox.width).toBeLessThanOrEqual(360);
  expect(quantityBox.y).toBeGreaterThanOrEqual(cardBox.y);
  expect(quantityBox.y + quantityBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
  await quantity.fill('2');
  await expect(quantity).toBeInViewport();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, '360-add-position.png') });
  await modal.getByTestId('add-position-submit').click();
  await expect(modal).toBeHidden();

  // The order's lines on a phone: a card per line, its quantity field and remove button on screen.
  const lines = page.getByTestId('available-lines');
  const lineQuantity = lines.getByLabel(`Количество КСТ105А ${size}`, { exact: true });
  await expect(lineQuantity).toHaveValue('2');
  await lineQuantity.scrollIntoViewIfNeeded();
  await expect(lineQuantity).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expect(lines.locator('thead')).toBeHidden();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, '360-order-lines.png'), fullPage: true });

  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(lines.locator('thead')).toBeVisible();
    await expectAllColumnsVisible(page, lines, width);
    await expectLineReadable(lines.getByTestId(`line-КСТ105А-${size}`), width);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${width}-order-lines.png`), fullPage: true });
  }
});

/** The open dialog needs no sideways scrolling: no element of it reaches past either edge of the viewport. */
async function expectDialogFits(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const worst = await dialog.evaluate((root) => {
    let found = { overflow: 0, what: '' };
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const overflow = Math.max(box.right - window.innerWidth, -box.left);
      if (overflow > found.overflow) found = { overflow, what: `${element.tagName} «${(element.textContent ?? '').slice(0, 40)}»` };
    }
    return found;
  });
  expect(worst.overflow, `${name}: ${worst.what} reaches past the viewport by`).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${page.viewportSize()!.width}-dialog-${name}.png`) });
}

test('the order flow on a phone: every dialog fits 360 px, «К оплате» and «Отправить заказ» stay in reach at 390 px', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const offer = await sizeInStock(page, 'КСТ105А');
  const size = offer.CHARACTERISTIC;

  // The size grid, from the product page, whose name, prices and add action come before the pictures.
  await page.goto('/product/КСТ105А');
  const addToOrder = page.locator('main').getByRole('link', { name: 'Добавить в заказ' });
  await expect(addToOrder).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('user-price')).toBeInViewport({ ratio: 1 });
  await page.locator('main').getByRole('button', { name: 'Размерная сетка' }).click();
  await expect(page.getByRole('dialog').getByLabel(`Количество, размер ${size}`)).toBeVisible();
  await expectDialogFits(page, 'size-grid');
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The add-position dialog with more than the stock: «+20 предзаказ» reads as words, not a letter per line.
  await page.goto('/order');
  await page.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first().click();
  const modal = page.getByTestId('add-position-modal');
  await modal.getByLabel('Поиск товара для заказа').fill('КСТ105А');
  await modal.getByLabel(`Количество ${size}`, { exact: true }).fill(String(offer.RESIDUE + 20));
  const presale = modal.getByTestId(`offer-${size}`).getByText('+20 предзаказ');
  await expect(presale).toBeVisible();
  const badge = (await presale.boundingBox())!;
  expect(badge.height, 'the pre-order badge stands on at most two lines').toBeLessThan(40);
  expect(badge.width, 'the pre-order badge is wider than a letter').toBeGreaterThan(60);
  await expectDialogFits(page, 'add-position');
  await modal.getByTestId('add-position-submit').click();
  await expect(modal).toBeHidden();

  // The drafts dialog with a draft in it: «Использовать» inside the screen.
  await page.getByTestId('order-page').getByRole('button', { name: 'Черновики' }).click();
  const drafts = page.getByTestId('drafts-modal');
  await drafts.getByLabel('Сохранить текущий заказ как черновик').fill('Весна, склад Тверь');
  await drafts.getByTestId('save-draft').click();
  await expect(drafts.getByTestId('draft-row')).toHaveCount(1);
  await expect(drafts.getByRole('button', { name: 'Использовать Весна, склад Тверь' })).toBeInViewport({ ratio: 1 });
  await expectDialogFits(page, 'drafts');

  // The proposal's step 2 from the draft: each size's prices and sum inside the screen.
  await drafts.getByRole('button', { name: 'КП из Весна, склад Тверь' }).click();
  await expect(page.getByTestId('kp-step-2')).toBeVisible();
  expect(await sidewaysOverflow(page), '/kp step 2 scrolls sideways by').toBeLessThanOrEqual(0);
  for (const cell of await page.getByTestId('kp-result-price').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, 'a proposal price').toBeLessThanOrEqual(360);
  }
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, '360-kp-step-2.png'), fullPage: true });

  // The order at 390 px: the sum to pay and the send button are on screen at its top and wherever it is scrolled to.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/order');
  const total = page.getByTestId('order-total');
  const send = page.getByTestId('submit-order');
  for (const where of ['top', 'delivery', 'bottom'] as const) {
    if (where === 'delivery') await page.getByRole('heading', { name: 'Доставка' }).scrollIntoViewIfNeeded();
    if (where === 'bottom') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(total, `«К оплате» at the ${where}`).toBeInViewport({ ratio: 1 });
    await expect(send, `«Отправить заказ» at the ${where}`).toBeInViewport({ ratio: 1 });
    await expect(send).toBeEnabled();
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, '390-order-pay-bar.png') });
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
]) {
  test(`the team's dialogs fit ${viewport.width} px: invitation, role and limit, blocking, removal`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/companies/c0a80001-0000-4000-8000-000000000001/team');
    const buyer = page.getByTestId('team-table').locator('[data-login="buyer"]');
    await expect(buyer).toContainText('Закупщик');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${viewport.width}-team-page.png`), fullPage: true });

    await page.getByRole('button', { name: 'Пригласить' }).click();
    await expect(page.getByRole('dialog', { name: 'Пригласить сотрудника' })).toBeVisible();
    await expectDialogFits(page, 'team-invite');
    await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // Each of the colleague's actions, then «Отмена»: nothing changes.
    for (const [item, name] of [
      ['Роль и лимит', 'team-role'],
      ['Заблокировать', 'team-block'],
      ['Удалить из компании', 'team-remove'],
    ] as const) {
      await buyer.getByRole('button', { name: /^Действия:/ }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await expectDialogFits(page, name);
      await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await expect(buyer).toContainText('Закупщик');
  });
}
