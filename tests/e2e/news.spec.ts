/**
 * News (/timeline, issue 31) in the browser, at 360 px: with no friends, the empty state says how
 * to get some and links to /amigos; two people who became friends by an answer see each other's
 * doings as sentences, newest first, each opening what it is about — by keyboard too —, an
 * anonymous answer never among them; the list pages with "Ver mais antigas"; a list read online
 * stays readable offline with a note. axe finds no serious issue.
 */
import { expect, test, type Page } from '@playwright/test';
import { dismissConsent, expectFitsPhone, expectNoSeriousAxeIssues } from './helpers.ts';
import { createNotebook, logIn, signUp, type SignedUp } from './people.ts';

test.beforeEach(async ({ page }) => dismissConsent(page));

async function share(owner: SignedUp, notebookId: string, person: SignedUp): Promise<void> {
  const { error } = await owner.client.from('notebook_shares').insert({ notebook_id: notebookId, shared_with: person.userId });
  expect(error, error?.message).toBeNull();
}

async function answer(person: SignedUp, questionId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const { error } = await person.client.from('answers').insert({ question_id: questionId, text: `Resposta de ${person.username}`, ...extra });
  expect(error, error?.message).toBeNull();
}

const items = (page: Page) => page.getByTestId('news-list').getByRole('listitem');

test('no friends yet: the empty state says where friends come from and links to /amigos', async ({ page, baseURL }) => {
  const person = await signUp(baseURL!, 'nws_vazio');
  await logIn(page, person);
  await page.goto('/timeline');
  await expect(page.getByRole('heading', { level: 1, name: 'Novidades' })).toBeVisible();
  const empty = page.getByTestId('news-empty');
  await expect(empty.getByRole('heading', { name: 'Nada por aqui ainda' })).toBeVisible();
  await expect(empty).toContainText('Quem responde a um caderno seu vira seu amigo');
  await expect(empty.getByRole('link', { name: 'Encontrar amigos' })).toHaveAttribute('href', /\/amigos$/);
  await expectFitsPhone(page, '/timeline (empty)');
  await expectNoSeriousAxeIssues(page, '/timeline (empty)');
  // in English
  await page.goto('/en/timeline');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find friends' })).toHaveAttribute('href', /\/amigos$|\/friends$/);
});

test('friends by an answer: each sees the other, newest first, in sentences that open what they are about; an anonymous answer is not there', async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  const owner = await signUp(baseURL!, 'nws_dona');
  const friend = await signUp(baseURL!, 'nws_amiga');
  const secret = await signUp(baseURL!, 'nws_secreta');
  const party = await createNotebook(owner, 'Festa da Júlia', ['Qual é a sua música?', 'Qual é o seu doce?']);
  await share(owner, party.id, friend);
  await share(owner, party.id, secret);
  // a signed answer makes the two friends (spec §1); an anonymous one makes nothing and shows nowhere
  await answer(friend, party.questionIds[0]);
  await answer(secret, party.questionIds[0], { is_anonymous: true });
  const hers = await createNotebook(friend, 'Diário de férias', ['Para onde você foi?']);
  await share(friend, hers.id, owner);
  const status = await friend.client.from('profiles').update({ status_message: 'Contando os dias' }).eq('id', friend.userId);
  expect(status.error, status.error?.message).toBeNull();

  await logIn(page, owner);
  await page.goto('/timeline');
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).nth(0)).toContainText(`${friend.username} mudou a frase de status para “Contando os dias”`);
  await expect(items(page).nth(1)).toContainText(`${friend.username} criou o caderno Diário de férias`);
  await expect(items(page).nth(2)).toContainText(`${friend.username} respondeu o seu caderno Festa da Júlia`);
  await expect(page.getByTestId('news-list')).not.toContainText(secret.username);
  await expect(page.getByRole('status').filter({ hasText: 'Mostrando 3 novidades' })).toBeAttached();
  // no counters, no streaks: each item is a sentence and a time
  await expect(items(page).nth(0).locator('time')).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}/);
  await expectFitsPhone(page, '/timeline');
  await expectNoSeriousAxeIssues(page, '/timeline');

  // each opens what it is about: the status the friend's profile, an answer my notebook (by keyboard)
  await expect(items(page).nth(0).getByRole('link')).toHaveAttribute('href', new RegExp(`/profile/${friend.username}$`));
  await expect(items(page).nth(1).getByRole('link')).toHaveAttribute('href', new RegExp(`/notebook/${hers.id}$`));
  await items(page).nth(2).getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/notebook/${party.id}$`));
  await expect(page.getByRole('heading', { name: 'Festa da Júlia' }).first()).toBeVisible();

  // and the friend's News shows the owner's notebook she answered (she is in it)
  const other = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'pt-BR', baseURL });
  const theirs = await other.newPage();
  await dismissConsent(theirs);
  await logIn(theirs, friend);
  await theirs.goto('/timeline');
  await expect(items(theirs)).toHaveCount(1);
  await expect(items(theirs).nth(0)).toContainText(`${owner.username} criou o caderno Festa da Júlia`);
  await other.close();
});

test('a long News pages 20 at a time with "Ver mais antigas" (pressed, never by scrolling); read online, it stays readable offline with a note', async ({ page, baseURL, context }) => {
  test.setTimeout(120_000);
  const reader = await signUp(baseURL!, 'nws_leitor');
  const friend = await signUp(baseURL!, 'nws_muitos');
  const { data: sent } = await friend.client.rpc('send_friend_request', { p_user_id: reader.userId });
  const accepted = await reader.client.rpc('accept_friend_request', { p_request_id: (sent as { request_id: string }).request_id });
  expect(accepted.error, accepted.error?.message).toBeNull();
  // 25 notebooks shared with the reader: 25 items
  for (let n = 1; n <= 25; n++) {
    const notebook = await createNotebook(friend, `Caderno número ${n}`, ['Uma pergunta?']);
    await share(friend, notebook.id, reader);
  }

  await logIn(page, reader);
  await page.goto('/timeline');
  await expect(items(page)).toHaveCount(20);
  await expect(items(page).nth(0)).toContainText('Caderno número 25');
  const more = page.getByRole('button', { name: 'Ver mais antigas' });
  // no infinite scroll: reaching the end loads nothing by itself
  await more.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_000);
  await expect(items(page)).toHaveCount(20);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items(page)).toHaveCount(25);
  await expect(items(page).nth(24)).toContainText('Caderno número 1');
  // the focus goes on to the first item that came, not to the page's start
  await expect(items(page).nth(20).getByRole('link')).toBeFocused();
  await expect(more).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Mostrando 25 novidades' })).toBeAttached();
  await expectNoSeriousAxeIssues(page, '/timeline (25 items)');

  // offline: away and back through the navigation, the copy read before shows with a note
  await page.getByRole('link', { name: 'Cadernos' }).first().click();
  await expect(page).toHaveURL(/\/meus-cadernos$/);
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Novidades' }).first().click();
  await expect(page).toHaveURL(/\/timeline$/);
  await expect(page.getByText('Você está sem internet: isto é o que o aparelho guardou da última vez.')).toBeVisible();
  await expect(items(page).first()).toContainText('Caderno número 25');
  await context.setOffline(false);
});
