/**
 * The flagship flows at 360×740 (issue 29, items 4–9): answering starts above the fold on a shared
 * notebook, the dashboard's first card is close to the top, the footer only where it belongs, the
 * bottom navigation's place on someone's profile, one finish on the last question, and the small
 * ones (the birth date's message, a forbidden username on blur, deleting one's account, searching
 * oneself to share, codes in groups and typed any way).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dismissConsent } from './helpers.ts';
import { PASSWORD, createNotebook, forbidWord, logIn, signUp, type SignedUp } from './people.ts';

test.use({ viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => dismissConsent(page));

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

async function share(owner: SignedUp, notebookId: string, friend: SignedUp) {
  const shared = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, created_by: owner.userId, shared_with: friend.userId });
  expect(shared.error, shared.error?.message).toBeNull();
}

/** The top of the bottom navigation: what is above it is on screen. */
async function foldOf(page: Page): Promise<number> {
  await expect(page.getByTestId('places-nav')).toBeVisible();
  return (await box(page.getByTestId('places-nav'))).y;
}

/** A date of birth `years` years ago (yyyy-mm-dd), a month before the birthday. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

test('item 4: a participant sees the first question and its field without scrolling; blocking and the party are in a menu', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const [owner, friend] = await Promise.all([signUp(baseURL!, 'capa'), signUp(baseURL!, 'leitora')]);
  const notebook = await createNotebook(owner, 'Caderno da turma do sexto ano 2026', ['Qual é a sua comida favorita?', 'Um lugar para viajar?']);
  await share(owner, notebook.id, friend);
  await logIn(page, friend);
  await page.goto(`/notebook/${notebook.id}`);
  const question = page.getByTestId('question-page');
  await expect(question.getByRole('heading', { name: 'Qual é a sua comida favorita?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Caderno da turma do sexto ano 2026' })).toBeVisible();
  // the cover is still there, small
  expect((await box(page.getByTestId('notebook-cover'))).height).toBeLessThanOrEqual(120);

  const fold = await foldOf(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const heading = await box(question.getByRole('heading', { name: 'Qual é a sua comida favorita?' }));
  const field = await box(page.getByLabel('Sua resposta'));
  expect(heading.y, 'the question is below the top bar').toBeGreaterThan(0);
  expect(field.y + field.height, `the answer field ends at ${field.y + field.height}px, the fold is at ${fold}px`).toBeLessThanOrEqual(fold);

  // No "Bloquear @…" or "Passar o caderno" on the way to the question: they are in the menu.
  const block = page.getByRole('button', { name: `Bloquear @${owner.username}` });
  const party = page.getByRole('link', { name: 'Passar o caderno' });
  await expect(block).toBeHidden();
  await expect(party).toBeHidden();
  const menu = page.getByRole('button', { name: 'Mais ações' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.locator('svg')).toHaveCount(1);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(block).toBeVisible();
  await expect(party).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(block).toBeHidden();
  await expect(menu).toBeFocused();

  // Blocking from the menu still asks first.
  await menu.click();
  await block.click();
  await expect(page.getByRole('group', { name: `Bloquear @${owner.username}` }).getByRole('button', { name: 'Bloquear', exact: true })).toBeVisible();
});

test('item 4: the party is offered only where it makes sense — not on a notebook with no questions', async ({ page, baseURL }) => {
  const [owner, friend] = await Promise.all([signUp(baseURL!, 'vazio'), signUp(baseURL!, 'amigo')]);
  const empty = await createNotebook(owner, 'Caderno sem perguntas', []);
  await share(owner, empty.id, friend);
  await logIn(page, friend);
  await page.goto(`/notebook/${empty.id}`);
  await expect(page.getByText('Este caderno ainda não tem perguntas.')).toBeVisible();
  await page.getByRole('button', { name: 'Mais ações' }).click();
  await expect(page.getByRole('button', { name: `Bloquear @${owner.username}` })).toBeVisible();
  await expect(page.getByTestId('pass-the-phone')).toHaveCount(0);
});

test('item 5: the dashboard’s first card starts within 250 px; the title is said once; grid and list are not offered on a phone', async ({ page, baseURL }) => {
  const me = await signUp(baseURL!, 'painel');
  await createNotebook(me, 'Primeiro caderno', ['Oi?']);
  await createNotebook(me, 'Segundo caderno', ['Oi?']);
  await logIn(page, me);
  await page.goto('/meus-cadernos');
  const card = page.getByTestId('notebook-card').first();
  await expect(card).toBeVisible();
  const top = (await box(card)).y;
  expect(top, `the first card starts at ${top}px`).toBeLessThanOrEqual(250);

  // "Meus cadernos" is shown once, in the top bar (the page's heading is for screen readers).
  const heading = page.getByRole('heading', { level: 1, name: 'Meus cadernos' });
  await expect(heading).toHaveCount(1);
  expect((await box(heading)).height).toBeLessThanOrEqual(1);

  // The tools: search, statistics and "Criar caderno" on one row.
  const search = await box(page.getByLabel('Buscar cadernos'));
  const stats = await box(page.getByRole('button', { name: 'Estatísticas' }));
  const create = await box(page.getByRole('link', { name: 'Criar caderno' }));
  expect(Math.abs(stats.y - search.y)).toBeLessThanOrEqual(4);
  expect(Math.abs(create.y - search.y)).toBeLessThanOrEqual(4);
  await page.getByRole('button', { name: 'Estatísticas' }).click();
  await expect(card.getByTestId('card-stats')).toContainText('1 pergunta');

  // At 360 px grid and list looked the same: not offered there; on a wide screen they are.
  await expect(page.getByRole('button', { name: 'Grade' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Lista' })).toBeHidden();
  await page.setViewportSize({ width: 1024, height: 740 });
  await expect(page.getByRole('button', { name: 'Lista' })).toBeVisible();
});

test('item 6: no footer above the bottom navigation; its links are in the account menu; the landing and static pages keep it', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sobre' })).toBeVisible();
  const me = await signUp(baseURL!, 'rodape');
  await logIn(page, me);
  for (const path of ['/meus-cadernos', '/settings', '/timeline', `/profile/${me.username}`]) {
    await page.goto(path);
    await expect(page.getByTestId('places-nav'), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toHaveCount(0);
  }
  await page.getByTestId('account-menu').click();
  const links = page.getByTestId('menu-site-links');
  for (const name of ['Sobre', 'Perguntas frequentes', 'Contato', 'Termos de uso', 'Privacidade', 'Cookies']) {
    await expect(links.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('app-version')).toBeVisible();
  await links.getByRole('link', { name: 'Termos de uso' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacidade' })).toBeVisible();
});

test('item 7: someone’s profile lights no place of the navigation; one’s own lights "Perfil"', async ({ page, baseURL }) => {
  const [me, other] = await Promise.all([signUp(baseURL!, 'euperfil'), signUp(baseURL!, 'outra')]);
  await logIn(page, me);
  await page.goto(`/profile/${other.username}`);
  await expect(page.getByTestId('profile')).toBeVisible();
  const nav = page.getByTestId('places-nav');
  await expect(nav.getByRole('link', { name: 'Novidades' })).not.toHaveAttribute('aria-current', /.+/);
  await expect(nav.locator('[aria-current]')).toHaveCount(0);
  await page.goto(`/profile/${me.username}`);
  await expect(page.getByTestId('profile')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
});

test('item 8: the last question has one finish; with text typed it saves and finishes without asking', async ({ page, baseURL }) => {
  const [owner, friend] = await Promise.all([signUp(baseURL!, 'fim'), signUp(baseURL!, 'quem')]);
  const notebook = await createNotebook(owner, 'Uma pergunta só', ['Seu lanche preferido?']);
  await share(owner, notebook.id, friend);
  await logIn(page, friend);
  await page.goto(`/notebook/${notebook.id}`);
  await expect(page.getByTestId('page-number')).toHaveText('Página 1 de 1');
  const finish = page.getByRole('button', { name: /concluir/i });
  await expect(finish).toHaveText(['Concluir']);
  await page.getByLabel('Sua resposta').fill('Pão de queijo');
  await expect(finish).toHaveText(['Salvar e concluir']);
  await finish.click();
  await expect(page.getByTestId('stepper-complete')).toContainText('Você respondeu 1 de 1 pergunta.');
  await expect(page.getByRole('dialog', { name: 'Salvar sua resposta antes de sair?' })).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Resposta enviada' })).toBeVisible();
});

test('item 9: the under-13 message goes as soon as the date changes to a 15-year-old’s', async ({ page }) => {
  await page.goto('/register');
  const date = page.getByLabel('Data de nascimento');
  await date.fill(bornYearsAgo(10));
  await page.getByRole('button', { name: 'Criar conta' }).click();
  const under13 = page.getByText('Ele é para quem tem 13 anos ou mais', { exact: false });
  await expect(under13).toBeVisible();
  await date.fill(bornYearsAgo(15));
  await expect(under13).toHaveCount(0);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  // the guardian's part shows for a 15-year-old
  await expect(page.getByLabel('E-mail do responsável')).toBeVisible();
});

test('item 9: a username with a forbidden word is flagged when the field is left, before any submit', async ({ page, baseURL }) => {
  const word = `feio${Date.now().toString(36).slice(-5)}`;
  await forbidWord(baseURL!, word);
  await page.goto('/register');
  await page.getByLabel('Nome de usuário').fill(`${word}_x`);
  await page.getByLabel('E-mail').focus();
  await expect(page.getByText('Este nome de usuário não é permitido')).toBeVisible();
  await expect(page.getByText('Nome de usuário disponível')).toHaveCount(0);
});

test('item 9: deleting one’s own account says "Conta removida" on the landing page', async ({ page, baseURL }) => {
  const me = await signUp(baseURL!, 'sai');
  await logIn(page, me);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await page.getByLabel(/Para confirmar, digite seu nome de usuário/).fill(me.username);
  await page.getByRole('button', { name: 'Excluir para sempre' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/?$`), { timeout: 15_000 });
  const told = page.getByTestId('toast').filter({ hasText: 'Conta removida' });
  await expect(told).toBeVisible();
  await expect(told).toContainText('Sua conta foi removida.');
  await page.waitForTimeout(1500);
  await expect(told).toBeVisible();
});

test('item 9: searching oneself in the share dialog says one cannot invite oneself (spec §5)', async ({ page, baseURL }) => {
  const me = await signUp(baseURL!, 'euconvido');
  const notebook = await createNotebook(me, 'Meu caderno', ['Oi?']);
  await logIn(page, me);
  await page.goto(`/notebook/${notebook.id}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  const people = dialog.getByRole('search').first();
  await people.getByRole('searchbox').fill(`@${me.username.toUpperCase()}`);
  await people.getByRole('button', { name: 'Buscar' }).click();
  await expect(dialog.getByTestId('search-myself').first()).toHaveText('Você não pode convidar a si mesmo.');
  await expect(dialog.getByText('Ninguém encontrado.')).toHaveCount(0);
});

test('item 9: an invite code shows in groups of four and opens the notebook typed in any case, with dashes or spaces', async ({ browser, page, baseURL }) => {
  test.setTimeout(60_000);
  const [owner, friend] = await Promise.all([signUp(baseURL!, 'codigo'), signUp(baseURL!, 'digita')]);
  const notebook = await createNotebook(owner, 'Caderno do código', ['Qual é a sua cor favorita?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  const link = dialog.getByTestId('invite-link').first();
  await expect(link).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  const shown = (await link.locator('code').textContent())!.trim();
  expect(shown).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const code = shown.replaceAll('-', '');
  await expect(link.getByLabel('Link de convite')).toHaveValue(`${baseURL}/n/${code}`);

  // The friend types it as they heard it: lower case, with a space and a dash.
  const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4, 8).toLowerCase()}-${code.slice(8)}`;
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const other = await context.newPage();
  await dismissConsent(other);
  await logIn(other, { email: friend.email, password: PASSWORD });
  await other.goto(`/n/${encodeURIComponent(typed)}`);
  await expect(other).toHaveURL(new RegExp(`/notebook/${notebook.id}$`), { timeout: 20_000 });
  await expect(other.getByTestId('question-page').getByRole('heading', { name: 'Qual é a sua cor favorita?' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('item 6: without the footer, the end of a page still scrolls clear of the cookie question', async ({ browser, baseURL }) => {
  const me = await signUp(baseURL!, 'cookie');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await logIn(page, me);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Conta' }).click();
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  const last = page.getByRole('button', { name: 'Excluir minha conta' });
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const reached = await last.evaluate((button) => {
    const { x, y, width, height } = button.getBoundingClientRect();
    return document.elementFromPoint(x + width / 2, y + height / 2) === button;
  });
  expect(reached, 'a tap on "Excluir minha conta" reaches it, not the cookie question').toBe(true);
  await context.close();
});
