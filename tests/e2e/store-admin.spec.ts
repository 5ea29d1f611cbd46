import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues, phonePage } from './helpers.ts';
import { createNotebook, logIn, makeAdmin, serviceClient, signUp } from './people.ts';
import { png } from './pictures.ts';

/**
 * The paper styles catalogue (issue 35) at 360 px: an admin creates a premium paper in
 * /admin › Estilos de papel with an uploaded picture (a GIF refused first) and the seasonal item
 * that sells it, with uploaded main and preview images; a notebook's owner
 * finds it in the editor's paper picker marked "na loja" with the store's link, and once they own
 * it from the store, chooses it — the sheet is drawn from the picture.
 */

test('an admin creates a paper style with an uploaded picture; a person sees it "na loja", then owns and uses it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [admin, owner] = await Promise.all([signUp(baseURL!, 'papeleiro'), signUp(baseURL!, 'escritora')]);
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const tag = Date.now().toString(36);
  const id = `carta-${tag}`;
  const name = `Papel de carta ${tag}`;

  const adminPage = await phonePage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=papers');
  const section = adminPage.getByTestId('admin-papers');
  await expect(section.getByRole('heading', { name: 'Estilos de papel' })).toBeVisible();
  await expect(section.getByTestId('paper-style-lined-blue').getByRole('button', { name: /Desativar/ })).toHaveCount(0);
  await section.getByRole('button', { name: 'Novo papel' }).click();
  const form = section.getByRole('form', { name: 'Novo papel' });
  await form.getByLabel('Código').fill(id);
  await form.getByRole('button', { name: 'Salvar papel' }).click();
  await expect(form.getByText('O nome é obrigatório.')).toBeVisible();
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Imagem do papel (opcional)').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Escolha uma imagem PNG, JPG ou WebP.' })).toBeVisible();
  await form.getByLabel('Imagem do papel (opcional)').setInputFiles({ name: 'carta.png', mimeType: 'image/png', buffer: png(320, 200) });
  const preview = form.getByTestId('paper-image-preview');
  await expect(preview).toHaveAttribute('src', /\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await form.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }).check();
  await form.getByRole('button', { name: 'Salvar papel' }).click();
  const row = section.getByTestId(`paper-style-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Premium');
  await expectNoSeriousAxeIssues(adminPage, '/admin › Estilos de papel');
  const saved = await service.from('paper_styles').select('is_premium, is_active, image_path').eq('id', id).single();
  expect(saved.data).toMatchObject({ is_premium: true, is_active: true, image_path: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });

  // the seasonal item that sells it: its main and preview images are uploads too
  await adminPage.goto('/admin?tab=catalogue');
  const catalogue = adminPage.getByTestId('admin-catalogue');
  await catalogue.getByRole('button', { name: 'Novo item' }).click();
  const itemForm = catalogue.getByRole('form', { name: 'Novo item' });
  await itemForm.getByLabel('Nome', { exact: true }).fill(`Caixa de cartas ${tag}`);
  await itemForm.getByLabel('Categoria').selectOption('paper_style');
  await itemForm.getByLabel('Código do tema, papel ou pacote que o item libera').fill(id);
  await itemForm.getByLabel('Código da temporada').fill(`cartas-${tag}`);
  await itemForm.getByLabel('Nome da temporada').fill('Cartas');
  await itemForm.getByLabel('Imagem principal (opcional)').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png(600, 400) });
  await expect(itemForm.getByTestId('item-image')).toHaveAttribute('src', /^\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);
  await itemForm.getByLabel('Imagem de prévia (opcional)').setInputFiles({ name: 'previa.png', mimeType: 'image/png', buffer: png(300, 200) });
  await expect.poll(() => itemForm.getByTestId('item-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await itemForm.getByRole('button', { name: 'Salvar item' }).click();
  await expect(catalogue.getByTestId(`catalogue-item-Caixa de cartas ${tag}`)).toBeVisible();
  const listed = await service.from('seasonal_items').select('image_url, preview_url').eq('season_id', `cartas-${tag}`).single();
  expect(listed.data?.image_url).toMatch(/^\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);
  expect(listed.data?.preview_url).toMatch(/^\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);

  // the owner does not own it: "na loja", with the store's link
  const notebook = await createNotebook(owner, 'Caderno de cartas', ['Para quem você escreveria uma carta?']);
  const page = await phonePage(browser);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const appearance = page.getByTestId('appearance-section');
  await expect(appearance.getByRole('radio', { name: `${name} (na loja)` })).toBeDisabled();
  await expect(appearance.getByTestId('papers-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');

  // owned from the store (a free item that grants it), it is chosen and drawn from its picture
  const { data: item, error } = await service
    .from('seasonal_items')
    .insert({ name, category: 'paper_style', grants_ref: id, season_id: `cartas2-${tag}`, season_name: 'Cartas', item_type: 'free' })
    .select('id')
    .single();
  expect(error, error?.message).toBeNull();
  expect((await service.from('store_entitlements').insert({ user_id: owner.userId, item_id: item!.id, source: 'free' })).error).toBeNull();
  await page.reload();
  const paper = page.getByTestId('appearance-section').getByRole('radio', { name, exact: true });
  await expect(paper).toBeEnabled();
  await paper.check();
  await page.getByTestId('appearance-section').getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Caderno atualizado' })).toBeVisible();
  await expect
    .poll(async () => (await service.from('notebooks').select('paper_style').eq('id', notebook.id).single()).data?.paper_style, { timeout: 20_000 })
    .toBe(id);
  const sheet = page.locator(`[data-paper="${id}"]`).first();
  await expect.poll(() => sheet.evaluate((el) => getComputedStyle(el).backgroundImage), { timeout: 20_000 }).toContain('/storage/v1/object/public/store-images/');
});
