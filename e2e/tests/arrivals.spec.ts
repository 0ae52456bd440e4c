/**
 * Arrivals relative to today (issue 35 point 6): the demo's supplies are seeded after the seed day, and a supply whose
 * day has passed reads «срок уточняется», never as upcoming — on the product page, at 1440 and 360 px.
 */
import { expect, signIn, test } from '../fixtures';

test('the product page shows seeded arrivals ahead of today and a passed one as «срок уточняется»', async ({ page }) => {
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date()));
  const dayOf = (ppdata: string) => ppdata.split('/')[1]!.split('.').reverse().join('-');
  /** The seeded PPDATA of every size but the first (whose supply the test moves into the past). */
  const seeded: string[] = [];
  // The server's answer as it is, with one size's supply moved to a day long past (as stale ERP data would be).
  await page.route('**/api/product/search?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const offers = body.response?.OFFERS as Array<{ PPDATA: string; CHARACTERISTIC: string }> | undefined;
    if (offers?.length) {
      seeded.push(...offers.slice(1).map((offer) => offer.PPDATA).filter(Boolean));
      offers[0]!.PPDATA = '25/09.02.2026';
    }
    await route.fulfill({ response, json: body });
  });
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/product/КСТ105А');
  const table = page.getByRole('table', { name: 'Характеристики и остатки' });
  await expect(table).toContainText('25 шт., срок уточняется');
  await expect(table).not.toContainText('09.02.2026');
  // Every seeded supply is today or later, and is shown with its day.
  expect(seeded.length).toBeGreaterThan(0);
  for (const ppdata of seeded) {
    expect(dayOf(ppdata) >= today, ppdata).toBe(true);
    await expect(table).toContainText(`${ppdata.split('/')[0]} шт. к ${ppdata.split('/')[1]}`);
  }
  await page.screenshot({ path: test.info().outputPath('product-arrivals-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(table).toContainText('25 шт., срок уточняется');
  await page.screenshot({ path: test.info().outputPath('product-arrivals-360.png'), fullPage: true });
});
