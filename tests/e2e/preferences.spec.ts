import { expect, test, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';

/** Language and theme live in the top bar's menu (a visitor's "Idioma e tema"), as radio buttons. */
async function choose(page: Page, name: string) {
  const menu = page.getByTestId('preferences-menu');
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('radio', { name, exact: true }).check();
}

test.beforeEach(async ({ page }) => dismissConsent(page));

test('switching language keeps the page and rewrites the URL in place', async ({ page }) => {
  await page.goto('/');
  await page.goto('/sobre');
  const historyLength = await page.evaluate(() => history.length);
  const ptTitle = await page.getByRole('heading', { level: 1 }).textContent();

  await choose(page, 'English');
  await expect(page).toHaveURL(/\/en\/sobre$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(ptTitle ?? '');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en-US');

  // The stored choice applies to an unprefixed link opened later.
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/en\/faq$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await choose(page, 'Português');
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page).not.toHaveURL(/\/en\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the path prefix wins over a stored choice', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'pt-BR'));
  await page.goto('/en/terms');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('the browser language is used when nothing else says', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await dismissConsent(page);
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/en\/privacy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await context.close();
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await choose(page, 'Escuro');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The phone's status bar matches the dark top bar (set before first paint, then kept in step).
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1e1a2b');
  await page.getByTestId('preferences-menu').click();
  await expect(page.getByRole('radio', { name: 'Escuro' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
});

test('"system" follows the operating system setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
