import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
import { PASSWORD, indexedDbText, signUp, type SignedUp as Person } from './people.ts';

/**
 * Reporting (issue 33) at 360 px: a participant reports another participant's ANONYMOUS answer
 * with no connection — the report waits on the phone like any write — and it reaches the server
 * when the phone is back online. The dialog is used with the keyboard alone (focus starts on the
 * first reason, arrows pick one, Tab reaches the details and the buttons) and passes axe; the
 * person's reports are listed in Settings › Minhas denúncias. The author's identity never reaches
 * the reporter's phone: not in any IndexedDB store.
 */

const SECRET_NAME = 'Nome Secretíssimo';

async function phoneOf(browser: Browser, baseURL: string, person: Person): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 360, height: 740 }, baseURL, locale: 'pt-BR' });
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true, functional: false, analytics: false, marketing: false }));
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Login realizado com sucesso!');
  return page;
}

test('a participant reports an anonymous answer offline; it reaches the server online; the dialog works by keyboard; nothing names the author on the phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, author, reporter] = await Promise.all([signUp(baseURL!, 'dona'), signUp(baseURL!, 'autora'), signUp(baseURL!, 'denuncia')]);
  const { data: notebook, error } = await owner.client.from('notebooks').insert({ title: 'Caderno da turma', user_id: owner.userId }).select('id').single();
  expect(error).toBeNull();
  const { data: question } = await owner.client
    .from('questions')
    .insert({ notebook_id: notebook!.id, user_id: owner.userId, text: 'O que você acha da turma?', order_index: 0 })
    .select('id')
    .single();
  for (const person of [author, reporter]) {
    expect((await owner.client.from('notebook_shares').insert({ notebook_id: notebook!.id, shared_with: person.userId })).error).toBeNull();
  }
  const { data: answer, error: answerError } = await author.client
    .from('answers')
    .insert({ question_id: question!.id, notebook_id: notebook!.id, user_id: author.userId, text: 'Uma resposta muito maldosa', is_anonymous: true, responder_name: SECRET_NAME })
    .select('id')
    .single();
  expect(answerError, answerError?.message).toBeNull();

  const page = await phoneOf(browser, baseURL!, reporter);
  await page.goto(`/notebook/${notebook!.id}`);
  const item = page.getByTestId('answers-list').getByTestId('answer').filter({ hasText: 'Uma resposta muito maldosa' });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByTestId('answer-author')).toContainText('Anônimo');
  // a report button on the answer, and one on the question (neither is the reporter's)
  await expect(page.locator(`[data-question="${question!.id}"] > [data-testid="report-button"]`)).toBeVisible();
  const report = item.getByRole('button', { name: 'Denunciar' });
  await expect(report).toBeVisible();
  await expectFitsPhone(page, 'notebook with report buttons');

  // No signal: the report is saved on the phone.
  await page.context().setOffline(true);
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar resposta' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Não informar' })).toBeFocused();
  await expectNoSeriousAxeIssues(page, 'report dialog');
  await expectFitsPhone(page, 'report dialog');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Bullying ou assédio' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Detalhes (opcional)')).toBeFocused();
  await page.keyboard.type('Ofende uma colega');
  await expect(dialog.getByText('483 caracteres restantes')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Enviar denúncia' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Denúncia salva neste aparelho');
  await expect.poll(() => indexedDbText(page)).toContain('Ofende uma colega');
  expect((await reporter.client.from('reports').select('id')).data).toEqual([]);

  // Back online: it reaches the server, as the reporter's own row.
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await reporter.client.from('reports').select('kind, target_id, reason, details, status')).data, { timeout: 20_000 })
    .toEqual([{ kind: 'answer', target_id: answer!.id, reason: 'bullying', details: 'Ofende uma colega', status: 'open' }]);

  // Reporting it again is the same report.
  await report.click();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByTestId('toast')).toContainText('Você já denunciou isto');

  // Settings › Minhas denúncias lists it, from the phone.
  await page.goto('/settings');
  const mine = page.getByTestId('my-reports');
  await expect(mine.getByRole('heading', { name: 'Minhas denúncias' })).toBeVisible({ timeout: 15_000 });
  await expect(mine.getByTestId('my-report')).toHaveCount(1);
  await expect(mine.getByTestId('my-report')).toContainText('Resposta em um caderno');
  await expect(mine.getByTestId('my-report')).toContainText('Em análise');
  await expect(mine.getByTestId('my-report')).toContainText('Bullying ou assédio');
  await expect(mine.getByRole('link', { name: 'Abrir o caderno' })).toHaveAttribute('href', `/notebook/${notebook!.id}`);
  await expectNoSeriousAxeIssues(page, 'settings with Minhas denúncias');

  // S5: the author is nowhere on the reporter's phone.
  const stored = await indexedDbText(page);
  expect(stored).toContain(answer!.id);
  for (const trace of [author.userId, author.username, author.email, SECRET_NAME]) expect(stored).not.toContain(trace);
});

test('a profile, its poll and a guestbook message each have their report button; reporting the poll online sends it at once', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const [owner, writer, reporter] = await Promise.all([signUp(baseURL!, 'perfil'), signUp(baseURL!, 'escreve'), signUp(baseURL!, 'olhando')]);
  const { data: poll, error: pollError } = await owner.client.rpc('save_poll', { p_poll: null, p_question: 'Praia ou montanha?', p_options: ['Praia', 'Montanha'] });
  expect(pollError, pollError?.message).toBeNull();
  const { data: message, error: messageError } = await writer.client.rpc('write_guestbook_message', { p_profile: owner.userId, p_body: 'Oi, tudo bem?', p_anonymous: true });
  expect(messageError, messageError?.message).toBeNull();
  expect((await owner.client.rpc('moderate_guestbook_message', { p_message: (message as { id: string }).id, p_action: 'approve' })).error).toBeNull();

  const page = await phoneOf(browser, baseURL!, reporter);
  await page.goto(`/profile/${owner.username}`);
  await expect(page.getByTestId('guestbook-message').getByRole('button', { name: 'Denunciar' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-report-kind="poll"]')).toBeVisible();
  await expect(page.locator('[data-report-kind="profile"]')).toBeVisible();
  await expectFitsPhone(page, 'profile with report buttons');

  await page.locator('[data-report-kind="poll"]').click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar enquete' });
  await dialog.getByRole('radio', { name: 'Spam ou golpe' }).check();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByTestId('toast')).toContainText('Denúncia enviada');
  await expect
    .poll(async () => (await reporter.client.from('reports').select('kind, target_id, reason')).data, { timeout: 15_000 })
    .toEqual([{ kind: 'poll', target_id: (poll as { id: string }).id, reason: 'spam' }]);
  // nothing of the message's anonymous writer on the reporter's phone either
  const stored = await indexedDbText(page);
  for (const trace of [writer.userId, writer.username, writer.email]) expect(stored).not.toContain(trace);
});
