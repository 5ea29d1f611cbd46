import { expect, test } from '@playwright/test';
import { dismissConsent } from './helpers.ts';

test.describe('cookie consent', () => {
  test('appears about a second after the first load, and not again after a choice', async ({ page }) => {
    await page.goto('/');
    const loadedAt = Date.now();
    const dialog = page.getByTestId('cookie-consent');
    await expect(dialog).toBeHidden();
    await expect(dialog).toBeVisible({ timeout: 5000 });
    const shownAfter = Date.now() - loadedAt;
    expect(shownAfter).toBeGreaterThanOrEqual(700);

    await dialog.getByRole('button', { name: 'Rejeitar opcionais' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.waitForTimeout(2000);
    await expect(dialog).toBeHidden();
  });

  test('customize: necessary stays on, the chosen categories are stored', async ({ page }) => {
    await page.goto('/en');
    const dialog = page.getByTestId('cookie-consent');
    await dialog.getByRole('button', { name: 'Customize' }).click();
    await expect(dialog.getByRole('checkbox').first()).toBeDisabled();
    await expect(dialog.getByRole('checkbox').first()).toBeChecked();
    await dialog.getByTestId('consent-functional').check();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
    expect(stored).toMatchObject({ necessary: true, functional: true, analytics: false, marketing: false });
  });

  test('analytics loads only with consent, at the first interaction, and reports page views', async ({ page }) => {
    const beacons: { name: string; props: Record<string, unknown> }[] = [];
    let transportLoaded = false;
    page.on('request', (r) => {
      if (/beacon-transport/.test(r.url())) transportLoaded = true;
    });
    await page.route('**/__analytics', async (route) => {
      beacons.push(...(JSON.parse(route.request().postData() ?? '{}').events ?? []));
      await route.fulfill({ status: 204 });
    });

    await page.goto('/');
    const dialog = page.getByTestId('cookie-consent');
    await dialog.getByRole('button', { name: 'Aceitar todos' }).click();
    await page.mouse.move(10, 10);
    await expect.poll(() => transportLoaded).toBe(true);
    await expect.poll(() => beacons.map((b) => b.name)).toContain('page_view');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Sobre' }).click();
    await expect.poll(() => beacons.filter((b) => b.name === 'page_view').map((b) => b.props.path)).toContain('/sobre');
  });

  test('analytics never loads after optional cookies are rejected', async ({ page }) => {
    let transportLoaded = false;
    page.on('request', (r) => {
      if (/beacon-transport|__analytics/.test(r.url())) transportLoaded = true;
    });
    await page.goto('/');
    await page.getByTestId('cookie-consent').getByRole('button', { name: 'Rejeitar opcionais' }).click();
    await page.mouse.move(20, 20);
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(3500);
    expect(transportLoaded).toBe(false);
  });
});

test("the top bar's offline status shows while offline and hides when the connection returns", async ({ page, context }) => {
  await dismissConsent(page);
  await page.goto('/');
  await expect(page.getByTestId('offline-status')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Sem internet');
  await expect(page.getByTestId('offline-status')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-status')).toHaveCount(0);
});

test.describe('render errors', () => {
  // page.route sees only what the page fetches itself: once the service worker has taken over
  // (it may, before the click, on a fast machine), it answers the chunk from its precache and
  // the failure these tests stage never happens.
  test.use({ serviceWorkers: 'block' });

  test('a page whose part could not be downloaded says so in the app\'s words, and retry recovers', async ({ page }) => {
    await dismissConsent(page);
    // A page chunk that cannot be downloaded (bad signal at school): never the browser's words
    // ("Failed to fetch dynamically imported module …"), the app's (issue 29).
    let failing = true;
    await page.route(/FaqScreen-[\w-]+\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
    const card = page.getByTestId('missing-part');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading')).toHaveText('Esta parte ainda não foi salva neste celular — conecte-se uma vez');
    await expect(card).not.toContainText(/FaqScreen|module|fetch/i);
    await expect(page.getByTestId('error-card')).toHaveCount(0);

    failing = false;
    await card.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('the card of a part not downloaded takes the person back where they were', async ({ page }) => {
    await dismissConsent(page);
    await page.route(/TermsScreen-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de uso' }).click();
    await page.getByTestId('missing-part').getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('missing-part')).toHaveCount(0);
  });
});
