import { expect, test } from '@playwright/test';
import { expectFitsPhone, expectNoSeriousAxeIssues, phonePage } from './helpers.ts';
import { logIn, makeAdmin, serviceClient, signUp } from './people.ts';

/**
 * Issue 35's parts walked as a new person would, at 360 px, with the keyboard and axe:
 * Settings' default theme offers the editor's themes (an added free one, an owned store one; the
 * others «na loja» with the store's link) and a new notebook starts with the chosen one;
 * /admin › Conquistas' icon is chosen from the app's drawn icons with the arrow keys; the store
 * reached and its buttons focusable from the keyboard.
 */
const colors = { cover: '#1e3a8a', coverText: '#fefce8', accent: '#1d4ed8', accentSoft: '#dbeafe', spine: '#172554' };

test("Settings' default theme: an added theme (a store one «na loja»), chosen with the keyboard; a new notebook starts with it", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'padrao');
  const service = serviceClient(baseURL!);
  const tag = Date.now().toString(36);
  const free = `menta-${tag}`;
  const premium = `aurora-${tag}`;
  const themes = await service.from('notebook_themes').insert([
    { id: free, name: `Menta ${tag}`, colors, is_premium: false, sort_order: 50 },
    { id: premium, name: `Aurora ${tag}`, colors, is_premium: true, sort_order: 51 },
  ]);
  expect(themes.error, themes.error?.message).toBeNull();

  const page = await phonePage(browser);
  await logIn(page, person);
  await page.goto('/settings');
  const section = page.locator('#settings-notebooks').locator('xpath=..');
  const added = section.getByRole('radio', { name: `Menta ${tag}`, exact: true });
  await expect(added).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('radio', { name: `Aurora ${tag} (na loja)` })).toBeDisabled();
  await expect(section.getByTestId('themes-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');
  await expectFitsPhone(page, 'Settings › Cadernos');
  await expectNoSeriousAxeIssues(page, 'Settings › Cadernos');

  // the keyboard: the checked radio takes the focus, the arrows move the choice
  await section.getByRole('radio', { name: 'Laranja', exact: true }).check();
  await section.getByRole('radio', { name: 'Laranja', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(added).toBeChecked();
  await expect(added).toBeFocused();
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await service.from('user_settings').select('notebook_theme').eq('user_id', person.userId).single()).data?.notebook_theme).toBe(free);

  await page.goto('/create');
  await expect(page.getByRole('radio', { name: `Menta ${tag}`, exact: true })).toBeChecked({ timeout: 20_000 });
});

test("/admin › Conquistas: the icon is one of the app's drawings, chosen with the arrow keys", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signUp(baseURL!, 'icones');
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const page = await phonePage(browser);
  await logIn(page, admin);
  await page.goto('/admin?tab=achievements');
  const section = page.getByTestId('admin-achievements');
  await expect(section.getByRole('heading', { name: 'Conquistas' })).toBeVisible({ timeout: 20_000 });
  const row = section.getByTestId('achievement-first_notebook');
  await expect(row.locator('svg[data-achievement-icon="notebook"]')).toBeVisible();
  await row.getByRole('button', { name: 'Editar Primeiro caderno' }).click();
  const form = section.getByRole('form', { name: 'Editar conquista' });
  const icons = form.getByRole('group', { name: 'Ícone' });
  const notebook = icons.getByRole('radio', { name: 'Caderno', exact: true });
  await expect(notebook).toBeChecked();
  await notebook.focus();
  await page.keyboard.press('ArrowRight');
  await expect(icons.getByRole('radio', { name: 'Cadernos', exact: true })).toBeChecked();
  await expectFitsPhone(page, '/admin › Conquistas (form)');
  await expectNoSeriousAxeIssues(page, '/admin › Conquistas (icon picker)');
  await form.getByRole('button', { name: 'Salvar conquista' }).click();
  await expect(row.locator('svg[data-achievement-icon="notebooks"]')).toBeVisible();
  await expect.poll(async () => (await service.from('achievements').select('icon').eq('id', 'first_notebook').single()).data?.icon).toBe('notebooks');
  await service.from('achievements').update({ icon: 'notebook' }).eq('id', 'first_notebook');
});

test('the store from the keyboard at 360 px: every item reached by Tab, its button named with the real total', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signUp(baseURL!, 'vitrine');
  const service = serviceClient(baseURL!);
  const season = `walk-${Date.now().toString(36)}`;
  const items = await service.from('seasonal_items').insert([
    { name: `Adesivos ${season}`, category: 'sticker_pack', season_id: season, season_name: 'Verão de teste', item_type: 'free' },
    { name: `Papel ${season}`, category: 'paper_style', season_id: season, season_name: 'Verão de teste', item_type: 'promo', price_cents: 500 },
  ]);
  expect(items.error, items.error?.message).toBeNull();
  const beta = await service.from('store_beta_access').insert({ user_id: person.userId });
  expect(beta.error, beta.error?.message).toBeNull();

  const page = await phonePage(browser);
  await logIn(page, person);
  await page.goto('/loja-sazonal');
  await expect(page.getByRole('heading', { level: 1, name: 'Loja sazonal' })).toBeVisible({ timeout: 20_000 });
  const paper = page.getByTestId(`store-item-Papel ${season}`);
  const buy = paper.getByRole('button', { name: /^Comprar por R\$\s5,00$/ });
  await expect(buy).toBeVisible();
  // Tab from the top reaches the buy button (no trap, nothing unreachable)
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await buy.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches «Comprar por R$ 5,00»').toBe(true);
  await expectFitsPhone(page, '/loja-sazonal');
  await expectNoSeriousAxeIssues(page, '/loja-sazonal');
});

test("the admin's catalogue sections at 360 px: each fits the phone, with its form open too; axe finds nothing serious", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await signUp(baseURL!, 'catalogo');
  await makeAdmin(baseURL!, admin.userId);
  const page = await phonePage(browser);
  await logIn(page, admin);
  const sections: [string, string, string][] = [
    ['catalogue', 'admin-catalogue', 'Novo item'],
    ['papers', 'admin-papers', 'Novo papel'],
    ['themes', 'admin-themes', 'Novo tema'],
    ['stickers', 'admin-stickers', 'Novo pacote'],
    ['achievements', 'admin-achievements', 'Nova conquista'],
  ];
  for (const [tab, testId, add] of sections) {
    await page.goto(`/admin?tab=${tab}`);
    const section = page.getByTestId(testId);
    const button = section.getByRole('button', { name: add, exact: true });
    await expect(button, tab).toBeVisible({ timeout: 20_000 });
    await expectFitsPhone(page, `/admin › ${tab}`);
    await expectNoSeriousAxeIssues(page, `/admin › ${tab}`);
    await button.click();
    await expectFitsPhone(page, `/admin › ${tab} (form)`);
    await expectNoSeriousAxeIssues(page, `/admin › ${tab} (form)`);
  }
});
