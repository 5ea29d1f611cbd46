import type { ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startAppServer, stopAppServer } from './app-server.ts';
import { dismissConsent } from './helpers.ts';
import { logIn, makeAdmin, signUp } from './people.ts';

/**
 * The /admin guard (spec §2; issue 16, defect 1): it waits for the person's role before deciding,
 * so an admin who types /admin or reloads it stays there, and anyone else is sent to /.
 */

/** The phone the admin panel must work on (issue 33: usable at 360 px). */
const PHONE = { width: 360, height: 740 };

async function personPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await dismissConsent(page);
  return page;
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

/** /admin › Usuários: finds a person by @username and opens their card. */
async function findPerson(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Usuários' }).click();
  await page.getByLabel('Buscar por @usuário, nome ou e-mail').fill(`@${username}`);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const card = page.getByTestId(`admin-person-${username}`);
  await expect(card).toBeVisible();
  return card;
}

test('at 360 px an admin finds a person and bans them with a reason: the person\'s open app signs out with \'Conta banida\'', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await signUp(baseURL!, 'juiz');
  await makeAdmin(baseURL!, admin.userId);
  const person = await signUp(baseURL!, 'alvo');

  // the person has the app open
  const personTab = await personPage(browser);
  await logIn(personTab, person);
  await personTab.goto('/meus-cadernos');
  await expect(personTab.getByRole('heading', { level: 1 })).toBeVisible();

  const adminTab = await personPage(browser, PHONE);
  await logIn(adminTab, admin);
  await adminTab.goto('/admin');
  await expect(adminTab.getByRole('heading', { level: 1, name: 'Painel de administração' })).toBeVisible();
  const card = await findPerson(adminTab, person.username);
  // the page fits the phone: nothing runs off the side
  expect(await adminTab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await card.getByRole('button', { name: 'Banir' }).click();
  const dialog = adminTab.getByTestId('admin-dialog');
  await expect(dialog.getByRole('heading', { name: `Banir @${person.username}?` })).toBeVisible();
  // no reason, no ban
  await expect(dialog.getByRole('button', { name: 'Banir' })).toBeDisabled();
  await dialog.getByLabel('Motivo').fill('Ofensas repetidas no mural');
  await dialog.getByRole('button', { name: 'Banir' }).click();
  await expect(adminTab.getByTestId('toast')).toContainText(`Conta de @${person.username} banida.`);
  await expect(card.getByText('Banida')).toBeVisible();

  // the person's open app hears of it and signs out, with the spec's message
  const toast = personTab.getByTestId('toast');
  await expect(toast).toContainText('Conta banida', { timeout: 15_000 });
  await expect(personTab).toHaveURL(/\/$/);

  // the audit log says who, what, whom and why (its entry, not the newest: the other admin tests
  // running beside this one on the same server write theirs too — CI saw a word's removal first)
  await adminTab.getByRole('tab', { name: 'Registro de ações' }).click();
  const entry = adminTab.getByTestId('admin-audit').getByRole('listitem').filter({ hasText: 'Baniu a conta' }).filter({ hasText: `@${person.username}` });
  await expect(entry).toContainText(`@${admin.username}`);
  await expect(entry).toContainText('Baniu a conta');
  await expect(entry).toContainText(`@${person.username}`);
  await expect(entry).toContainText('Motivo: Ofensas repetidas no mural');
});

test('at 360 px an admin adds a forbidden word and removes it: the database refuses it at once, then takes it again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await signUp(baseURL!, 'censor');
  await makeAdmin(baseURL!, admin.userId);
  const person = await signUp(baseURL!, 'escrita');
  const word = `xingo${Date.now().toString(36)}`;

  const page = await personPage(browser, PHONE);
  await logIn(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Palavras proibidas' }).click();
  await page.getByRole('button', { name: 'Português (pt-BR)' }).click();
  await page.getByLabel('Nova palavra').fill(word);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Palavra adicionada: ${word}`);
  await expect(page.getByTestId('admin-words').getByText(word, { exact: true })).toBeVisible();

  // effective in the database at once: the person's next write with it is refused
  const refused = await person.client.from('profiles').update({ bio: `sou ${word} mesmo` }).eq('id', person.userId);
  expect(refused.error?.hint).toBe('forbidden_words');

  await page.getByRole('button', { name: `Remover ${word}` }).click();
  await expect(page.getByTestId('toast')).toContainText(`Palavra removida: ${word}`);
  await expect(page.getByTestId('admin-words').getByText(word, { exact: true })).toHaveCount(0);
  const taken = await person.client.from('profiles').update({ bio: `sou ${word} mesmo` }).eq('id', person.userId);
  expect(taken.error).toBeNull();

  // both changes are in the audit log, with the word
  await page.getByRole('tab', { name: 'Registro de ações' }).click();
  // (this word's entries, newest first: the admin tests beside this one write theirs too)
  const entries = page.getByTestId('admin-audit').getByRole('listitem').filter({ hasText: word });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Removeu uma palavra proibida');
  await expect(entries.nth(1)).toContainText('Adicionou uma palavra proibida');

  // on a laptop the sections are a side navigation beside the section, which takes the width
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = await page.getByRole('tablist', { name: 'Seções do painel' }).boundingBox();
  const panel = await page.getByRole('tabpanel').boundingBox();
  expect(nav!.x + nav!.width).toBeLessThanOrEqual(panel!.x);
  expect(panel!.width).toBeGreaterThan(600);
});

test.describe('on a server of its own (nobody else an admin there)', () => {
  let server: ChildProcess;
  let url: string;

  test.beforeAll(async ({}, workerInfo) => {
    test.setTimeout(60_000);
    const port = 4240 + workerInfo.parallelIndex;
    url = `http://127.0.0.1:${port}`;
    server = await startAppServer(port, { dist: process.env.E2E_DIST });
  });

  test.afterAll(async () => stopAppServer(server));

  test('the last admin cannot stop being one: the panel says why, and they stay an admin', async ({ browser }) => {
    test.setTimeout(60_000);
    const admin = await signUp(url, 'unico');
    await makeAdmin(url, admin.userId);
    const page = await personPage(browser, PHONE);
    await logIn(page, admin, `${url}/login`);
    await page.goto(`${url}/admin`);
    const card = await findPerson(page, admin.username);
    await expect(card.getByText('Você')).toBeVisible();
    // one cannot ban oneself: no button for it
    await expect(card.getByRole('button', { name: 'Banir' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Remover administrador' }).click();
    const dialog = page.getByTestId('admin-dialog');
    await expect(dialog.getByRole('heading', { name: 'Deixar de ser administrador?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remover administrador' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Erro ao salvar');
    await expect(toast).toContainText('Você é o último administrador: promova outra pessoa antes de deixar de ser administrador.');
    await expect(card.getByText('Administrador', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Painel de administração' })).toBeVisible();
  });
});
