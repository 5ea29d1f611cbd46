import { createClient } from '@supabase/supabase-js';
import { devices, expect, test, type Browser, type Page, type Request } from '@playwright/test';
import WebSocket from 'ws';
import { SUPABASE_DEMO_SERVICE_KEY } from '../../sync-server/config.ts';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues, waitForServiceWorker } from './helpers.ts';
import { forbidWord, indexedDbText, logIn, newPerson, signUp, submitRegistration, type SignedUp } from './people.ts';

/**
 * Issue 21, the party: one phone, many friends, no signal. The owner, offline, creates a notebook
 * with five questions and passes the phone around: four friends answer in turn on the same page
 * (one anonymous, one whose forbidden word is refused on the phone), the phone reloads mid-round,
 * then reconnects. The owner's other device and a sharee see four separate sets of answers with
 * the right names and anonymity (the sharee's IndexedDB holds no trace of the anonymous name); one
 * friend registers and claims their answers; a replayed push changes nothing.
 */

const QUESTIONS = ['Sobremesa favorita?', 'Música da festa?', 'Um apelido para mim?', 'Melhor lembrança?', 'Um conselho?'];
const PIN = '2468';
const FORBIDDEN = 'jilozada';
/** A name distinctive enough that a scan of a whole IndexedDB finds it only if it is there. */
const SECRET_NAME = 'Bia Sigilosa Quixote';

interface Friend {
  name: string;
  anonymous?: boolean;
  answers: string[];
}

const FRIENDS: Friend[] = [
  { name: 'Ana Festeira', answers: ['Brigadeiro', 'Evidências', 'Cadê', 'A viagem', 'Dormir cedo'] },
  { name: SECRET_NAME, anonymous: true, answers: ['Pudim', 'Macarena', 'Chefe', 'O bolo', 'Rir mais'] },
  { name: 'Caio Dançarino', answers: ['Sorvete', 'Ai se eu te pego', 'Maestro', 'A pizza', 'Ler mais'] },
  { name: 'Duda Cantora', answers: ['Paçoca', 'Trem das onze', 'Poeta', 'O karaokê', 'Cantar sempre'] },
];

async function createNotebookOffline(page: Page, title: string): Promise<string> {
  await page.goto('/create');
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Criar caderno' }).click();
  await expect(page).toHaveURL(/\/notebook\/[0-9a-f-]+\/edit/);
  const notebookId = /\/notebook\/([0-9a-f-]+)\/edit/.exec(page.url())![1];
  const newQuestion = page.getByLabel('Nova pergunta');
  for (const text of QUESTIONS) {
    await newQuestion.fill(text);
    await newQuestion.press('Enter');
    await expect(page.getByTestId('question-item').filter({ hasText: text })).toBeVisible();
  }
  return notebookId;
}

async function answerTurn(page: Page, friend: Friend, { check = false } = {}) {
  await expect(page.getByTestId('round-step')).toHaveText('Vez da próxima pessoa');
  // Nothing of the previous turn is on the screen.
  for (const other of FRIENDS) for (const text of other.answers) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  await page.getByLabel('Seu nome').fill(friend.name);
  if (friend.anonymous) await page.getByLabel('Responder como anônimo').check();
  if (check) {
    await expect(page.getByText('Só o dono do caderno verá seu nome.', { exact: false })).toBeVisible();
    await expectNoSeriousAxeIssues(page, 'round: next person');
    await expectFitsPhone(page, 'round: next person');
  }
  await page.getByRole('button', { name: 'Começar a responder' }).click();
  await expect(page.getByTestId('round-step')).toHaveText(`Olá, ${friend.name}!`);
  const fields = page.getByTestId('guest-answer');
  await expect(fields).toHaveCount(QUESTIONS.length);
  for (const [index, text] of friend.answers.entries()) await fields.nth(index).fill(text);
}

async function endTurn(page: Page, friend: Friend): Promise<string> {
  await page.getByRole('button', { name: 'Salvar e terminar minha vez' }).click();
  await expect(page.getByTestId('round-step')).toHaveText(`Obrigado, ${friend.name}!`);
  const code = (await page.getByTestId('claim-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  // The QR code's text alternative is the code itself; it encodes the claim link.
  await expect(page.getByRole('img', { name: new RegExp(code) })).toBeVisible();
  await expect(page.getByTestId('claim-qr')).toHaveAttribute('data-value', new RegExp(`/claim/${code.replace(/-/g, '')}$`));
  return code;
}

async function signedInContext(browser: Browser, baseURL: string, person: { email: string; password: string }) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await dismissConsent(page);
  await logIn(page, person);
  return { context, page };
}

/** The author line of each answer in the notebook's answer list, by answer text. */
async function authorsByAnswer(page: Page): Promise<Record<string, string>> {
  const items = page.getByTestId('answer');
  const found: Record<string, string> = {};
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const author = (await item.getByTestId('answer-author').textContent())!.trim();
    const text = (await item.textContent())!;
    const answer = FRIENDS.flatMap((f) => f.answers).find((a) => text.includes(a));
    if (answer) found[answer] = author;
  }
  return found;
}

