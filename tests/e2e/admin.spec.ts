import { createClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { dismissConsent } from './helpers.ts';
import { logIn, signUp } from './people.ts';

/**
 * The /admin guard (spec §2; issue 16, defect 1): it waits for the person's role before deciding,
 * so an admin who types /admin or reloads it stays there, and anyone else is sent to /.
 */

async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissConsent(page);
  return page;
}

/** The admin flag is a user_roles record; only an admin or the service role may write one. */
async function makeAdmin(baseURL: string, userId: string) {
  const service = createClient(baseURL, SUPABASE_DEMO_SERVICE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await service.from('user_roles').insert({ user_id: userId, role: 'admin' });
  expect(error, error?.message).toBeNull();
}

test('an admin who opens /admin directly and reloads it stays on it; a signed-in person who is not an admin goes to /', async ({
  browser,
  baseURL,
}) => {
  const admin = await signUp(baseURL!, 'chefe');
  await makeAdmin(baseURL!, admin.userId);
  const adminPage = await personPage(browser);
  await logIn(adminPage, admin);

  const panel = adminPage.getByRole('heading', { level: 1, name: 'Painel de administração' });
  await adminPage.goto('/admin');
  await expect(panel).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.reload();
  await expect(panel).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto('/en/admin');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  await expect(adminPage).toHaveURL(/\/en\/admin$/);

  const someone = await signUp(baseURL!, 'aluno');
  const page = await personPage(browser);
  await logIn(page, someone);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel de administração' })).toHaveCount(0);
});
