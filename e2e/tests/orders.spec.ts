import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

interface Offer {
  CHARACTERISTIC: string;
  RESIDUE: number;
}

/** A size of the product with stock, read from the live catalogue (other journeys may have taken some). */
async function sizeInStock(page: Page, article: string): Promise<Offer> {
  const response = await page.request.get(`/api/product/search?QUERY=${encodeURIComponent(article)}&OPTION=0`);
  expect(response.ok()).toBe(true);
  const offers = (await response.json()).response.OFFERS as Offer[];
  const offer = offers.find((candidate) => candidate.RESIDUE > 2);
  expect(offer, `${article} has a size in stock`).toBeDefined();
  return offer!;
}

async function addThroughModal(page: Page, article: string, size: string, count: number) {
  await page.getByTestId('order-page').getByRole('button', { name: 'Добавить товар' }).first().click();
  const modal = page.getByTestId('add-position-modal');
  await modal.getByLabel('Поиск товара для заказа').fill(article);
  const input = modal.getByLabel(`Количество ${size}`, { exact: true });
  await expect(input).toBeVisible();
  await input.fill(String(count));
  await modal.getByTestId('add-position-submit').click();
  await expect(modal).toBeHidden();
}

test('order journey: split above stock, draft, reload, use the draft, submit, history, invoice, edit', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const suit = await sizeInStock(page, 'КСТ-2');
  const jacket = await sizeInStock(page, 'КЗМ-2');

  await page.goto('/order');
  // One item above stock, one within it.
  await addThroughModal(page, 'КСТ-2', suit.CHARACTERISTIC, suit.RESIDUE + 2);
  await addThroughModal(page, 'КЗМ-2', jacket.CHARACTERISTIC, 1);
  const available = page.getByTestId('available-lines');
  const presale = page.getByTestId('presale-lines');
  await expect(available.getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC}`, { exact: true })).toHaveValue(String(suit.RESIDUE));
  await expect(presale.getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC} (предзаказ)`, { exact: true })).toHaveValue('2');
  await expect(available.getByLabel(`Количество КЗМ-2 ${jacket.CHARACTERISTIC}`, { exact: true })).toHaveValue('1');

  // Save a draft.
  await page.getByTestId('order-page').getByRole('button', { name: 'Черновики' }).click();
  const drafts = page.getByTestId('drafts-modal');
  await drafts.getByPlaceholder(/Название/).fill('E2E черновик');
  await drafts.getByTestId('save-draft').click();
  await expect(drafts.getByTestId('draft-row').filter({ hasText: 'E2E черновик' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('orders_drafts'))) ?? '[]')).toHaveLength(1);

  // Reload: the working order and the draft survive; clear the order, then continue from the draft.
  await page.reload();
  await expect(page.getByTestId('presale-lines')).toBeVisible();
  await page.getByTestId('order-page').getByRole('button', { name: 'Очистить' }).click();
  await page.getByRole('button', { name: 'Очистить', exact: true }).last().click();
  await expect(page.getByText('В заказе пока нет товаров')).toBeVisible();
  await page.getByTestId('order-page').getByRole('button', { name: 'Черновики' }).click();
  await page.getByTestId('drafts-modal').getByRole('button', { name: 'Использовать E2E черновик' }).click();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByTestId('presale-lines')).toBeVisible();

  // Submit: the order shows in /orders.
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/orders\?n=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('n'));
  const card = page.getByTestId(`order-${number}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Заказ № ${number}`);
  const log = JSON.parse((await page.evaluate(() => localStorage.getItem('logs'))) ?? '[]');
  expect(log.at(-1)).toMatchObject({ action: 'ORDER_ADD', outcome: 'ok', number });

  // Print the invoice: a PDF arrives.
  const downloading = page.waitForEvent('download');
  await card.getByTestId('print-invoice').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // Edit: the same number, one more jacket, the edit flag in the history.
  await card.getByRole('button', { name: `Действия с заказом ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { name: `Изменение заказа № ${number}` })).toBeVisible();
  await page.getByTestId('available-lines').getByRole('button', { name: `Увеличить: Количество КЗМ-2 ${jacket.CHARACTERISTIC}` }).click();
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?n=${number}$`));
  await expect(page.getByTestId(`order-${number}`)).toContainText('изменён');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('logs'))) ?? '[]').at(-1)).toMatchObject({ action: 'ORDER_EDIT', outcome: 'ok' });
});

test('quick order: a pasted list adds the good lines and reports the bad one', async ({ page }) => {
  await signIn(page);
  const jacket = await sizeInStock(page, 'КЗМ-2');
  await page.goto('/order');
  await page.getByRole('button', { name: 'Быстрый заказ' }).click();
  const modal = page.getByTestId('quick-order-modal');
  await modal.getByLabel('Список товаров').fill(`КЗМ-2 ${jacket.CHARACTERISTIC} 1\nНЕТ-0000 2`);
  await modal.getByTestId('quick-order-submit').click();
  const problems = modal.getByTestId('quick-order-problems');
  await expect(problems).toContainText('Строка 2 «НЕТ-0000 2»');
  await expect(problems).toContainText('не найден в каталоге');
  // Only the bad line stays to be corrected.
  await expect(modal.getByLabel('Список товаров')).toHaveValue('НЕТ-0000 2');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('available-lines').getByLabel(`Количество КЗМ-2 ${jacket.CHARACTERISTIC}`, { exact: true })).toHaveValue('1');
});

test('history: order names, no invoice on a cancelled order, bill requests only for a check in reserve', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/orders');
  const cards = page.getByTestId(/^order-\d+$/);
  // demo2's seeded history: «Склад Екатеринбург» shipped, the other one cancelled.
  const named = cards.filter({ has: page.getByTestId('order-name').filter({ hasText: 'Склад Екатеринбург' }) });
  await expect(named).toHaveCount(1);
  await expect(named.getByTestId('print-invoice')).toBeVisible();
  const cancelled = cards.filter({ hasText: 'Отменён' });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled.getByTestId('print-invoice')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Запросить счёт' })).toHaveCount(0);
});
