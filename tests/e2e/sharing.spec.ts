import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { dismissConsent } from './helpers.ts';
import { createNotebook, indexedDbText, logIn, newPerson, signUp, submitRegistration, type SignedUp } from './people.ts';

/**
 * Sharing, invites and collaboration (issue 9) as people meet them, each in their own browser:
 * an owner's invite link brings a new visitor through registration into the notebook; a revoked
 * link refuses the next person; removing someone's access takes the notebook off their phone
 * within seconds; an editor accepts and edits questions but cannot change the appearance.
 */

test.describe.configure({ mode: 'serial' });

async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissConsent(page);
  return page;
}

async function openShareDialog(page: Page, notebookId: string) {
  await page.goto(`/notebook/${notebookId}/edit`);
  await page.getByRole('button', { name: 'Compartilhar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar caderno' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('invite link: a new visitor registers from it, lands in the notebook and answers; a revoked link refuses the next person', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const notebook = await createNotebook(owner, 'Caderno da festa', ['Qual é a sua música favorita?', 'Um conselho para mim?']);

  // The owner creates the link in the share dialog.
  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  const dialog = await openShareDialog(ownerPage, notebook.id);
  await dialog.getByRole('button', { name: 'Criar link de convite' }).click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Convite criado' })).toBeVisible();
  const link = dialog.getByTestId('invite-link').first();
  await expect(link).toHaveAttribute('data-state', 'active');
  // shown in groups of four (issue 29); the link carries it in one block
  const code = (await link.locator('code').textContent())!.trim().replaceAll('-', '');
  expect(code).toMatch(/^[A-Z0-9]{4,12}$/);
  await expect(link.getByLabel('Link de convite')).toHaveValue(`${baseURL}/n/${code}`);
  expect((await new AxeBuilder({ page: ownerPage }).include('dialog').analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);

  // A visitor opens it, is asked to log in or register, registers, and comes back to finish.
  const visitorPage = await personPage(browser);
  const visitor = newPerson('visita');
  await visitorPage.goto(`/n/${code}`);
  await expect(visitorPage.getByRole('list', { name: 'Etapas do convite' }).locator('[aria-current="step"]')).toHaveText(/Entrar/);
  await visitorPage.getByTestId('invite-login').getByRole('link', { name: 'Criar conta' }).click();
  await expect(visitorPage).toHaveURL(/\/register\?next=/);
  await submitRegistration(visitorPage, visitor);
  await expect(visitorPage).toHaveURL(new RegExp(`/notebook/${notebook.id}$`), { timeout: 20_000 });

  // …and answers.
  await expect(visitorPage.getByTestId('question-page').getByRole('heading', { name: 'Qual é a sua música favorita?' })).toBeVisible({ timeout: 10_000 });
  await visitorPage.getByLabel('Sua resposta').fill('Trem-Bala');
  await visitorPage.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect
    .poll(async () => (await owner.client.from('answers').select('text').eq('notebook_id', notebook.id)).data?.map((a) => a.text), { timeout: 15_000 })
    .toEqual(['Trem-Bala']);

  // The owner revokes the link; a fourth person who opens it is refused.
  await dialog.getByTestId('invite-link').first().getByRole('button', { name: 'Revogar' }).click();
  await expect(dialog.getByTestId('invite-link').first()).toHaveAttribute('data-state', 'revoked');
  await expect
    .poll(async () => (await owner.client.from('invite_links').select('status').eq('code', code)).data?.[0]?.status, { timeout: 15_000 })
    .toBe('revoked');
  const fourth = await signUp(baseURL!, 'quarta');
  const fourthPage = await personPage(browser);
  await logIn(fourthPage, fourth, `/login?next=${encodeURIComponent(`/n/${code}`)}`);
  await expect(fourthPage.getByTestId('invite-error')).toContainText('Convite inválido ou expirado.');
  expect((await fourth.client.from('notebooks').select('id').eq('id', notebook.id)).data).toEqual([]);
});

test('removing access: within seconds the notebook leaves the person’s dashboard and their IndexedDB', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const friend: SignedUp = await signUp(baseURL!, 'amigo');
  const notebook = await createNotebook(owner, 'Caderno secreto da turma', ['Quem é o seu melhor amigo?']);

  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  const dialog = await openShareDialog(ownerPage, notebook.id);
  await dialog.getByLabel('@usuário ou nome').fill(`@${friend.username}`);
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await dialog.getByRole('list', { name: 'Pessoas encontradas' }).getByRole('button', { name: 'Compartilhar' }).click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Caderno compartilhado' })).toBeVisible();
  await expect(dialog.getByTestId('people-with-access')).toContainText(`@${friend.username}`);
  await expect(dialog.getByTestId('people-with-access')).not.toContainText('Pessoa convidada');

  const friendPage = await personPage(browser);
  await logIn(friendPage, friend);
  await friendPage.goto('/meus-cadernos');
  await friendPage.getByRole('tab', { name: /Compartilhados comigo/ }).click();
  const card = friendPage.getByRole('link', { name: 'Caderno secreto da turma' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => indexedDbText(friendPage), { timeout: 15_000 }).toContain('Quem é o seu melhor amigo?');

  await dialog.getByTestId('people-with-access').getByRole('button', { name: 'Remover acesso' }).click();
  await ownerPage.getByRole('dialog', { name: /Remover o acesso de/ }).getByRole('button', { name: 'Remover acesso' }).click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Acesso removido' })).toBeVisible();

  await expect(card).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => indexedDbText(friendPage), { timeout: 15_000 }).not.toContain('Quem é o seu melhor amigo?');
  // The notebook's own documents are gone too (the person keeps their notification that it was
  // shared). Each collection pulls on its own, so the notebook may leave a moment after its questions.
  await expect.poll(() => indexedDbText(friendPage), { timeout: 15_000 }).not.toContain('"title":"Caderno secreto da turma"');
});

test("the owner's open share dialog names a person who joins by the link, live, without a reload (issue 34: a share pulses the owner with every collection)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const friend = await signUp(baseURL!, 'amiga');
  expect((await friend.client.from('profiles').update({ display_name: 'Joana da Turma' }).eq('id', friend.userId)).error).toBeNull();
  const notebook = await createNotebook(owner, 'Caderno da chegada', ['Quem chegou?']);
  const { data: link, error } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebook.id });
  expect(error).toBeNull();

  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  const dialog = await openShareDialog(ownerPage, notebook.id);
  const people = dialog.getByTestId('people-with-access');
  await expect(dialog).not.toContainText(`@${friend.username}`);

  // The friend joins from their own phone while the owner looks at the dialog.
  expect((await friend.client.rpc('redeem_invite', { p_code: link.code })).data).toBe(notebook.id);
  await expect(people).toContainText('Joana da Turma', { timeout: 15_000 });
  await expect(people).toContainText(`@${friend.username}`);
  await expect(people).not.toContainText('Pessoa convidada');
});