test('the party: four friends answer on one offline phone, sync, are seen by name (or anonymously), and one claims their answers', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await forbidWord(baseURL!, FORBIDDEN);
  const owner: SignedUp = await signUp(baseURL!, 'festa');
  const sharee: SignedUp = await signUp(baseURL!, 'amiga');
  await dismissConsent(page);
  await logIn(page, owner);
  await waitForServiceWorker(page);
  // The forbidden word reached the phone's list before the signal goes.
  await expect.poll(() => indexedDbText(page), { timeout: 15_000 }).toContain(FORBIDDEN);

  // No signal from here on: the notebook is made on the phone.
  await context.setOffline(true);
  const notebookId = await createNotebookOffline(page, 'Festa sem sinal');
  await page.goto(`/notebook/${notebookId}`);
  // The party is in the notebook's menu (issue 29: it no longer stands before the first question).
  await page.getByRole('button', { name: 'Mais ações' }).click();
  await page.getByTestId('pass-the-phone').click();
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebookId}/rodada$`));
  await expectNoSeriousAxeIssues(page, 'round: start');
  await expectFitsPhone(page, 'round: start');
  await page.getByLabel('PIN (4 a 8 números)').fill(PIN);
  await page.getByLabel('Repita o PIN').fill(PIN);
  await page.getByRole('button', { name: 'Começar a rodada' }).click();

  // While the round goes on, the phone stays in it: no places, no account menu, no way out by address.
  await expect(page.getByTestId('round-step')).toHaveText('Vez da próxima pessoa');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('back')).toHaveCount(0);
  await page.goto('/meus-cadernos');
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebookId}/rodada$`));
  await page.goto('/settings');
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebookId}/rodada$`));

  const codes: string[] = [];
  // Ana.
  await answerTurn(page, FRIENDS[0], { check: true });
  await expectNoSeriousAxeIssues(page, 'round: answering');
  await expectFitsPhone(page, 'round: answering');
  codes.push(await endTurn(page, FRIENDS[0]));
  await expectNoSeriousAxeIssues(page, 'round: turn ended');
  await expectFitsPhone(page, 'round: turn ended');
  await page.getByRole('button', { name: 'Passar para a próxima pessoa' }).click();

  // Bia, anonymous; her first try has a forbidden word, refused on the phone.
  await answerTurn(page, FRIENDS[1]);
  await page.getByTestId('guest-answer').nth(1).fill(`Dança do ${FORBIDDEN}`);
  await page.getByRole('button', { name: 'Salvar e terminar minha vez' }).click();
  await expect(page.getByText(`Sua resposta contém palavras proibidas e não pode ser salva.: ${FORBIDDEN}`)).toBeVisible();
  await expect(page.getByTestId('guest-answer').nth(1)).toBeFocused();
  await page.getByTestId('guest-answer').nth(1).fill(FRIENDS[1].answers[1]);
  codes.push(await endTurn(page, FRIENDS[1]));
  await page.getByRole('button', { name: 'Passar para a próxima pessoa' }).click();

  // Caio: the phone reloads in the middle of his turn (a crash, the app closed); his turn is still his.
  await page.getByLabel('Seu nome').fill(FRIENDS[2].name);
  await page.getByRole('button', { name: 'Começar a responder' }).click();
  await expect(page.getByTestId('round-step')).toHaveText(`Olá, ${FRIENDS[2].name}!`);
  await page.reload();
  await expect(page.getByTestId('round-step')).toHaveText(`Olá, ${FRIENDS[2].name}!`);
  for (const [index, text] of FRIENDS[2].answers.entries()) await page.getByTestId('guest-answer').nth(index).fill(text);
  codes.push(await endTurn(page, FRIENDS[2]));
  await page.reload();
  // After the reload the code is still there until the next person starts…
  await expect(page.getByTestId('claim-code')).toHaveText(codes[2]);
  await page.getByRole('button', { name: 'Passar para a próxima pessoa' }).click();
  // …then gone.
  await expect(page.getByTestId('claim-code')).toHaveCount(0);

  await answerTurn(page, FRIENDS[3]);
  codes.push(await endTurn(page, FRIENDS[3]));
  await page.getByRole('button', { name: 'Passar para a próxima pessoa' }).click();

  // Only the PIN ends the round (checked on the phone, offline). Its field takes the cursor, each
  // time the form opens.
  await page.getByRole('button', { name: 'Encerrar a rodada' }).click();
  await expect(page.getByLabel('PIN de quem começou a rodada')).toBeFocused();
  await page.getByRole('button', { name: 'Continuar a rodada' }).click();
  await page.getByRole('button', { name: 'Encerrar a rodada' }).click();
  await expect(page.getByLabel('PIN de quem começou a rodada')).toBeFocused();
  await page.getByLabel('PIN de quem começou a rodada').fill('1111');
  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await expect(page.getByText('PIN ou senha incorretos.')).toBeVisible();
  await page.getByLabel('PIN de quem começou a rodada').fill(PIN);

  // The pushes of the reconnection, kept to be replayed later.
  const pushes: { url: string; headers: Record<string, string>; body: string }[] = [];
  const keep = (request: Request) => {
    if (request.url().includes('/rest/v1/rpc/replication_push')) pushes.push({ url: request.url(), headers: request.headers(), body: request.postData() ?? '' });
  };
  page.on('request', keep);
  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/notebook/${notebookId}$`));

  // The signal returns: every guest and every answer reaches the server.
  await context.setOffline(false);
  const serverAnswers = async () => {
    const { data, error } = await owner.client.from('answers').select('*').eq('notebook_id', notebookId).order('id');
    expect(error, error?.message).toBeNull();
    return data!;
  };
  await expect.poll(async () => (await serverAnswers()).length, { timeout: 60_000 }).toBe(FRIENDS.length * QUESTIONS.length);
  // The guest rows as the database has them (the API hides names and secrets from clients' reads).
  const admin = createClient(baseURL!, SUPABASE_DEMO_SERVICE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data: guests } = await admin.from('guests').select('name, is_anonymous, claimed_by').eq('notebook_id', notebookId).order('name');
  expect(guests).toEqual(
    FRIENDS.map((f) => ({ name: f.name, is_anonymous: Boolean(f.anonymous), claimed_by: null })).sort((a, b) => a.name.localeCompare(b.name)),
  );
  page.off('request', keep);
  expect(pushes.some((push) => push.body.includes('"answers"'))).toBe(true);

  // A replayed push (the phone's, from the reconnection: a retry, a background-sync replay) changes nothing.
  const beforeReplay = await serverAnswers();
  for (const push of pushes) {
    const response = await fetch(push.url, { method: 'POST', headers: push.headers, body: push.body });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  }
  expect(await serverAnswers()).toEqual(beforeReplay);

  // The owner's other device: four separate sets, the anonymous one revealed to the owner only.
  await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: sharee.userId });
  const second = await signedInContext(browser, baseURL!, owner);
  await second.page.goto(`/notebook/${notebookId}`);
  await expect(second.page.getByTestId('answer')).toHaveCount(FRIENDS.length * QUESTIONS.length, { timeout: 30_000 });
  const ownerSees = await authorsByAnswer(second.page);
  for (const friend of FRIENDS) {
    for (const answer of friend.answers) {
      expect(ownerSees[answer]).toBe(friend.anonymous ? `Anônimo — ${friend.name}, só você vê` : friend.name);
    }
  }

  // A sharee: names, and "Anônimo" with no trace of the name, not even in the browser's storage.
  const shared = await signedInContext(browser, baseURL!, sharee);
  await shared.page.goto(`/notebook/${notebookId}`);
  await expect(shared.page.getByTestId('answer')).toHaveCount(FRIENDS.length * QUESTIONS.length, { timeout: 30_000 });
  const shareeSees = await authorsByAnswer(shared.page);
  for (const friend of FRIENDS) {
    for (const answer of friend.answers) expect(shareeSees[answer]).toBe(friend.anonymous ? 'Anônimo' : friend.name);
  }
  const stored = await indexedDbText(shared.page);
  expect(stored).toContain(FRIENDS[1].answers[0]);
  expect(stored).not.toContain(SECRET_NAME);
  expect(stored).not.toContain('Sigilosa');
  await shared.context.close();
  await second.context.close();

  // Ana registers from the QR code's link and claims her answers.
  const ana = await browser.newContext({ ...devices['Pixel 7'], baseURL, locale: 'pt-BR' });
  const anaPage = await ana.newPage();
  await dismissConsent(anaPage);
  await anaPage.goto(`/claim/${codes[0].replace(/-/g, '')}`);
  await expect(anaPage.getByTestId('claim-login')).toBeVisible();
  await expectNoSeriousAxeIssues(anaPage, 'claim: signed out');
  await expectFitsPhone(anaPage, 'claim: signed out');
  await anaPage.getByTestId('claim-login').getByRole('link', { name: 'Criar conta' }).click();
  await submitRegistration(anaPage, newPerson('ana'));
  await expect(anaPage).toHaveURL(new RegExp(`/claim/${codes[0].replace(/-/g, '')}$`));
  await expect(anaPage.getByTestId('claim-done')).toContainText('5 respostas agora são suas.', { timeout: 15_000 });
  await expectNoSeriousAxeIssues(anaPage, 'claim: done');
  await anaPage.getByRole('link', { name: 'Abrir o caderno' }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/notebook/${notebookId}$`));
  await expect(anaPage.getByTestId('answer-author').filter({ hasText: /^Você$/ })).toHaveCount(QUESTIONS.length, { timeout: 30_000 });
  await ana.close();

  // The guest row says who claimed it.
  const { data: claimedGuests } = await admin.from('guests').select('name, claimed_by').eq('name', FRIENDS[0].name);
  expect(claimedGuests![0].claimed_by).not.toBeNull();

  // Replayed again after the claim: Ana's answers, moved to her account, do not come back as the guest's.
  const afterClaim = await serverAnswers();
  for (const push of pushes) {
    const response = await fetch(push.url, { method: 'POST', headers: push.headers, body: push.body });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  }
  expect(await serverAnswers()).toEqual(afterClaim);
});
