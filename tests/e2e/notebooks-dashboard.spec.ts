import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { SUPABASE_DEMO_ANON_KEY, SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { signUpAdult } from '../../sync-server/test-people.ts';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { createNotebook, logIn, newPerson, signUp, submitRegistration, type Person } from './people.ts';

/**
 * Issue 8 (dashboard, create, edit) as a person at a party with no signal meets it: sign up
 * through the app, lose the connection, create a notebook and write five questions, see it on
 * the dashboard waiting to sync, get the signal back and find it on the server; then reorder,
 * block and edit questions, use the dashboard's search, statistics and list view, and delete the
 * notebook after confirming. Each screen is checked with axe-core and at 360 px.
 */


async function register(page: Page, person: Person) {
  await page.goto('/register');
  await submitRegistration(page, person, { waitForAvailability: true });
  await expect(page).toHaveURL(/\/meus-cadernos$/);
}

const QUESTIONS = ['Qual é a sua cor favorita?', 'O que você quer ser quando crescer?', 'Qual é o seu lanche preferido?', 'Como nos conhecemos?', 'Qual música não sai da sua cabeça?'];

test('offline: create a notebook with five questions, see it pending, sync it, then reorder, block, edit and delete', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await dismissConsent(page);
  const person = newPerson('dash');
  await register(page, person);
  // The data layer has opened: the dashboard reads the (empty) local database.
  await expect(page.getByTestId('dashboard-empty')).toContainText('Você ainda não criou nenhum caderno.');
  await expect(page.getByRole('tab', { name: 'Meus cadernos (0)' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousAxeIssues(page, 'dashboard (empty)');
  await waitForServiceWorker(page);

  // No signal from here on.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Criar caderno' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar caderno' })).toBeVisible();
  const title = `Festa da Bia ${person.username.slice(-4)}`;
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page.getByText('O título deve ter pelo menos 3 caracteres.')).toBeVisible();
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Descrição (opcional)').fill('Perguntas para os amigos');
  await expect(page.getByLabel('Nome do autor')).toHaveAttribute('placeholder', 'Usuário');
  await page.getByLabel('Verde-água').check();
  await page.getByRole('button', { name: 'Adicionar adesivo: Estrela' }).click();
  const preview = page.getByTestId('create-preview');
  await expect(preview.getByTestId('notebook-cover')).toContainText(title);
  await expect(preview.getByTestId('notebook-cover')).toContainText('por Usuário');
  await expect(preview.locator('[data-sticker="star"]')).toHaveCount(1);
  await expectNoSeriousAxeIssues(page, 'create');
  await expectFitsPhone(page, 'create');
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page.getByTestId('toast')).toContainText('Caderno criado!');
  await expect(page).toHaveURL(/\/notebook\/[0-9a-f-]+\/edit/);
  const notebookId = /\/notebook\/([0-9a-f-]+)\/edit/.exec(page.url())![1];

  const newQuestion = page.getByLabel('Nova pergunta');
  await newQuestion.fill('ab');
  await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await expect(page.getByText('A pergunta deve ter pelo menos 3 caracteres.')).toBeVisible();
  for (const text of QUESTIONS) {
    await newQuestion.fill(text);
    await newQuestion.press('Enter');
    await expect(page.getByTestId('question-item').filter({ hasText: text })).toBeVisible();
  }
  await expect(page.getByTestId('question-item')).toHaveCount(5);
  await expect(page.getByTestId('question-item').first().getByTestId('sync-pending')).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'edit');
  await expectFitsPhone(page, 'edit');

  // Still offline, a fresh start of the app: the dashboard shows it, waiting to sync.
  await page.goto('/meus-cadernos');
  const card = page.getByTestId('notebook-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Criado por você');
  await expect(card.getByTestId('sync-pending')).toHaveText(/Aguardando sincronização/);
  // The top bar's status line (offline, the count is read out in full).
  await expect(page.getByRole('banner').getByRole('status')).toContainText('6 alterações aguardando envio');
  await expectNoSeriousAxeIssues(page, 'dashboard (offline, one notebook)');
  await expectFitsPhone(page, 'dashboard');

  // The signal returns: everything reaches the server.
  await context.setOffline(false);
  await expect(card.getByTestId('sync-pending')).toHaveCount(0, { timeout: 30_000 });
  const client = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own (STACK.md).
    realtime: { transport: WebSocket as never },
  });
  const signedIn = await client.auth.signInWithPassword({ email: person.email, password: person.password });
  expect(signedIn.error, signedIn.error?.message).toBeNull();
  const serverQuestions = async () => {
    const { data, error } = await client.from('questions').select('text, order_index, blocked').eq('notebook_id', notebookId).order('order_index');
    expect(error, error?.message).toBeNull();
    return data!;
  };
  const { data: notebooks } = await client.from('notebooks').select('title, theme, author, description, cover').eq('id', notebookId);
  expect(notebooks).toEqual([{ title, theme: 'teal', author: 'Usuário', description: 'Perguntas para os amigos', cover: { stickers: [{ id: 'star', size: 16, rotation: 0, layer: 'front', x: 3, y: 3 }] } }]);
  await expect.poll(async () => (await serverQuestions()).map((q) => q.text), { timeout: 15_000 }).toEqual(QUESTIONS);

  // Dashboard tools: statistics, search, list view.
  await page.getByRole('button', { name: 'Estatísticas' }).click();
  await expect(card.getByTestId('card-stats')).toContainText('5 perguntas');
  await expect(card.getByTestId('card-stats')).toContainText('0 aguardando moderação');
  await page.getByLabel('Buscar cadernos').fill('nada disso');
  await expect(page.getByTestId('dashboard-empty')).toContainText('Nenhum caderno encontrado para essa busca.');
  await page.getByLabel('Buscar cadernos').fill('festa BIA');
  await expect(card).toBeVisible();
  // The list is offered where it differs from the grid (issue 29: not on a phone).
  await expect(page.getByRole('button', { name: 'Lista' })).toBeHidden();
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Lista' }).click();
  await expect(page.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
  await page.setViewportSize(phone);

  // Edit: move the last question up with the keyboard, block the second, fix the first's text.
  await card.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Editar: ${title}` })).toBeVisible();
  const moveUp = page.getByRole('button', { name: 'Mover para cima: pergunta 5' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('question-item').nth(3)).toContainText(QUESTIONS[4]);
  await expect(page.getByRole('status').filter({ hasText: 'Pergunta movida para a posição 4' })).toBeVisible();
  const second = page.getByTestId('question-item').nth(1);
  await second.getByRole('button', { name: 'Bloquear' }).click();
  await expect(second.getByTestId('question-blocked')).toBeVisible();
  const first = page.getByTestId('question-item').first();
  await first.getByRole('button', { name: 'Editar' }).click();
  await first.getByLabel('Texto da pergunta').fill('Qual é a sua cor preferida?');
  await first.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast')).toContainText('Pergunta atualizada');
  await expect(first).toContainText('Qual é a sua cor preferida?');
  await expect(page.getByTestId('pending-writes')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(serverQuestions, { timeout: 15_000 })
    .toEqual([
      { text: 'Qual é a sua cor preferida?', order_index: 0, blocked: false },
      { text: QUESTIONS[1], order_index: 1, blocked: true },
      { text: QUESTIONS[2], order_index: 2, blocked: false },
      { text: QUESTIONS[4], order_index: 3, blocked: false },
      { text: QUESTIONS[3], order_index: 4, blocked: false },
    ]);

  // Delete, after saying yes.
  await page.goto('/meus-cadernos');
  await card.getByRole('button', { name: 'Mais opções' }).click();
  await card.getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeIssues(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Excluir' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Excluir caderno' }).click();
  await expect(page.getByTestId('toast')).toContainText('Caderno excluído');
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await client.from('notebooks').select('id').eq('id', notebookId)).data, { timeout: 20_000 }).toEqual([]);
});

test('a signed-out visitor is sent to log in, and comes back afterwards', async ({ page, baseURL }) => {
  await dismissConsent(page);
  for (const path of ['/meus-cadernos', '/create', '/notebook/00000000-0000-4000-8000-000000000000/edit']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
  // Logging in from there brings the person back to the create form.
  const person = newPerson('dash');
  const client = createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  expect((await signUpAdult(client, person)).error).toBeNull();
  await page.goto('/create');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Criar caderno' })).toBeVisible();
});

test('a collaborator accepts from the dashboard, adds a question, sees the appearance but cannot change it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await dismissConsent(page);
  const nodeClient = () =>
    createClient(baseURL!, SUPABASE_DEMO_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const signUp = async () => {
    const person = newPerson('dash');
    const client = nodeClient();
    const { data, error } = await signUpAdult(client, person);
    expect(error, error?.message).toBeNull();
    return { ...person, id: data.user!.id, client };
  };
  const [owner, helper] = [await signUp(), await signUp()];
  const notebookId = randomUUID();
  const title = `Turma ${owner.username.slice(-4)}`;
  expect((await owner.client.from('notebooks').insert({ id: notebookId, user_id: owner.id, title, theme: 'pink' })).error).toBeNull();
  expect((await owner.client.from('questions').insert([{ id: randomUUID(), notebook_id: notebookId, text: 'Qual é o seu apelido?', order_index: 0 }])).error).toBeNull();
  expect((await owner.client.from('notebook_collaborators').insert({ notebook_id: notebookId, user_id: helper.id, role: 'collaborator' })).error).toBeNull();

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(helper.email);
  await page.getByLabel('Senha', { exact: true }).fill(helper.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await page.getByRole('tab', { name: /^Colaborações/ }).click();
  const card = page.getByTestId('notebook-card').filter({ hasText: title });
  await expect(card).toContainText('Convite pendente', { timeout: 15_000 });
  await expect(card.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expectNoSeriousAxeIssues(page, 'dashboard (collaborations)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeIssues(page, 'dashboard (collaborations, dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await card.getByRole('button', { name: 'Aceitar' }).click();
  await expect(card.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  await card.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Editar: ${title}` })).toBeVisible();
  await expect(page.getByTestId('appearance-readonly')).toBeVisible();
  await expect(page.getByTestId('appearance-section').getByRole('radio', { name: 'Rosa', exact: true })).toBeChecked();
  await expect(page.getByTestId('appearance-section').getByRole('radio', { name: 'Azul', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar aparência' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bloquear' })).toHaveCount(0);
  await page.getByLabel('Nova pergunta').fill('Qual foi a melhor viagem da turma?');
  await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await expect(page.getByTestId('toast')).toContainText('Pergunta adicionada');
  await expect(page.getByTestId('question-item').nth(1).getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(page.getByTestId('question-item').first().getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expectNoSeriousAxeIssues(page, 'edit (collaborator)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousAxeIssues(page, 'edit (collaborator, dark)');
  await expect
    .poll(async () => (await owner.client.from('questions').select('text').eq('notebook_id', notebookId).order('order_index')).data?.map((q) => q.text), { timeout: 20_000 })
    .toEqual(['Qual é o seu apelido?', 'Qual foi a melhor viagem da turma?']);

  // In English too.
  await page.goto('/en/meus-cadernos');
  await expect(page.getByRole('tab', { name: /^My notebooks/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /^Collaborations/ }).click();
  await expect(page.getByTestId('notebook-card').filter({ hasText: title }).getByRole('link', { name: 'Edit' })).toBeVisible();
});

test('a question the server refuses shows its reason where it was written, and is fixed there', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await dismissConsent(page);
  const person = newPerson('dash');
  await register(page, person);
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  await waitForServiceWorker(page);
  await page.getByRole('link', { name: 'Criar caderno' }).first().click();
  const title = `Recusas ${person.username.slice(-4)}`;
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page).toHaveURL(/\/edit/);
  await expect(page.getByTestId('sync-pending')).toHaveCount(0, { timeout: 20_000 });

  // Offline, a word the device does not know yet is forbidden on the server meanwhile.
  await context.setOffline(true);
  const word = `zorbax${Date.now().toString(36)}`;
  const admin = createClient(baseURL!, SUPABASE_DEMO_SERVICE_KEY, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  expect((await admin.from('forbidden_words').insert({ word, language: 'pt-BR' })).error).toBeNull();
  await page.getByLabel('Nova pergunta').fill(`Você gosta de ${word}?`);
  await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
  await expect(page.getByTestId('toast')).toContainText('Pergunta adicionada');
  await context.setOffline(false);

  const refusal = page.getByTestId('refused-write');
  await expect(refusal).toHaveCount(1, { timeout: 30_000 });
  await expect(refusal).toContainText('Erro ao adicionar pergunta');
  await expect(refusal).toContainText(`Palavras proibidas: ${word}`);
  await expect(refusal).toContainText(`Você gosta de ${word}?`);
  await expectNoSeriousAxeIssues(page, 'edit (refused question)');
  await refusal.getByRole('button', { name: 'Corrigir' }).click();
  await refusal.getByLabel('Texto da pergunta').fill('Você gosta de música?');
  await refusal.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByTestId('refused-write')).toHaveCount(0);
  await expect(page.getByTestId('question-item').filter({ hasText: 'Você gosta de música?' })).toBeVisible();
  await expect(page.getByTestId('question-item')).toHaveCount(1);
});

// A keyboard or screen-reader user types straight into the field that replaced the button.
test('editing one question, then another, puts the cursor in the field each time', async ({ page, baseURL }) => {
  await dismissConsent(page);
  const owner = await signUp(baseURL!, 'foco');
  const notebook = await createNotebook(owner, 'Caderno do foco', ['Primeira pergunta?', 'Segunda pergunta?']);
  await logIn(page, owner);
  await page.goto(`/notebook/${notebook.id}/edit`);
  const items = page.getByTestId('question-item');
  await items.first().getByRole('button', { name: 'Editar' }).click();
  await expect(items.first().getByLabel('Texto da pergunta')).toBeFocused();
  await page.keyboard.press('Escape');
  await items.nth(1).getByRole('button', { name: 'Editar' }).click();
  await expect(items.nth(1).getByLabel('Texto da pergunta')).toBeFocused();
});

