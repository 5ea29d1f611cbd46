import { expect, test } from '@playwright/test';
import { dismissConsent, expectNoSeriousAxeIssues, PHONE, phonePage } from './helpers.ts';
import { createNotebook, logIn, makeAdmin, serviceClient, signUp } from './people.ts';

/**
 * The notebook themes catalogue (issue 35) at 360 px: an admin creates a premium theme in
 * /admin › Temas with its colours (a cover text below 4.5:1 is said and refused first); a
 * notebook's owner finds it in the editor's theme picker marked "na loja" with the store's link,
 * and once they own it, chooses it — the cover is drawn from the theme's colours; a sharee who owns
 * nothing sees the owner's theme, online and offline (the device's copy of the catalogue).
 */
test('an admin adds a premium theme with colours; a notebook owner sees it "na loja", then owns and uses it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [admin, owner, friend] = await Promise.all([signUp(baseURL!, 'pintora'), signUp(baseURL!, 'colorista'), signUp(baseURL!, 'amiga')]);
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const tag = Date.now().toString(36);
  const id = `noite-${tag}`;
  const name = `Noite ${tag}`;

  const adminPage = await phonePage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=themes');
  const section = adminPage.getByTestId('admin-themes');
  await expect(section.getByRole('heading', { name: 'Temas' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('notebook-theme-purple').getByRole('button', { name: /Desativar/ })).toHaveCount(0);
  await section.getByRole('button', { name: 'Novo tema' }).click();
  const form = section.getByRole('form', { name: 'Novo tema' });
  await form.getByLabel('Código').fill(id);
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Capa', { exact: true }).fill('#0d9488');
  await form.getByLabel('Texto da capa', { exact: true }).fill('#ffffff');
  await expect(form.getByRole('alert').filter({ hasText: '3,7:1' })).toBeVisible();
  await form.getByRole('button', { name: 'Salvar tema' }).click();
  await form.getByLabel('Capa', { exact: true }).fill('#1e3a8a');
  await form.getByLabel('Espiral e lombada', { exact: true }).fill('#172554');
  await expect(form.getByTestId('theme-contrast')).toHaveText('Contraste do texto da capa: 10,3:1 (mínimo 4,5:1).');
  await form.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }).check();
  await form.getByRole('button', { name: 'Salvar tema' }).click();
  const row = section.getByTestId(`notebook-theme-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Premium');
  await expectNoSeriousAxeIssues(adminPage, '/admin › Temas');
  const saved = await service.from('notebook_themes').select('is_premium, is_active, colors').eq('id', id).single();
  expect(saved.data).toMatchObject({ is_premium: true, is_active: true, colors: { cover: '#1e3a8a', coverText: '#ffffff', spine: '#172554' } });

  // the owner does not own it: "na loja", with the store's link
  const notebook = await createNotebook(owner, 'Caderno da noite', ['Qual é a sua estrela favorita?']);
  expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: friend.userId, created_by: owner.userId })).error).toBeNull();
  const page = await phonePage(browser);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const appearance = page.getByTestId('appearance-section');
  await expect(appearance.getByRole('radio', { name: `${name} (na loja)` })).toBeDisabled();
  await expect(appearance.getByTestId('themes-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');

  // owned from the store (a free item that grants it), it is chosen and the cover drawn from its colours
  const { data: item, error } = await service
    .from('seasonal_items')
    .insert({ name, category: 'theme', grants_ref: id, season_id: `noite-${tag}`, season_name: 'Noite', item_type: 'free' })
    .select('id')
    .single();
  expect(error, error?.message).toBeNull();
  expect((await service.from('store_entitlements').insert({ user_id: owner.userId, item_id: item!.id, source: 'free' })).error).toBeNull();
  await page.reload();
  const theme = page.getByTestId('appearance-section').getByRole('radio', { name, exact: true });
  await expect(theme).toBeEnabled();
  await theme.check();
  await page.getByTestId('appearance-section').getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Caderno atualizado' })).toBeVisible();
  await expect.poll(async () => (await service.from('notebooks').select('theme').eq('id', notebook.id).single()).data?.theme, { timeout: 20_000 }).toBe(id);
  const cover = page.getByTestId('notebook-cover').first();
  await expect.poll(() => cover.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 20_000 }).toBe('rgb(30, 58, 138)');

  // the friend owns nothing from the store and sees the owner's theme, online and offline
  const context = await browser.newContext({ viewport: PHONE });
  const friendPage = await context.newPage();
  await dismissConsent(friendPage);
  await logIn(friendPage, friend);
  await friendPage.goto(`/notebook/${notebook.id}`);
  const friendCover = () => friendPage.getByTestId('notebook-cover').first().evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(friendCover, { timeout: 20_000 }).toBe('rgb(30, 58, 138)');
  await friendPage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await friendPage.reload();
  await expect.poll(friendCover, { timeout: 20_000 }).toBe('rgb(30, 58, 138)');
  await context.close();
});
