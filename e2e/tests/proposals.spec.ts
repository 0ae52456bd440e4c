/**
 * The commercial proposal journey: a proposal started from a draft (drafts modal → /kp at step 2), a discount, the
 * customer found by INN, a logo and a banner uploaded and picked in the carousels, then the PDF and the Word file
 * downloaded: both open and hold the positions. Also the logo mock-up's PNG.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';


const svg = (body: string, width: number, height: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
const LOGO_A = svg('<rect x="4" y="4" width="112" height="52" rx="12" fill="#e8590c"/><circle cx="30" cy="30" r="14" fill="#fff"/>', 120, 60);
const LOGO_B = svg('<rect x="4" y="4" width="112" height="52" rx="12" fill="#2f9e44"/>', 120, 60);
const BANNER = svg('<rect width="800" height="180" fill="#1c7ed6"/><rect x="40" y="60" width="300" height="60" fill="#fff"/>', 800, 180);

interface SearchAnswer {
  PRODUCT: { ID: number; UID: string; ARTICLE: string; NAME: string; TYPE: string; PRICE_OPT: number };
  OFFERS: Array<{ ID: number; CHARACTERISTIC: string; PRICE: number; RESIDUE: number; GUID: string; ORGGUID: string; PPDATA: string }>;
  FOUND: Array<{ ID: number }>;
}

/** A draft of two products in the shape the orders feature keeps in localStorage (orders_drafts). */
async function seedDraft(page: Page, { oldPrices = false } = {}) {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const headers = { authorization: `Bearer ${token}` };
  const search = (query: string, option: number) =>
    page.request.get('/api/product/search', { params: { QUERY: query, OPTION: String(option) }, headers }).then((r) => r.json() as Promise<{ response: SearchAnswer }>);
  const first = (await search('куртка', 2)).response;
  const second = (await search(String(first.FOUND.find((found) => found.ID !== first.PRODUCT.ID)!.ID), 9)).response;
  const position = (result: SearchAnswer, counts: number[]) => {
    // An old draft: saved when the price was 100 ₽ lower.
    const saved = (price: number) => (oldPrices ? Math.round((price - 100) * 100) / 100 : price);
    const lines = result.OFFERS.slice(0, counts.length).map((offer, index) => ({
      ID: String(offer.ID),
      CHARACTERISTIC: offer.CHARACTERISTIC,
      PRICE: saved(offer.PRICE),
      fullprice: saved(offer.PRICE),
      price_discount: 0,
      count: counts[index]!,
      RESIDUE: offer.RESIDUE,
      MAX_DISCOUNT: 0,
      PPDATA: offer.PPDATA,
      GUID: offer.GUID,
      ORGGUID: offer.ORGGUID,
      discount: 0,
    }));
    const product = result.PRODUCT;
    return {
      guid: product.UID,
      article: product.ARTICLE,
      product: { ID: String(product.ID), ARTICLE: product.ARTICLE, NAME: product.NAME, UID: product.UID },
      type: product.TYPE,
      characteristics: lines,
      count: lines.reduce((acc, line) => acc + line.count, 0),
      total: lines.reduce((acc, line) => acc + line.count * line.PRICE, 0),
      total_discount: 0,
    };
  };
  const draft = {
    id: Date.now(),
    date: Date.now(),
    name: 'Черновик для КП',
    edit: false,
    reserved: false,
    total: 0,
    total_discount: 0,
    count: 5,
    total_count: 5,
    total_volume: 0,
    total_weight: 0,
    partner_id: '',
    position: [position(first, [2, 1]), position(second, [2])],
    position_presail: [],
    comment: '',
    delivery: { address: '', case: 'pickup', date: '', cost: 0, bill_to: '' },
    request_certificate: false,
    bags: { wear: 0, shoes_pre: 0, shoes: 0, wear_pre: 0 },
  };
  await page.evaluate((value) => localStorage.setItem('orders_drafts', JSON.stringify([value])), draft);
  return { first: first.PRODUCT, second: second.PRODUCT };
}

async function upload(page: Page, kind: 'logo' | 'banner', name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId(`kp-${kind}-upload`).click()]);
  const answer = page.waitForResponse((response) => response.url().includes(`/services/proposal/${kind}/add`));
  await chooser.setFiles({ name, mimeType: 'image/svg+xml', buffer });
  expect((await answer).status()).toBe(200);
}

