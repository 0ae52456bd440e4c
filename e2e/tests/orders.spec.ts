import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addThroughModal, expect, signIn, sizeInStock, test } from '../fixtures';

test('order journey: split above stock, draft, reload, use the draft, submit, history, invoice, edit', async ({ page }) => {
  test.slow();
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
  await page.getByRole('dialog', { name: 'Очистить заказ?' }).getByRole('button', { name: 'Очистить', exact: true }).click();
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
  // A minute, as every expectation here: waiting for a download has no limit of its own but the test's (15 min for a
  // slow one), and a click that started none held a CI run that long before its retry.
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
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
  // Found by its number: journeys running beside this one may have pushed it off the history's first page.
  await page.goto(`/orders?q=${number}`);
  await expect(page.getByTestId(`order-${number}`)).toContainText('изменён');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('logs'))) ?? '[]').at(-1)).toMatchObject({ action: 'ORDER_EDIT', outcome: 'ok' });
});

/** Kopecks of a shown amount: «12 345.50 ₽» (any spaces) → 1234550. */
const kopecksOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The invoices of an order as printed: each «Всего к оплате» in kopecks. */
async function invoiceTotals(page: Page, card: ReturnType<Page['getByTestId']>): Promise<number[]> {
  // A minute, as every expectation here: waiting for a download has no limit of its own but the test's (15 min for a
  // slow one), and a click that started none held a CI run that long before its retry.
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await card.getByTestId('print-invoice').click();
  const file = await (await downloading).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return [...text.matchAll(/Всего к оплате:\s+([\d ]+\.\d{2})/g)].map((match) => kopecksOf(match[1]!));
}

test('a split order, edited, invoiced: the same figures on the order page, in the history and on the invoices', async ({ page }) => {
  test.slow();
  await signIn(page);
  const suit = await sizeInStock(page, 'КСТ-2');
  await page.goto('/order');
  await addThroughModal(page, 'КСТ-2', suit.CHARACTERISTIC, suit.RESIDUE + 2);
  const available = page.getByTestId('available-lines');
  const stockRow = available.getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC}`, { exact: true });
  const preorderRow = page.getByTestId('presale-lines').getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC} (предзаказ)`, { exact: true });
  await expect(preorderRow).toHaveValue('2');

  // Typing 1 into the stock row means one in all: the pre-order goes, and the page says so.
  await stockRow.fill('1');
  await expect(stockRow).toHaveValue('1');
  await expect(page.getByTestId('presale-lines')).toHaveCount(0);
  await expect(page.getByText(/Всего 1 шт\.: в наличии 1, под заказ 0 \(предзаказ был 2 шт\.\)/)).toBeVisible();
  // More than the stock in the stock row: the rest goes to pre-order again.
  await stockRow.fill(String(suit.RESIDUE + 1));
  await expect(stockRow).toHaveValue(String(suit.RESIDUE));
  await expect(preorderRow).toHaveValue('1');

  // A carrier delivery, typed the Russian way; an exponent is refused with a message.
  await page.getByText('Другое (ТК)').click();
  const cost = page.getByLabel('Стоимость доставки');
  await cost.fill('1e5');
  await expect(page.getByText(/«1e5» — не сумма/)).toBeVisible();
  await cost.fill('1 234,5');
  await expect(page.getByTestId('order-page')).toContainText('+ 1\u202f234.50 ₽');
  const total = kopecksOf(await page.getByTestId('order-total').innerText());
  // The pre-order part is billed after it arrives: the invoices bill the rest (docs/decisions.md "Reservation said once").
  const presale = kopecksOf(await page.getByTestId('presale-total').innerText());
  expect(presale).toBeGreaterThan(0);

  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(/\/orders\?n=\d+/);
  const number = Number(new URL(page.url()).searchParams.get('n'));
  const card = page.getByTestId(`order-${number}`);
  await expect(card).toContainText(formatted(total));
  const invoices = await invoiceTotals(page, card);
  expect(invoices.reduce((sum, kopecks) => sum + kopecks, 0)).toBe(total - presale);

  // Edit: one more on pre-order; the order page, the history and the invoices move together.
  await card.getByRole('button', { name: `Действия с заказом ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Редактировать' }).click();
  await expect(page.getByRole('heading', { name: `Изменение заказа № ${number}` })).toBeVisible();
  expect(kopecksOf(await page.getByTestId('order-total').innerText())).toBe(total);
  await page.getByTestId('presale-lines').getByRole('button', { name: `Увеличить: Количество КСТ-2 ${suit.CHARACTERISTIC} (предзаказ)` }).click();
  await expect(page.getByTestId('presale-lines').getByLabel(`Количество КСТ-2 ${suit.CHARACTERISTIC} (предзаказ)`, { exact: true })).toHaveValue('2');
  const edited = kopecksOf(await page.getByTestId('order-total').innerText());
  const editedPresale = kopecksOf(await page.getByTestId('presale-total').innerText());
  expect(edited).toBeGreaterThan(total);
  await page.getByTestId('submit-order').click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?n=${number}$`));
  const editedCard = page.getByTestId(`order-${number}`);
  await expect(editedCard).toContainText(formatted(edited));
  const editedInvoices = await invoiceTotals(page, editedCard);
  expect(editedInvoices.reduce((sum, kopecks) => sum + kopecks, 0)).toBe(edited - editedPresale);
});

/** Kopecks as the portal shows them: «12 345.50 ₽». */
const formatted = (kopecks: number) => `${Math.floor(kopecks / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}.${String(kopecks % 100).padStart(2, '0')} ₽`;

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
