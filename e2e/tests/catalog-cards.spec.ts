/**
 * Catalogue cards of one row end together: their «Размеры» buttons sit on one line at 1440 px, whatever the length
 * of the names, prices or «Покупали» lines above them.
 */
import { expect, signIn, test } from '../fixtures';

test('the «Размеры» buttons of a row of catalogue cards sit at one height at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/catalog/catalog/odezhda-letnyaya');
  const buttons = page.getByRole('button', { name: /^Размеры / });
  await expect(buttons.first()).toBeVisible();
  await expect(page.getByTestId('catalog-card')).not.toHaveCount(0);
  // Each button with the top of the card it belongs to: the card is the previous sibling of its button.
  const placed = await buttons.evaluateAll((elements) =>
    elements.map((button) => ({
      cardTop: Math.round((button.previousElementSibling as HTMLElement).getBoundingClientRect().top),
      buttonTop: Math.round(button.getBoundingClientRect().top),
    })),
  );
  const rows = new Map<number, number[]>();
  for (const { cardTop, buttonTop } of placed) rows.set(cardTop, [...(rows.get(cardTop) ?? []), buttonTop]);
  // More than one card a row at this width, else there is nothing to align.
  expect(Math.max(...[...rows.values()].map((tops) => tops.length))).toBeGreaterThan(1);
  for (const [cardTop, tops] of rows) expect(new Set(tops).size, `the row of cards at y = ${cardTop}: ${tops.join(', ')}`).toBe(1);
  await page.screenshot({ path: test.info().outputPath('catalog-sizes-1440.png'), fullPage: true });
});
