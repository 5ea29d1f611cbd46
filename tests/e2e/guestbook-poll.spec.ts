/**
 * Guestbook and profile poll (issue 32), the whole moderation cycle in two browser contexts at
 * 360 px: Ana makes a poll in /manage-profile; Bia, on Ana's open profile, votes and leaves an
 * anonymous message (the counter counts down); Ana sees the pending count on the tab and who wrote
 * it, approves it — Bia's open profile shows it, as "Anônimo", without a reload —, rejects another
 * and deletes the approved one (gone from Bia's screen); Ana edits the poll, told first that the
 * votes go, and Bia's open profile shows the voting restarted. A third person sees "Anônimo",
 * and his phone keeps nothing that names Bia. axe on every screen; each fits 360 px.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { indexedDbText, logIn, signUp, type SignedUp } from './people.ts';

const PHONE = { width: 360, height: 740 };

async function signedInPage(browser: Browser, person: SignedUp): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await dismissConsent(page);
  await logIn(page, person);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('the guestbook and poll moderation cycle, live between two phones', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await signUp(baseURL!, 'anamural');
  const bia = await signUp(baseURL!, 'biamural');
  const [anaPage, biaPage] = [await signedInPage(browser, ana), await signedInPage(browser, bia)];

  // Ana makes a poll
  await anaPage.goto('/manage-profile');
  await anaPage.getByRole('tab', { name: 'Enquete' }).click();
  await anaPage.getByRole('button', { name: 'Nova enquete' }).click();
  const form = anaPage.getByTestId('poll-form');
  await form.getByLabel('Pergunta').fill('Praia ou montanha?');
  await form.getByLabel('Opção 1').fill('Praia');
  await form.getByLabel('Opção 2').fill('Montanha');
  await form.getByRole('button', { name: 'Criar enquete' }).click();
  await expect(anaPage.getByTestId('manage-poll-active')).toContainText('Praia ou montanha?');
  await expectNoSeriousAxeIssues(anaPage, 'manage-profile, poll tab');
  await expectFitsPhone(anaPage, 'manage-profile, poll tab');

  // Bia opens Ana's profile and votes
  await biaPage.goto(`/profile/${ana.username}`);
  const poll = biaPage.getByTestId('poll');
  await expect(poll.getByTestId('poll-question')).toHaveText('Praia ou montanha?');
  let biaReloaded = false;
  biaPage.on('framenavigated', (frame) => {
    if (frame === biaPage.mainFrame()) biaReloaded = true;
  });
  await poll.getByRole('radio', { name: 'Montanha' }).check();
  await poll.getByRole('button', { name: 'Votar' }).click();
  await expect(poll.getByTestId('poll-total')).toHaveText('1 voto no total');
  await expect(poll.getByTestId('poll-result').nth(1)).toContainText('(seu voto)');
  // Ana's open results follow, live
  await expect(anaPage.getByTestId('manage-poll-active').getByTestId('poll-total')).toHaveText('1 voto no total');

  // Bia leaves an anonymous message; the counter counts down
  const guestbook = biaPage.getByTestId('guestbook');
  const text = biaPage.getByLabel(`Sua mensagem para ${ana.username}`);
  await expect(guestbook.getByText('500 caracteres restantes')).toBeVisible();
  await text.fill('Adorei seu caderno de férias!');
  await expect(guestbook.getByText('471 caracteres restantes')).toBeVisible();
  await guestbook.getByLabel(/Enviar como anônima/).check();
  await guestbook.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(guestbook.getByRole('status').filter({ hasText: 'Mensagem enviada' })).toBeVisible();
  await expect(guestbook.getByTestId('my-waiting-message')).toContainText('Adorei seu caderno de férias!');
  await expect(guestbook.getByTestId('guestbook-message')).toHaveCount(0);
  await expectNoSeriousAxeIssues(biaPage, "Ana's profile, as Bia");
  await expectFitsPhone(biaPage, "Ana's profile, as Bia");

  // Ana: the pending count on the tab, the writer's name (anonymous to everyone else), approve
  await anaPage.getByRole('tab', { name: /Mural/ }).click();
  await expect(anaPage.getByRole('tab', { name: /Mural/ }).getByTestId('pending-count')).toHaveText(/1 aguardando/);
  const waiting = anaPage.getByTestId('moderation-pending').getByTestId('guestbook-message');
  await expect(waiting).toContainText(bia.username);
  await expect(waiting).toContainText('enviada como anônima');
  await expectNoSeriousAxeIssues(anaPage, 'manage-profile, guestbook tab');
  await expectFitsPhone(anaPage, 'manage-profile, guestbook tab');
  await waiting.getByRole('button', { name: 'Aprovar' }).click();
  await expect(anaPage.getByRole('tab', { name: /Mural/ }).getByTestId('pending-count')).toHaveCount(0);

  // Bia's open profile shows it, anonymous, without a reload
  const shown = guestbook.getByTestId('guestbook-message');
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText('Adorei seu caderno de férias!');
  await expect(shown).toContainText(bia.username); // the writer herself sees her name
  await expect(guestbook.getByTestId('my-waiting-message')).toHaveCount(0);

  // anyone else (Caio, signed in) sees "Anônimo": Bia's name is neither on the screen nor in what
  // his phone keeps of the guestbook
  const caio = await signUp(baseURL!, 'caiomural');
  const caioPage = await signedInPage(browser, caio);
  await caioPage.goto(`/profile/${ana.username}`);
  const seenByCaio = caioPage.getByTestId('guestbook-message');
  await expect(seenByCaio).toContainText('Adorei seu caderno de férias!');
  await expect(seenByCaio).toContainText('Anônimo');
  await expect.poll(() => indexedDbText(caioPage), { timeout: 10_000 }).toContain('Adorei seu caderno de férias!');
  const kept = await indexedDbText(caioPage);
  expect(kept).not.toContain(bia.username);
  expect(kept).not.toContain(bia.userId);
  expect(await caioPage.content()).not.toContain(bia.username);
  await caioPage.context().close();

  // a second message, rejected: gone for good
  await text.fill('Outra mensagem qualquer');
  await guestbook.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(guestbook.getByTestId('my-waiting-message')).toContainText('Outra mensagem qualquer');
  const second = anaPage.getByTestId('moderation-pending').getByTestId('guestbook-message').filter({ hasText: 'Outra mensagem qualquer' });
  await second.getByRole('button', { name: 'Recusar' }).click();
  await expect(anaPage.getByTestId('moderation-pending').getByText('Nenhuma mensagem esperando.')).toBeVisible();
  await expect(guestbook.getByTestId('my-waiting-message')).toHaveCount(0);

  // Ana deletes the approved one: it leaves Bia's open profile
  await anaPage.getByTestId('moderation-approved').getByTestId('guestbook-message').getByRole('button', { name: 'Excluir' }).click();
  await expect(anaPage.getByTestId('moderation-approved').getByText('Nenhuma mensagem aprovada ainda.')).toBeVisible();
  await expect(shown).toHaveCount(0);
  await expect(guestbook.getByText('Nenhuma mensagem no mural ainda.')).toBeVisible();

  // Ana edits the poll: told before saving that the vote goes; Bia's open profile restarts
  await anaPage.getByRole('tab', { name: 'Enquete' }).click();
  await anaPage.getByTestId('manage-poll-active').getByRole('button', { name: 'Editar' }).click();
  await anaPage.getByTestId('poll-form').getByRole('button', { name: 'Adicionar opção' }).click();
  await anaPage.getByTestId('poll-form').getByRole('textbox', { name: 'Opção 3' }).fill('Cidade');
  await expect(anaPage.getByTestId('votes-reset-warning')).toHaveText('Salvar as mudanças apaga o 1 voto já dado e reinicia a votação.');
  await anaPage.getByTestId('poll-form').getByRole('button', { name: 'Salvar e apagar os votos' }).click();
  await expect(anaPage.getByTestId('manage-poll-active').getByTestId('poll-total')).toHaveText('Nenhum voto ainda');
  await expect(poll.getByTestId('poll-result')).toHaveCount(3);
  await expect(poll.getByTestId('poll-total')).toHaveText('Nenhum voto ainda');
  await expect(poll.getByRole('button', { name: 'Votar' })).toBeVisible();
  expect(biaReloaded, 'Bia never reloaded the page').toBe(false);
});

test('offline: the last loaded guestbook and poll read; writing and voting say they need a connection', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const ana = await signUp(baseURL!, 'anaoff');
  const bia = await signUp(baseURL!, 'biaoff');
  expect((await ana.client.rpc('save_poll', { p_poll: null, p_question: 'Café ou chá?', p_options: ['Café', 'Chá'] })).error).toBeNull();
  const { data: written } = await bia.client.rpc('write_guestbook_message', { p_profile: ana.userId, p_body: 'Oi, Ana!', p_anonymous: false });
  expect((await ana.client.rpc('moderate_guestbook_message', { p_message: (written as { id: string }).id, p_action: 'approve' })).error).toBeNull();

  const page = await signedInPage(browser, bia);
  await page.goto(`/profile/${ana.username}`);
  await expect(page.getByTestId('guestbook-message')).toContainText('Oi, Ana!');
  await expect(page.getByTestId('poll-question')).toHaveText('Café ou chá?');
  await waitForServiceWorker(page);

  await page.context().setOffline(true);
  await expect(page.getByText('Você está sem internet. Escrever no mural precisa de conexão.')).toBeVisible();
  await expect(page.getByText('Você está sem internet. Votar precisa de conexão.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Votar' })).toBeDisabled();
  await expect(page.getByTestId('guestbook-message')).toContainText('Oi, Ana!');
  await expect(page.getByTestId('poll-results')).toBeVisible();

  // opened again with no connection: the device's copy of the profile, guestbook and poll
  await page.reload();
  await expect(page.getByText('Você está sem internet: isto é o que o aparelho guardou da última vez.')).toBeVisible();
  await expect(page.getByTestId('guestbook-message')).toContainText('Oi, Ana!');
  await expect(page.getByTestId('poll-question')).toHaveText('Café ou chá?');
  await expect(page.getByRole('button', { name: 'Enviar mensagem' })).toBeDisabled();
  await page.context().setOffline(false);
});
