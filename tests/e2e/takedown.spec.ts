import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone } from './helpers.ts';
import { createNotebook, indexedDbText, logIn, makeAdmin, type SignedUp, signUp } from './people.ts';

/**
 * Takedown (issue 33) at 360 px: a person reports an anonymous answer with the answer's report
 * button and dialog, an admin hides it from /admin › Denúncias, and it leaves the
 * notebook a participant has open, without a reload — the time from the admin's answer to its
 * disappearance is printed (budget: 2 s on loopback). The reporter is told the decision and never
 * holds the author's identity on the device; the author is told why; 'Banir autor' from the queue
 * signs the author out with 'Conta banida' on their open page.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function signedInPage(browser: Browser, person: SignedUp): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissConsent(page);
  await logIn(page, person);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const SECRET = 'Resposta anônima que ofende a turma';
const REASON = 'Ofende colegas da turma (bullying)';

test('a reported anonymous answer hidden from /admin leaves a participant\'s open notebook; the reporter and the author are told; a ban signs the author out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await signUp(baseURL!, 'donatd');
  const author = await signUp(baseURL!, 'autortd');
  const reporter = await signUp(baseURL!, 'denunciatd');
  const participant = await signUp(baseURL!, 'leitoratd');
  const admin = await signUp(baseURL!, 'moderatd');
  await makeAdmin(baseURL!, admin.userId);

  const { id: notebookId, questionIds } = await createNotebook(owner, 'Caderno da turma', ['Qual é o seu sonho?']);
  for (const person of [author, reporter, participant]) {
    const shared = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.userId, created_by: owner.userId });
    expect(shared.error, shared.error?.message).toBeNull();
  }
  const answered = await author.client.from('answers').insert({ question_id: questionIds[0], text: SECRET, is_anonymous: true }).select('id').single();
  expect(answered.error, answered.error?.message).toBeNull();
  const answerId = (answered.data as { id: string }).id;

  // the reporter reports it with the answer's own button and dialog (REPORTS' ReportDialog)
  const reporterPage = await signedInPage(browser, reporter);
  await reporterPage.goto(`/notebook/${notebookId}`);
  const answerItem = reporterPage.getByTestId('answers-list').getByTestId('answer').filter({ hasText: SECRET });
  await expect(answerItem).toBeVisible({ timeout: 20_000 });
  await answerItem.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Denunciar resposta' });
  await dialog.getByRole('radio', { name: 'Bullying ou assédio' }).check();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await reporter.client.from('reports').select('kind, target_id, status')).data, { timeout: 20_000 })
    .toEqual([{ kind: 'answer', target_id: answerId, status: 'open' }]);

  const participantPage = await signedInPage(browser, participant);
  await participantPage.goto(`/notebook/${notebookId}`);
  await expect(participantPage.getByText(SECRET)).toBeVisible({ timeout: 15_000 });
  let reloaded = false;
  participantPage.on('framenavigated', (frame) => {
    if (frame === participantPage.mainFrame()) reloaded = true;
  });

  const authorPage = await signedInPage(browser, author);

  // the admin opens the queue and hides the answer, with the reason the author reads
  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto('/admin?tab=reports');
  const item = adminPage.getByTestId('admin-report').filter({ hasText: SECRET });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText('1 denúncia');
  await item.getByRole('button', { name: new RegExp(SECRET) }).click();
  const target = item.getByTestId('admin-report-target');
  await expect(target).toContainText('Qual é o seu sonho?');
  await expect(target).toContainText(`@${author.username}`);
  await expect(target).toContainText('publicado como anônimo');
  await expectFitsPhone(adminPage, '/admin?tab=reports with a target open');
  // on a laptop the content and its reports sit side by side
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  const columns = await target.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
  expect(columns, 'two columns on a laptop').toBe(2);
  await adminPage.setViewportSize({ width: 360, height: 740 });
  // no reason: the author must be told why
  await target.getByRole('button', { name: 'Ocultar' }).click();
  await expect(target.getByRole('alert')).toContainText('Escreva o motivo: o autor vai lê-lo.');
  await target.getByLabel('Motivo (o autor lê)').fill(REASON);
  await target.getByRole('button', { name: 'Ocultar' }).click();
  const acted = adminPage.waitForResponse((response) => response.url().includes('/rpc/admin_act'));
  await target.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  expect((await acted).ok()).toBe(true);
  const hiddenAt = Date.now();
  await expect(participantPage.getByText(SECRET)).toHaveCount(0, { timeout: 10_000 });
  const reachMs = Date.now() - hiddenAt;
  console.log(`takedown: the hide reached the participant's open notebook in ${reachMs} ms (budget 2000 ms)`);
  // the reporter's open notebook too
  await expect(reporterPage.getByText(SECRET)).toHaveCount(0, { timeout: 10_000 });
  expect(reloaded, 'the participant never reloaded').toBe(false);
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Conteúdo ocultado' })).toBeVisible();
  // handled, it leaves the open queue; among the resolved ones, with its audit entry
  await expect(item).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'Resolvidas' }).click();
  await expect(item).toContainText('Oculto');
  await item.getByRole('button', { name: new RegExp(SECRET) }).click();
  await expect(target.getByTestId('admin-report-audit')).toContainText(REASON);
  await expect(target.getByRole('button', { name: 'Restaurar' })).toBeVisible();

  // the reporter is told the decision, and their device never held who wrote it
  await reporterPage.goto('/notificacoes');
  await expect(reporterPage.getByText('Sua denúncia foi analisada: o conteúdo foi ocultado')).toBeVisible({ timeout: 15_000 });
  const reporterDevice = await indexedDbText(reporterPage);
  expect(reporterDevice).not.toContain(author.userId);
  expect(reporterDevice).not.toContain(author.username);

  // the author is told why
  await authorPage.goto('/notificacoes');
  await expect(authorPage.getByText(`A moderação ocultou um conteúdo seu. Motivo: ${REASON}`)).toBeVisible({ timeout: 15_000 });

  // 'Banir autor' from the queue: the author is signed out with 'Conta banida'
  await target.getByLabel('Motivo (o autor lê)').fill('Ofensas repetidas');
  await target.getByRole('button', { name: 'Banir autor' }).click();
  await target.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  // signed out on the open page itself, without a reload
  await expect(authorPage.getByTestId('toast').filter({ hasText: 'Conta banida' })).toBeVisible({ timeout: 15_000 });
  await expect(authorPage.getByRole('button', { name: `@${author.username}` })).toHaveCount(0, { timeout: 15_000 });
  await expect(adminPage.getByTestId('toast').filter({ hasText: 'Autor banido' })).toBeVisible();
});