test('removing access is asked first (cancel keeps the person); the removed person opening the same link is kept out and told why', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const friend = await signUp(baseURL!, 'amiga');
  const notebook = await createNotebook(owner, 'Caderno do recreio', ['Qual é a sua brincadeira favorita?']);
  const { data: link, error } = await owner.client.rpc('create_invite_link', { p_notebook_id: notebook.id });
  expect(error).toBeNull();
  expect((await friend.client.rpc('redeem_invite', { p_code: link.code })).data).toBe(notebook.id);

  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  const dialog = await openShareDialog(ownerPage, notebook.id);
  const people = dialog.getByTestId('people-with-access');
  await expect(people).toContainText(`@${friend.username}`, { timeout: 15_000 });

  // Asked first; Cancel (the button focused at first) keeps the person.
  await people.getByRole('button', { name: 'Remover acesso' }).click();
  const confirm = ownerPage.getByRole('dialog', { name: new RegExp(`^Remover o acesso de .*@${friend.username}\\)\\?$`) });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('não poderá voltar por um link ou código de convite');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  const reopened = await openShareDialog(ownerPage, notebook.id);
  await expect(reopened.getByTestId('people-with-access')).toContainText(`@${friend.username}`);
  expect((await friend.client.from('notebooks').select('id').eq('id', notebook.id)).data).toEqual([{ id: notebook.id }]);

  // Confirmed: removed, on the server too.
  await reopened.getByTestId('people-with-access').getByRole('button', { name: 'Remover acesso' }).click();
  await confirm.getByRole('button', { name: 'Remover acesso' }).click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Acesso removido' })).toBeVisible();
  await expect.poll(async () => (await friend.client.from('notebooks').select('id').eq('id', notebook.id)).data, { timeout: 15_000 }).toEqual([]);

  // The same link no longer lets them in, and says why.
  const friendPage = await personPage(browser);
  await logIn(friendPage, friend, `/login?next=${encodeURIComponent(`/n/${link.code}`)}`);
  await expect(friendPage.getByTestId('invite-error')).toContainText('O dono deste caderno removeu seu acesso.');
  await expect(friendPage.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  expect((await friend.client.from('notebooks').select('id').eq('id', notebook.id)).data).toEqual([]);
});

