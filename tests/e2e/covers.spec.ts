import { expect, test } from '@playwright/test';
import { dismissConsent, expectNoSeriousAxeIssues, PHONE, phonePage } from './helpers.ts';
import { createNotebook, logIn, makeAdmin, serviceClient, signUp } from './people.ts';
import { png } from './pictures.ts';

/**
 * Cover styles (issue 35) at 360 px: an admin adds a premium cover style in /admin › Estilos de
 * capa with an uploaded picture (bucket store-images); a notebook's owner finds it in the editor's
 * cover style picker marked "na loja" with the store's link, takes it from the seasonal store (a
 * free item, one tap; the store shows it on a cover in that style), chooses it and saves — the
 * cover is drawn with its picture; a sharee who owns nothing sees the owner's cover in that style,
 * online and after an offline reload (the device's copy of the catalogue).
 */
test('an admin adds a premium cover style; the owner sees it "na loja", owns it from the store and uses it; a sharee sees it offline', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const [admin, owner, friend] = await Promise.all([signUp(baseURL!, 'capista'), signUp(baseURL!, 'dona'), signUp(baseURL!, 'amiga')]);
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const tag = Date.now().toString(36);
  const id = `galaxia-${tag}`;
  const name = `Galáxia ${tag}`;

  // the admin's style in /admin › Estilos de capa: a picture is required, then uploaded
  const adminPage = await phonePage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=covers');
  const section = adminPage.getByTestId('admin-covers');
  await expect(section.getByRole('heading', { name: 'Estilos de capa' })).toBeVisible({ timeout: 20_000 });
  await expect(section.getByTestId('cover-style-liso')).toContainText('Padrão');
  await section.getByRole('button', { name: 'Novo estilo de capa' }).click();
  const form = section.getByRole('form', { name: 'Novo estilo de capa' });
  await form.getByLabel('Código').fill(id);
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }).check();
  await form.getByRole('button', { name: 'Salvar estilo de capa' }).click();
  await expect(form.getByText('Envie a imagem do estilo de capa.')).toBeVisible();
  await form.getByLabel('Imagem da capa').setInputFiles({ name: 'galaxia.png', mimeType: 'image/png', buffer: png(120, 160) });
  await expect(form.getByTestId('cover-image-preview')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);
  await form.getByRole('button', { name: 'Salvar estilo de capa' }).click();
  const row = section.getByTestId(`cover-style-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Premium');
  await expect(section.getByTestId('covers-count')).toContainText('estilos de capa');
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeIssues(adminPage, '/admin › Estilos de capa');
  const saved = await service.from('cover_styles').select('is_premium, is_active, image_path').eq('id', id).single();
  expect(saved.data).toMatchObject({ is_premium: true, is_active: true, image_path: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });
  const image = saved.data!.image_path as string;
  // a person may not write the catalogue
  expect((await owner.client.from('cover_styles').insert({ id: `minha-${tag}`, name: 'Minha' })).error?.code).toBe('42501');

  // the owner does not own it: "na loja", with the store's link
  const notebook = await createNotebook(owner, 'Caderno das estrelas', ['Qual é a sua estrela favorita?']);
  expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebook.id, shared_with: friend.userId, created_by: owner.userId })).error).toBeNull();
  const page = await phonePage(browser);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const appearance = page.getByTestId('appearance-section');
  await expect(appearance.getByRole('radio', { name: `${name} (na loja)` })).toBeDisabled({ timeout: 20_000 });
  await expect(appearance.getByTestId('covers-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');
  await expect(appearance.getByRole('radio', { name: 'Capa lisa' })).toBeChecked();

  // owned from the store: a free item of the season, taken with one tap; the store shows it on a cover
  const { error } = await service
    .from('seasonal_items')
    .insert({ name: `Capa ${name}`, category: 'cover_style', grants_ref: id, season_id: `estrelas-${tag}`, season_name: 'Estrelas', item_type: 'free' });
  expect(error, error?.message).toBeNull();
  expect((await service.from('store_beta_access').insert({ user_id: owner.userId })).error).toBeNull();
  await page.goto('/loja-sazonal');
  const card = page.getByTestId(`store-item-Capa ${name}`);
  await expect(card.locator('[data-preview="cover-style"] [data-testid="notebook-cover"]')).toHaveCSS('background-image', new RegExp(`store-images/${image}`), { timeout: 20_000 });
  await card.getByRole('button', { name: 'Pegar grátis' }).click();
  await expect(card.getByTestId('store-owned')).toBeVisible();

  // chosen and saved with the cover: drawn with its picture
  await page.goto(`/notebook/${notebook.id}/edit`);
  const style = page.getByTestId('appearance-section').getByRole('radio', { name, exact: true });
  await expect(style).toBeEnabled({ timeout: 20_000 });
  await style.check();
  await page.getByTestId('appearance-section').getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Caderno atualizado' })).toBeVisible();
  await expect.poll(async () => (await service.from('notebooks').select('cover').eq('id', notebook.id).single()).data?.cover?.style, { timeout: 20_000 }).toBe(id);
  const drawn = (el: Element) => getComputedStyle(el).backgroundImage;
  await expect.poll(() => page.getByTestId('notebook-cover').first().evaluate(drawn), { timeout: 20_000 }).toContain(`store-images/${image}`);
  await expectNoSeriousAxeIssues(page, 'the cover style picker');

  // the friend owns nothing from the store and sees the owner's cover style, online and offline
  const context = await browser.newContext({ viewport: PHONE });
  const friendPage = await context.newPage();
  await dismissConsent(friendPage);
  await logIn(friendPage, friend);
  await friendPage.goto(`/notebook/${notebook.id}`);
  const friendCover = () => friendPage.getByTestId('notebook-cover').first().evaluate(drawn);
  await expect.poll(friendCover, { timeout: 20_000 }).toContain(`store-images/${image}`);
  await friendPage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await friendPage.reload();
  await expect.poll(friendCover, { timeout: 20_000 }).toContain(`store-images/${image}`);
  await context.close();
});
