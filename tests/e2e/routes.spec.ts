import { expect, test } from '@playwright/test';
import { ROUTES } from '../../src/app/routes.ts';
import { concretePath, dismissConsent } from './helpers.ts';

const LOCALES = [
  { prefix: '', lang: 'pt-BR' },
  { prefix: '/en', lang: 'en-US' },
] as const;

test.beforeEach(async ({ page }) => dismissConsent(page));

for (const { prefix, lang } of LOCALES) {
  test(`every route renders its page in ${lang}`, async ({ page }) => {
    // Some thirty pages, each loaded cold: more than one page's default time.
    test.setTimeout(120_000);
    for (const route of ROUTES.filter((r) => r.needs !== 'admin')) {
      const url = (prefix + concretePath(route.path)).replace(/\/$/, '') || '/';
      await page.goto(url);
      await expect(page.locator('html'), url).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
      await expect(page.getByTestId('not-found'), url).toHaveCount(0);
      await expect(page.getByTestId('error-card'), url).toHaveCount(0);
    }
  });
}

test('an unknown path shows the not-found page, in both languages', async ({ page }) => {
  await page.goto('/caderno-que-nao-existe');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  await page.goto('/en/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('/admin sends a visitor who is not an admin to the home page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/en/admin');
  await expect(page).toHaveURL(/\/en\/?$/);
});

test('pages load lazily: a route chunk is requested only when the route is visited', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(requested.some((u) => /FaqScreen/.test(u))).toBe(false);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  expect(requested.some((u) => /FaqScreen/.test(u))).toBe(true);
});