test('an invitation the server refuses after the screen said "sent" is shown in the collaboration panel, not dropped', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const invitee = await signUp(baseURL!, 'sumida');
  const notebook = await createNotebook(owner, 'Caderno do grupo', ['Qual é o nosso lema?']);

  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  await ownerPage.goto(`/notebook/${notebook.id}/edit`);
  const panel = ownerPage.getByTestId('collaboration-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await panel.getByLabel('@usuário ou nome').fill(`@${invitee.username}`);
  await panel.getByRole('button', { name: 'Buscar' }).click();
  const invite = panel.getByRole('list', { name: 'Pessoas encontradas' }).getByRole('button', { name: 'Convidar' });
  await expect(invite).toBeVisible();

  // Meanwhile the account is deleted: the invitation lands on this phone, and the server refuses it.
  const service = createClient(baseURL!, SUPABASE_DEMO_SERVICE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const deleted = await service.auth.admin.deleteUser(invitee.userId);
  expect(deleted.error).toBeNull();
  await invite.click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Convite enviado' })).toBeVisible();

  const refusal = panel.getByTestId('refused-write');
  await expect(refusal).toBeVisible({ timeout: 15_000 });
  await expect(refusal).toContainText('Não foi possível convidar');
  await expect(refusal).toContainText('Esta pessoa ou este caderno não existe mais.');
  await expect(panel.getByTestId('collaborator')).toHaveCount(0);
  await refusal.getByRole('button', { name: 'Descartar' }).click();
  await expect(refusal).toHaveCount(0);
});

test('an editor accepts the invitation and edits questions; a collaborator cannot change the appearance', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const editor = await signUp(baseURL!, 'editora');
  const helper = await signUp(baseURL!, 'ajuda');
  const notebook = await createNotebook(owner, 'Caderno a seis mãos', ['Primeira pergunta da turma?']);

  const ownerPage = await personPage(browser);
  await logIn(ownerPage, owner);
  await ownerPage.goto(`/notebook/${notebook.id}/edit`);
  const panel = ownerPage.getByTestId('collaboration-panel');
  await expect(panel).toBeVisible({ timeout: 15_000 });
  for (const [person, role] of [
    [editor, 'Editor'],
    [helper, 'Colaborador'],
  ] as const) {
    await panel.getByRole('combobox', { name: 'Papel', exact: true }).selectOption({ label: role });
    await panel.getByLabel('@usuário ou nome').fill(`@${person.username}`);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await panel.getByRole('list', { name: 'Pessoas encontradas' }).getByRole('button', { name: 'Convidar' }).click();
    await expect(panel.getByTestId('collaborator').filter({ hasText: person.username })).toContainText('(convite pendente)');
  }

  for (const person of [editor, helper]) {
    const page = await personPage(browser);
    await logIn(page, person);
    await page.goto('/meus-cadernos');
    await page.getByRole('tab', { name: /Colaborações/ }).click();
    const invitation = page.getByTestId('pending-invitation');
    await expect(invitation).toContainText(`@${owner.username}`, { timeout: 15_000 });
    await invitation.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Convite aceito' })).toBeVisible();
    await expect
      .poll(async () => (await owner.client.from('notebook_collaborators').select('status').eq('user_id', person.userId)).data?.[0]?.status, { timeout: 15_000 })
      .toBe('accepted');

    await page.goto(`/notebook/${notebook.id}/edit`);
    if (person === editor) {
      const edited = 'Primeira pergunta da turma, revisada?';
      const questions = page.locator('#questions-section');
      await questions.getByRole('button', { name: 'Editar', exact: true }).first().click();
      await questions.getByLabel('Texto da pergunta').fill(edited);
      await questions.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expect
        .poll(async () => (await owner.client.from('questions').select('text').eq('notebook_id', notebook.id)).data?.map((q) => q.text), { timeout: 15_000 })
        .toEqual([edited]);
    } else {
      // Collaborators see the appearance but cannot change it (spec §6).
      const appearance = page.getByTestId('appearance-section');
      await expect(appearance).toBeVisible();
      const controls = await appearance.locator('input, select, textarea').all();
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) await expect(control).toBeDisabled();
    }
  }
});

test('the person search marks who already has access, keeps its results after sharing, and Escape gives focus back to the Compartilhar button (QA J10–J12)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'dona');
  const friend = await signUp(baseURL!, 'amigo');
  const notebook = await createNotebook(owner, 'Caderno da busca', ['Qual é o seu lanche favorito?']);

  const ownerPage = await personPage(browser);
  await ownerPage.setViewportSize({ width: 360, height: 740 });
  await logIn(ownerPage, owner);
  const dialog = await openShareDialog(ownerPage, notebook.id);
  await dialog.getByLabel('@usuário ou nome').fill(`@${friend.username}`);
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  const results = dialog.getByRole('list', { name: 'Pessoas encontradas' });
  // Named with the person (their chosen name, isolated, then the @username).
  await results.getByRole('button', { name: new RegExp(`^Compartilhar com .*\\(@${friend.username}\\)$`) }).click();
  await expect(ownerPage.getByTestId('toast').filter({ hasText: 'Caderno compartilhado' })).toBeVisible();
  // Still found, now marked; nothing left to tap that would fail with "já tem acesso".
  await expect(results.getByRole('listitem').filter({ hasText: `@${friend.username}` })).toContainText('Já tem acesso');
  await expect(results).not.toContainText('Ninguém encontrado.');
  await expect(results.getByRole('button')).toHaveCount(0);

  await ownerPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByRole('button', { name: 'Compartilhar', exact: true })).toBeFocused();

  // Opened again, a new search says the same: the person has access.
  const reopened = await openShareDialog(ownerPage, notebook.id);
  await reopened.getByLabel('@usuário ou nome').fill(`@${friend.username}`);
  await reopened.getByRole('button', { name: 'Buscar' }).click();
  await expect(reopened.getByRole('list', { name: 'Pessoas encontradas' })).toContainText('Já tem acesso');
  await expect(reopened.getByRole('list', { name: 'Pessoas encontradas' }).getByRole('button')).toHaveCount(0);
});
