import { expect, test } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { logIn, signUp } from './people.ts';

/**
 * The first visit has no service worker to answer from: a friend signs in on the school's weak
 * Wi-Fi and some downloads fail. Parts of the frame and of a screen that load lazily (the bottom
 * navigation, the account menu, the settings' safety sections) arrive once a later try gets
 * through — before, one failed chunk left React's lazy component failed for good: the settings
 * page showed "Algo deu errado", and the navigation, outside any page, could take the app down.
 */
test.use({ serviceWorkers: 'block' });

const FLAKY = /\/assets\/(PlacesNav|SignedInMenu|AccountSafetySections)-[\w-]+\.js$/;

test('downloads that fail on a weak first visit are tried again: the navigation, the menu and the settings sections arrive, no error page', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const person = await signUp(baseURL!, 'weaknet');
  await page.setViewportSize({ width: 360, height: 740 });
  const aborted = new Map<string, number>();
  await page.route(FLAKY, (route) => {
    const part = FLAKY.exec(new URL(route.request().url()).pathname)![1];
    const failures = aborted.get(part) ?? 0;
    if (failures >= 2) return route.continue();
    aborted.set(part, failures + 1);
    return route.abort('connectionfailed');
  });
  await dismissConsent(page);
  await logIn(page, person);
  await expect(page.getByTestId('places-nav')).toBeVisible({ timeout: 15_000 });

  await page.goto('/settings?tab=account');
  await expect(page.getByRole('region', { name: 'Excluir conta' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Pessoas bloqueadas' })).toBeVisible();
  await expect(page.getByText('Algo deu errado')).toHaveCount(0);
  expect(Object.fromEntries(aborted)).toEqual({ PlacesNav: 2, SignedInMenu: 2, AccountSafetySections: 2 });
});
