import { expect, test } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { newPerson, signUp, submitRegistration } from './people.ts';

/**
 * A username someone takes between the form's availability check and the sign-up (issue 18).
 * GoTrue — and now the sync-server — answers the database's 'Username is already taken' with a
 * bare 500, which supabase-js reports without words. The form must still say what is wrong, at the
 * username field, as its own check says it. The race is staged by answering the form's checks
 * "available" until the sign-up has been sent; everything else is the real server.
 */
test('a username taken just before signing up is reported at the username field', async ({ page, baseURL }) => {
  await dismissConsent(page);
  const first = await signUp(baseURL!, 'race');
  let signUpSent = false;
  await page.route('**/auth/v1/signup**', async (route) => {
    signUpSent = true;
    await route.continue();
  });
  await page.route('**/rest/v1/rpc/username_available', async (route) =>
    signUpSent ? route.continue() : route.fulfill({ status: 200, contentType: 'application/json', body: 'true' }),
  );

  await page.goto('/register');
  await submitRegistration(page, { ...newPerson('race2'), username: first.username.toUpperCase() });

  await expect(page.getByText('Nome de usuário já está em uso')).toBeVisible();
  await expect(page.getByLabel('Nome de usuário')).toBeFocused();
  await expect(page.getByText('{}')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);
});
