import { expect, signIn, test } from '../fixtures';

const PETROV = 'c0a80001-0000-4000-8000-000000000002';
const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';

test('the main page shows the companies, the news and the cases carousel turning both ways', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);

  const companies = page.getByTestId('company-summary');
  await expect(companies).toHaveCount(2);
  await expect(companies.nth(0).getByRole('link', { name: 'ООО «СпецСнаб»' })).toBeVisible();
  await expect(companies.nth(1).getByRole('link', { name: 'ИП Петров Алексей Викторович' })).toBeVisible();
  await expect(companies.nth(1)).toContainText('--.--.----');

  await expect(page.getByTestId('news-item').first()).toContainText('Новая коллекция зимних костюмов «Арктика-Про»');

  const carousel = page.getByTestId('cases-carousel');
  const current = page.getByTestId('cases-current');
  await expect(current).toHaveText(/^1 из 5: /);
  await carousel.getByRole('button', { name: 'Следующий кейс' }).click();
  await expect(current).toHaveText('2 из 5: Единая форма для сети гипермаркетов');
  await carousel.getByRole('button', { name: 'Следующий кейс' }).click();
  await expect(current).toHaveText(/^3 из 5: /);
  await carousel.getByRole('button', { name: 'Предыдущий кейс' }).click();
  await expect(current).toHaveText(/^2 из 5: /);
  await carousel.getByRole('button', { name: 'Предыдущий кейс' }).click();
  await carousel.getByRole('button', { name: 'Предыдущий кейс' }).click();
  // It loops: before the first comes the last.
  await expect(current).toHaveText(/^5 из 5: /);
});

test('a company page shows its warnings, current discount and manager', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('company-summary').nth(1).getByRole('link', { name: 'ИП Петров Алексей Викторович' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${PETROV}$`));

  const warnings = page.getByTestId('partner-warning');
  await expect(warnings).toHaveCount(4);
  await expect(warnings.nth(0)).toHaveAttribute('data-code', 'UNDATED_DEBT');
  await expect(warnings.nth(0)).toContainText('задолженность 57 800.00 ₽ при отсрочке 14 дн.');
  await expect(warnings.nth(1)).toHaveAttribute('data-code', 'OVERDUE_DEBT');
  await expect(warnings.nth(2)).toHaveAttribute('data-code', 'DEBT_OVER_LIMIT');
  await expect(warnings.nth(3)).toHaveAttribute('data-code', 'UNEQUAL_DISCOUNTS');
  await expect(warnings.nth(3)).toContainText('ФРО — 5 %, ЭС — 7 %');
  await expect(page.getByTestId('current-discount-value')).toHaveText('7 %');
  await expect(page.getByTestId('contract-date').first()).toHaveText('--.--.----');
  await expect(page.getByTestId('manager-name')).toHaveText('Кузнецов Дмитрий Олегович');
  await expect(page.getByTestId('manager-card').getByRole('link', { name: 'd.kuznetsov@example.ru' })).toHaveAttribute('href', 'mailto:d.kuznetsov@example.ru');
  await expect(page.getByTestId('company-requisites')).toContainText('500100732259');

  // The other company, picked with the chooser, is clean.
  await page.getByTestId('company-page').getByText('ООО «СпецСнаб»', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${SPECSNAB}$`));
  await expect(page.getByTestId('company-name')).toHaveText('ООО «СпецСнаб»');
  await expect(page.getByTestId('partner-warning')).toHaveCount(0);
  await expect(page.getByTestId('manager-name')).toHaveText('Смирнова Анна Сергеевна');
  await expect(page.getByTestId('current-discount-value')).toHaveText('12 %');
});

test('without an id the first company opens; another user cannot open it', async ({ page }) => {
  await signIn(page);
  await page.goto('/company');
  await expect(page.getByTestId('company-name')).toHaveText('ООО «СпецСнаб»');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'demo2');
  await page.goto(`/company/${PETROV}`);
  await expect(page.getByRole('heading', { name: 'Компания не найдена' })).toBeVisible();
  await expect(page.getByText('57 800')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'АО «ТехноЩит»' })).toBeVisible();
});