async function download(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('kp-download').click()]);
  // The test's own output folder: Playwright clears it, whatever the outcome.
  const target = test.info().outputPath(`${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return { name: file.suggestedFilename(), path: target };
}

test('a proposal from a draft, with a logo and a banner, downloaded as PDF and as Word', async ({ page }) => {
  // The longest journey: four wizard steps, four uploads and two documents rendered on the server (about 50 s on a
  // busy 2-core machine). The limit ends a hang; it does not measure.
  test.slow();
  await signIn(page);
  const products = await seedDraft(page);
  await page.reload();

  // The drafts modal hands the draft's positions to the proposal and opens step 2.
  await page.getByRole('button', { name: /^Черновики/ }).click();
  await page.getByRole('button', { name: 'КП из Черновик для КП' }).click();
  await expect(page).toHaveURL(/\/kp$/);
  await expect(page.getByTestId('kp-step-2')).toBeVisible();
  const items = page.getByTestId('kp-price-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(products.first.NAME);
  // Each position shows its product's picture (the draft only keeps the product's id).
  const picture = items.first().getByTestId('kp-item-picture');
  await expect(picture).toHaveAttribute('src', `/api/content/products/${products.first.ID}/image`);
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // A 10 % discount on the first position: the resulting price shows at once.
  const firstItem = items.first();
  const portalPrice = await firstItem.getByTestId('kp-price-line').first().locator('td').nth(2).innerText();
  await firstItem.locator('label').filter({ hasText: /^Скидка$/ }).first().click();
  await firstItem.getByRole('textbox', { name: 'Размер скидки или наценки' }).fill('10');
  const full = Number(portalPrice.replace(/[^\d.]/g, ''));
  const expected = (Math.round(full * 90) / 100).toFixed(2);
  await expect(firstItem.getByTestId('kp-result-price').first()).toHaveText(new RegExp(expected.replace(/\B(?=(\d{3})+(?!\d))/g, '.?')));
  await page.getByTestId('kp-next').click();

  // The customer by INN (the shipped sample registry).
  await page.getByLabel('ИНН заказчика').fill('5168666865');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('kp-org-found')).toHaveText('Найдено: ООО «СтройМонтаж-Север»');
  await page.getByLabel('Предоплата').check({ force: true });
  await page.getByTestId('kp-next').click();
  await expect(page.getByTestId('kp-step-4')).toBeVisible();

  // Two logos: the newest is chosen; «previous» and «next» rotate the carousel.
  await upload(page, 'logo', 'orange.svg', LOGO_A);
  await upload(page, 'logo', 'green.svg', LOGO_B);
  const chosenLogo = page.locator('[data-testid=kp-logo-thumb][data-chosen=true]');
  await expect(chosenLogo).toHaveAttribute('aria-label', 'Логотип green.png');
  await page.getByTestId('kp-logo-next').click();
  await expect(chosenLogo).toHaveAttribute('aria-label', 'Логотип orange.png');
  await page.getByTestId('kp-logo-previous').click();
  await expect(chosenLogo).toHaveAttribute('aria-label', 'Логотип green.png');
  await page.getByLabel('Текст шапки').fill('ООО «СпецСнаб» · +7 (495) 987-65-43');

  await page.getByRole('switch', { name: 'Показывать' }).nth(1).check({ force: true });
  await upload(page, 'banner', 'winter.svg', BANNER);
  await expect(page.locator('[data-testid=kp-banner-thumb][data-chosen=true]')).toBeVisible();
  await expect(page.getByTestId('kp-preview')).toContainText('ООО «СтройМонтаж-Север»');
  // The 10 % the dealer gave is the customer's discount; the VAT is today's 22 %.
  await expect(page.getByTestId('kp-preview')).toContainText('Скидка: −');
  await expect(page.getByTestId('kp-preview-vat')).toContainText('В том числе НДС (22 %)');

  // PDF (the default format).
  await expect(page.getByTestId('kp-download')).toHaveText('Скачать file.pdf');
  const pdf = await download(page);
  expect(pdf.name).toBe('file.pdf');
  expect(readFileSync(pdf.path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', [pdf.path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('ООО «СтройМонтаж-Север»');
  expect(text).toContain(products.first.ARTICLE);
  expect(text).toContain(products.second.ARTICLE);
  expect(text).toContain('Предоплата');
  expect(text).toContain('Итого к оплате');
  const images = execFileSync('pdfimages', ['-list', pdf.path], { encoding: 'utf8' }).trim().split('\n').slice(2);
  // logo, banner, and the product pictures (an image with transparency adds its mask)
  expect(images.length).toBeGreaterThanOrEqual(4);

  // Word, landscape.
  await page.locator('label').filter({ hasText: /^Word \(\.docx\)$/ }).click();
  await page.locator('label').filter({ hasText: /^Альбомная$/ }).click();
  await expect(page.getByTestId('kp-download')).toHaveText('Скачать file.docx');
  const docx = await download(page);
  expect(docx.name).toBe('file.docx');
  const xml = execFileSync('unzip', ['-p', docx.path, 'word/document.xml'], { encoding: 'utf8' });
  const words = xml.replace(/<[^>]+>/g, '');
  expect(words).toContain(products.first.NAME);
  expect(words).toContain(products.second.NAME);
  expect(words).toContain('ООО «СтройМонтаж-Север»');
  expect(xml).toContain('w:orient="landscape"');
  // The logo, the banner and the product pictures (Word stores identical pictures once).
  const listing = execFileSync('unzip', ['-l', docx.path], { encoding: 'utf8' });
  expect(listing.match(/word\/media\//g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  expect(xml.match(/<pic:pic\b/g)?.length ?? 0).toBeGreaterThanOrEqual(4);

  // Deleting the chosen banner (after a confirmation) empties the banner library.
  await page.getByTestId('kp-banner-delete').click();
  await page.getByTestId('kp-banner-delete-confirm').click();
  await expect(page.getByTestId('kp-banner-carousel')).toContainText('Баннеров пока нет');
});

test('a proposal from an old draft is at today\'s prices: the document\'s prices equal the preview\'s, and the change is said', async ({ page }) => {
  await signIn(page);
  const products = await seedDraft(page, { oldPrices: true });
  await page.reload();
  await page.getByRole('button', { name: /^Черновики/ }).click();
  await page.getByRole('button', { name: 'КП из Черновик для КП' }).click();
  await expect(page.getByTestId('kp-step-2')).toBeVisible();
  const changes = page.getByTestId('kp-price-changes');
  await expect(changes).toContainText(`${products.first.ARTICLE} (`);
  await expect(changes).toContainText('цена изменилась');

  await page.getByTestId('kp-next').click();
  await page.getByLabel('ИНН заказчика').fill('5168666865');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('kp-org-found')).toBeVisible();
  await page.getByTestId('kp-next').click();
  await expect(page.getByTestId('kp-step-4')).toBeVisible();

  const compact = (text: string) => text.replace(/\s+/g, '');
  const previewPrices = (await page.getByTestId('kp-preview-price').allInnerTexts()).map(compact);
  expect(previewPrices.length).toBeGreaterThan(0);
  const previewTotal = compact(await page.getByTestId('kp-preview-total').innerText()).replace('Итогокоплате:', '');
  const pdf = await download(page);
  const text = compact(execFileSync('pdftotext', [pdf.path, '-'], { encoding: 'utf8' }));
  for (const price of previewPrices) expect(text).toContain(price);
  expect(text).toContain(`Итогокоплате${previewTotal}`);
});

test('without a discount nothing reads as one; the preview, the PDF and the invoice state the VAT of their day', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await seedDraft(page);
  await page.reload();
  /** The page at 1440 px and at 360 px, kept in the test's output to be looked at. */
  const shoot = async (name: string) => {
    await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  /** A PDF's first page as a PNG beside the screenshots (pdftoppm), and its text. */
  const pdfPage = (file: string, name: string) => {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, test.info().outputPath(name)]);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };

  await page.getByRole('button', { name: /^Черновики/ }).click();
  await page.getByRole('button', { name: 'КП из Черновик для КП' }).click();
  await expect(page.getByTestId('kp-step-2')).toBeVisible();
  // No discount set: the dealer's price below retail is not a discount the customer is told about.
  await expect(page.getByTestId('kp-totals')).toContainText('Итого');
  await expect(page.getByTestId('kp-totals')).not.toContainText('Скидка');
  await shoot('kp-step-2');

  await page.getByTestId('kp-next').click();
  await page.getByLabel('ИНН заказчика').fill('5168666865');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('kp-org-found')).toBeVisible();
  await shoot('kp-step-3');
  await page.getByTestId('kp-next').click();
  await expect(page.getByTestId('kp-step-4')).toBeVisible();

  // The proposal is dated today (2026): the dealer's VAT in force is the general 22 %.
  const preview = page.getByTestId('kp-preview');
  await expect(page.getByTestId('kp-preview-vat')).toHaveText(/^В том числе НДС \(22 %\): [\d\s\u202f]+\.\d{2} ₽$/);
  await expect(preview).not.toContainText('Скидка');
  await expect(preview.locator('[style*="line-through"]')).toHaveCount(0);
  await shoot('kp-step-4');

  const pdf = await download(page);
  const text = pdfPage(pdf.path, 'kp-pdf');
  expect(text).toContain('В том числе НДС (22 %)');
  expect(text).not.toMatch(/Скидка|без скидки/);

  // The invoice of a seeded order (dated 2026): its sellers' 22 %.
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const headers = { authorization: `Bearer ${token}` };
  const orders = (await (await page.request.get('/api/orders', { headers })).json()).response as Array<{ n: number }>;
  const invoiceFile = test.info().outputPath('invoice.pdf');
  // The first order that is billed (a cancelled one prints no invoice).
  for (const order of orders) {
    const invoice = await page.request.get('/api/order/print', { params: { id: String(order.n), name: 'invoice' }, headers });
    if (invoice.status() !== 200) continue;
    writeFileSync(invoiceFile, await invoice.body());
    break;
  }
  expect(pdfPage(invoiceFile, 'invoice-pdf')).toContain('В том числе НДС (22 %)');
});

test('another user who signs in on the same browser does not see the kept proposal', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.evaluate(() =>
    localStorage.setItem(
      'kp_wizard',
      JSON.stringify({
        state: {
          step: 3,
          items: [{ guid: 'x', article: 'A-1', name: 'Чужой товар', image: null, lines: [{ guid: 'o', characteristic: '48', quantity: 1, fullprice: 10 }], markup: { kind: 'percent', value: 0, add_sum: 0 } }],
          offer: { executorUID: 'c0a80001-0000-4000-8000-000000000001', customer: 'Чужой заказчик', customerInn: '', n: '1', date: '2030-01-01', comment: '' },
        },
        version: 1,
      }),
    ),
  );
  await page.goto('/kp');
  await expect(page.getByTestId('kp-step-1')).toBeVisible();
  await expect(page.getByTestId('kp-executor')).toHaveValue('АО «ТехноЩит»');
  await expect(page.getByText('Чужой товар')).toHaveCount(0);
});

test('the wizard starts at step 1 and goes on only with a line above 0', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/kp');
  await expect(page.getByTestId('kp-step-1')).toBeVisible();
  await expect(page.getByTestId('kp-next')).toBeDisabled();
  await page.getByLabel('Поиск товара для предложения').fill('куртка');
  const line = page.getByTestId('kp-line').first();
  await line.getByRole('checkbox').check();
  await expect(line.getByRole('textbox')).toHaveValue('1');
  await expect(page.getByTestId('kp-next')).toBeEnabled();
  await line.getByRole('checkbox').uncheck();
  await expect(line.getByRole('textbox')).toHaveValue('0');
  await expect(page.getByTestId('kp-next')).toBeDisabled();
  await line.getByRole('textbox').fill('3');
  await expect(line.getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('kp-next')).toBeEnabled();
});

test('a failed proposal request shows «Request SEND_KP error:»', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/kp');
  await page.getByLabel('Поиск товара для предложения').fill('куртка');
  await page.getByTestId('kp-line').first().getByRole('checkbox').check();
  await page.getByTestId('kp-next').click();
  await page.getByTestId('kp-next').click();
  await page.getByLabel('Заказчик в документе').fill('ИП Иванов');
  await page.getByTestId('kp-next').click();
  await page.route('**/api/services/proposal/add', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'Проверка ошибки' }, response: null }) }),
  );
  await page.getByTestId('kp-download').click();
  await expect(page.getByTestId('error-snackbar-message').last()).toHaveText('Request SEND_KP error: Проверка ошибки');
});

test('the logo mock-up puts a logo on a product picture and downloads a PNG', async ({ page }) => {
  await signIn(page, 'demo2');
  await page.goto('/logo');
  await page.getByLabel('Товар для макета').fill('куртка');
  await page.getByTestId('mockup-product-image').first().click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'или файл с компьютера, без сохранения' }).click()]);
  await chooser.setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_A });
  const canvas = page.getByTestId('mockup-canvas');
  await expect(page.getByTestId('mockup-download')).toBeEnabled();
  // Drag the logo from the default place to the top left.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.15, { steps: 5 });
  await page.mouse.up();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('mockup-download').click()]);
  expect(file.suggestedFilename()).toBe('logo-mockup.png');
  const target = test.info().outputPath('mockup.png');
  await file.saveAs(target);
  const bytes = readFileSync(target);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  // The orange logo sits where it was dragged, not where it started.
  const pixel = await canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const at = (x: number, y: number) => Array.from(context.getImageData(x * element.width, y * element.height, 1, 1).data);
    return { moved: at(0.2, 0.15), start: at(0.5, 0.4) };
  });
  expect(pixel.moved.slice(0, 3)).toEqual([232, 89, 12]);
  expect(pixel.start.slice(0, 3)).not.toEqual([232, 89, 12]);
});
