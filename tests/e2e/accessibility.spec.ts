import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/app/routes.ts';
import { dismissConsent } from './helpers.ts';

const staticPaths = ROUTES.filter((r) => r.static).map((r) => r.path);

for (const theme of ['light', 'dark'] as const) {
  for (const prefix of ['', '/en']) {
    test(`static pages have no serious accessibility violations (${prefix || '/'} ${theme})`, async ({ page }) => {
      await dismissConsent(page);
      await page.emulateMedia({ colorScheme: theme });
      for (const path of staticPaths) {
        const url = (prefix + path).replace(/\/$/, '') || '/';
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${url}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
        expect(serious, serious.join('\n')).toEqual([]);
      }
    });
  }
}

test('the cookie dialog itself is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Personalizar' }).click();
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="cookie-consent"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('the layout fits a 360 px wide phone without sideways scrolling', async ({ page }) => {
  await dismissConsent(page);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of staticPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
