import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { createNotebook, logIn, signUp } from './people.ts';

/**
 * The party with no signal (issue 21), as the owner's phone lives it: an invite made offline waits
 * for activation (and says so when copied), becomes a normal link once the phone reconnects, and a
 * friend gets in with it; signing out with unsent work keeps it on the phone for the same person,
 * out of sight of the next person, and sends it when that person signs in again.
 */

async function phone(browser: Browser) {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await dismissConsent(page);
  return { context, page };
}

/** The account menu's "Sair" (the menu closes when focus leaves it: a page focusing its first field may close it). */
async function clickSair(page: Page) {
  await expect(async () => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: 'Sair', exact: true }).click({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function openShareDialog(page: Page, notebookId: string) {
  await page.goto(`/notebook/${notebookId}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('offline, the owner creates an invite that awaits activation; reconnected, it becomes active and a friend gets in with it', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const notebook = await createNotebook(owner, 'Festa sem sinal', ['Qual é a sua música favorita?']);

  const { context, page } = await phone(browser);
  await logIn(page, owner);
  const dialog = await openShareDialog(page, notebook.id);
  await context.setOffline(true);
  await expect(dialog.getByTestId('share-offline')).toContainText('Convites criados agora ficam aguardando ativação');
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Convite criado' })).toContainText('Aguardando ativação');

  const link = dialog.getByTestId('invite-link').first();
  await expect(link).toHaveAttribute('data-state', 'waiting');
  await expect(link).toContainText('Aguardando ativação');
  await expect(link).toContainText('Até lá, o link e o código não abrem o caderno.');
  // shown in groups of four (issue 29); the link carries the code in one block
  const shown = (await link.locator('code').textContent())!.trim();
  expect(shown).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}$/);
  const code = shown.replaceAll('-', '');
  await expect(link.getByLabel('Link de convite')).toHaveValue(`${baseURL}/n/${code}`);
  await link.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Copiado!' })).toContainText(
    'o convite só funciona depois que este aparelho se conectar à internet',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/n/${code}`);
  await expectNoSeriousAxeIssues(page, 'share dialog, invite awaiting activation');
  await expectFitsPhone(page, 'share dialog, invite awaiting activation');
  expect((await owner.client.from('invite_links').select('id').eq('notebook_id', notebook.id)).data).toEqual([]);

  // The signal comes back: the phone pushes the link, the server confirms it.
  await context.setOffline(false);
  await expect(link).toHaveAttribute('data-state', 'active', { timeout: 20_000 });
  await expect(link).toContainText('Ativo');
  await expect(link).not.toContainText('Aguardando ativação');
  const active = (await link.locator('code').textContent())!.trim().replaceAll('-', '');
  expect(active).toBe(code); // 60 random bits: no collision here
  await link.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Copiado!' }).last()).not.toContainText('Aguardando ativação');

  // A friend, in another browser, opens the link and gets in.
  const friend = await signUp(baseURL!, 'amiga');
  const other = await phone(browser);
  await logIn(other.page, friend, `/login?next=${encodeURIComponent(`/n/${active}`)}`);
  await expect(other.page).toHaveURL(new RegExp(`/notebook/${notebook.id}$`), { timeout: 20_000 });
  await expect(other.page.getByTestId('question-page').getByRole('heading', { name: 'Qual é a sua música favorita?' })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
  await other.context.close();
});

test('signing out with unsent work keeps it on the phone for the same person: the next person does not see it, and it reaches the server when the first signs in again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [ana, bruno] = await Promise.all([signUp(baseURL!, 'ana'), signUp(baseURL!, 'bruno')]);
  const title = `Festa da Ana ${ana.username.slice(-4)}`;
  const { context, page } = await phone(browser);
  await logIn(page, ana);
  await page.goto('/meus-cadernos');
  await expect(page.getByTestId('dashboard-empty')).toBeVisible({ timeout: 20_000 });

  // No signal (the installed app has its screens): a notebook written on the phone waits to be sent.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Criar caderno' }).first().click();
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page.getByTestId('toast')).toContainText('Caderno criado!', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Editar: ${title}` })).toBeVisible({ timeout: 15_000 });

  // Ana signs out to pass the phone on: asked, she keeps her work here (the first choice).
  await clickSair(page);
  const ask = page.getByRole('dialog', { name: 'Sair com alterações não enviadas?' });
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await expect(ask.getByRole('list', { name: 'Alterações não enviadas' })).toContainText(title);
  await expect(ask).toContainText('Esta alteração ainda não foi enviada:');
  await expect(ask).toContainText('Descartar apaga esta alteração para sempre');
  const keep = ask.getByRole('button', { name: 'Sair e guardar neste aparelho' });
  await expect(keep).toBeFocused({ timeout: 10_000 });
  await expectNoSeriousAxeIssues(page, 'sign-out with unsent work');
  await expectFitsPhone(page, 'sign-out with unsent work');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' })).toBeVisible({ timeout: 10_000 });

  // The signal is back; Bruno signs in on the same phone: Ana's notebook is not his to see or send.
  await context.setOffline(false);
  await logIn(page, bruno);
  await page.goto('/meus-cadernos');
  await expect(page.getByTestId('dashboard-empty')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('body')).not.toContainText(title);
  await clickSair(page);
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' })).toBeVisible({ timeout: 10_000 });
  expect((await ana.client.from('notebooks').select('title').eq('user_id', ana.userId)).data).toEqual([]);

  // Ana signs in again, online: her kept notebook is there and reaches the server.
  await logIn(page, ana);
  await page.goto('/meus-cadernos');
  await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(async () => (await ana.client.from('notebooks').select('title').eq('user_id', ana.userId)).data, { timeout: 20_000 })
    .toEqual([{ title }]);
  await context.close();
});
