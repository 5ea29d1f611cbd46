import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeIssues, phonePage } from './helpers.ts';
import { createNotebook, logIn, makeAdmin, serviceClient, signUp } from './people.ts';
import { png } from './pictures.ts';

/**
 * Sticker packs (issue 35) at 360 px: an admin adds a premium pack in /admin › Adesivos with a
 * sticker whose picture is uploaded (bucket store-images); a notebook's
 * owner finds the sticker in the cover's sticker picker marked "na loja" with the store's link,
 * and once they own the pack from the store, puts it on the cover — drawn from its picture.
 */
test('an admin adds a premium sticker pack; a person sees it "na loja", then owns it and puts it on a cover', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [admin, owner] = await Promise.all([signUp(baseURL!, 'adesiveiro'), signUp(baseURL!, 'colecionadora')]);
  await makeAdmin(baseURL!, admin.userId);
  const service = serviceClient(baseURL!);
  const tag = Date.now().toString(36);
  const pack = `praia-${tag}`;
  const id = `concha-${tag}`;
  const name = `Concha ${tag}`;

  // the admin's pack in /admin › Adesivos: a premium pack, then a sticker with an uploaded picture
  const adminPage = await phonePage(browser);
  await logIn(adminPage, admin);
  await adminPage.goto('/admin?tab=stickers');
  const section = adminPage.getByTestId('admin-stickers');
  await expect(section.getByRole('heading', { name: 'Adesivos' })).toBeVisible();
  await expect(section.getByTestId('sticker-pack-basicos')).toContainText('10 adesivos');
  await section.getByRole('button', { name: 'Novo pacote' }).click();
  const packForm = section.getByRole('form', { name: 'Novo pacote' });
  await packForm.getByLabel('Código').fill(pack);
  await packForm.getByLabel('Nome', { exact: true }).fill(`Praia ${tag}`);
  await packForm.getByRole('checkbox', { name: 'Premium (da loja sazonal)' }).check();
  await packForm.getByRole('button', { name: 'Salvar pacote' }).click();
  const packRow = section.getByTestId(`sticker-pack-${pack}`);
  await expect(packRow).toContainText('Premium');
  await packRow.getByRole('button', { name: `Novo adesivo em Praia ${tag}` }).click();
  const stickerForm = section.getByRole('form', { name: 'Novo adesivo' });
  await stickerForm.getByLabel('Código').fill(id);
  await stickerForm.getByLabel('Nome', { exact: true }).fill(name);
  await stickerForm.getByRole('button', { name: 'Salvar adesivo' }).click();
  await expect(stickerForm.getByText('Envie a imagem do adesivo.')).toBeVisible();
  await stickerForm.getByLabel('Imagem do adesivo').setInputFiles({ name: 'concha.png', mimeType: 'image/png', buffer: png(64, 64) });
  await expect(stickerForm.getByTestId('sticker-image-preview')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/store-images\/[0-9a-f]{32}\.png$/);
  await stickerForm.getByRole('button', { name: 'Salvar adesivo' }).click();
  await expect(section.getByTestId(`sticker-${id}`)).toContainText(name);
  await expectNoSeriousAxeIssues(adminPage, '/admin › Adesivos');
  const saved = await service.from('stickers').select('pack_id, image_path').eq('id', id).single();
  expect(saved.data).toMatchObject({ pack_id: pack, image_path: expect.stringMatching(/^[0-9a-f]{32}\.png$/) });
  const image = saved.data!.image_path as string;
  // a person may not write the catalogue
  expect((await owner.client.from('sticker_packs').insert({ id: `meu-${tag}`, name: 'Meu' })).error?.code).toBe('42501');

  // the owner does not own it: "na loja", with the store's link
  const notebook = await createNotebook(owner, 'Caderno da praia', ['Qual é a sua praia favorita?']);
  const page = await phonePage(browser);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const editor = page.getByTestId('appearance-section').getByTestId('sticker-editor');
  await expect(editor.getByRole('button', { name: `Adicionar adesivo: ${name} (na loja)` })).toBeDisabled();
  await expect(editor.getByTestId('stickers-in-store').getByRole('link', { name: 'loja sazonal' })).toHaveAttribute('href', '/loja-sazonal');
  await expect(editor.getByRole('button', { name: 'Adicionar adesivo: Estrela' })).toBeEnabled();
  await expectNoSeriousAxeIssues(page, 'the sticker picker with a pack "na loja"');

  // owned from the store (a free item that grants the pack): added, saved, drawn from its picture
  const { data: item, error } = await service
    .from('seasonal_items')
    .insert({ name: `Praia ${tag}`, category: 'sticker_pack', grants_ref: pack, season_id: `praia-${tag}`, season_name: 'Praia', item_type: 'free' })
    .select('id')
    .single();
  expect(error, error?.message).toBeNull();
  expect((await service.from('store_entitlements').insert({ user_id: owner.userId, item_id: item!.id, source: 'free' })).error).toBeNull();
  await page.reload();
  const add = page.getByTestId('appearance-section').getByTestId('sticker-editor').getByRole('button', { name: `Adicionar adesivo: ${name}`, exact: true });
  await expect(add).toBeEnabled();
  await add.click();
  await page.getByTestId('appearance-section').getByRole('button', { name: 'Salvar aparência' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Caderno atualizado' })).toBeVisible();
  await expect
    .poll(async () => JSON.stringify((await service.from('notebooks').select('cover').eq('id', notebook.id).single()).data?.cover ?? null), { timeout: 20_000 })
    .toContain(`"id":"${id}"`);
  const art = page.locator(`[data-testid="notebook-cover"] img[data-sticker-art="${id}"]`).first();
  await expect(art).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/store-images/${image}$`));
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBe(64);
});
